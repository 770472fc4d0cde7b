// The right of withdrawal through HTTP: within 14 days of signing the customer gives back the principal
// plus the interest to that day (nothing before payout), the collateral is released; after, a clear 409.

import { quarterOf } from '@lombard/shared/money/advance-settlement';
import { addDays, daysBetween } from '@lombard/shared/money/calendar-days';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../lib/outbox';
import { type ActiveAdvance, activeAdvance } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { withdrawConfirmed } from '../../test/withdrawals';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

const DAY_MS = 86_400_000;
const withdraw = (a: ActiveAdvance) => f.post(a.investor.session, `/api/v1/advances/${a.id}/withdrawal/`);
const cash = async (a: ActiveAdvance) => (await f.get(a.investor.session, '/api/v1/cash/')).json();
const ledgerOk = async () => (await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json().ok;

describe('withdrawal within 14 days of signing', () => {
  it('on day 14 repays the principal and the interest from payout to that day, and frees the collateral', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', instalments: 4, cash: '1000.00' });
    f.clock.now = new Date(f.clock.now.getTime() + 14 * DAY_MS);
    const { quarterStart, dueDate } = quarterOf(a.payout, 1);
    // 14 days of 20,000 at 4.90 % a year, pro rata of the first quarter's days.
    const interest = new Decimal('20000').mul('0.049').div(4).mul(14).div(daysBetween(quarterStart, dueDate));
    const expected = interest.toDecimalPlaces(2).toFixed(2);
    // The confirmation names what will be taken from cash before anything moves: the same figures.
    const quote = await f.get(a.investor.session, `/api/v1/advances/${a.id}/withdrawal-quote/`);
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({
      principal: '20000.00',
      interest: expected,
      total: new Decimal('20000').plus(expected).toFixed(2),
      available_cash: '21000.00',
    });
    const res = await withdraw(a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      principal: '20000.00',
      interest: expected,
      total: new Decimal('20000').plus(expected).toFixed(2),
    });
    expect(res.json().detail).toMatch(/^You have withdrawn from the advance: €20,0\d\d\.\d\d paid back/);
    // Withdrawn, not repaid, and no withdrawal offered any more.
    expect(res.json().advance).toMatchObject({
      status: 9,
      status_name: 'Withdrawn',
      outstanding: '0.00',
      can_withdraw: false,
    });
    expect(res.json().advance.timeline.at(-1)).toMatchObject({
      kind: 'withdrawn',
      params: { amount: new Decimal('20000').plus(expected).toFixed(2), principal: '20000.00', interest: expected },
    });
    // The contract reads withdrawn among the documents, once.
    const documents = (await f.get(a.investor.session, '/api/v1/documents/')).json().results;
    const contracts = documents.filter((d: { kind: string }) => d.kind === 'advance_contract');
    expect(contracts).toHaveLength(1);
    expect(contracts[0]).toMatchObject({ type: 'advance_contract', status: 'withdrawn' });
    expect((await f.get(a.investor.session, `/api/v1/advances/${a.id}/withdrawal-quote/`)).statusCode).toBe(409);
    expect(res.json().advance.timeline.at(-1).kind).toBe('withdrawn');
    expect(res.json().advance.collateral.every((line: { pledged: boolean }) => !line.pledged)).toBe(true);
    expect((await cash(a)).available).toBe(new Decimal('21000').minus(20000).minus(expected).toFixed(2));
    expect(await messagesTo(f.app.database.db, a.investor.email, 'advance_withdrawn')).toHaveLength(1);
    expect(await ledgerOk()).toBe(true);
    expect((await withdraw(a)).statusCode).toBe(409);
  });

  it('after a partial repayment repays what is left, with the interest of each part for its own days', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', instalments: 4, cash: '1000.00' });
    const start = f.clock.now.getTime();
    f.clock.now = new Date(start + 4 * DAY_MS);
    expect(
      (await f.post(a.investor.session, `/api/v1/advances/${a.id}/repayments/`, { amount: '5000' })).statusCode,
    ).toBe(201);
    await f.app.jobs.drain();
    f.clock.now = new Date(start + 10 * DAY_MS);
    const { quarterStart, dueDate } = quarterOf(a.payout, 1);
    // 20,000 for 4 days, then 15,000 for 6, pro rata of the first quarter, rounded once.
    const interest = new Decimal(20000 * 4 + 15000 * 6).mul('0.049').div(4).div(daysBetween(quarterStart, dueDate));
    const expected = interest.toDecimalPlaces(2).toFixed(2);
    const res = await withdraw(a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      principal: '15000.00',
      interest: expected,
      total: new Decimal(15000).plus(expected).toFixed(2),
    });
    expect(await ledgerOk()).toBe(true);
  });

  it('before payout costs nothing', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', instalments: 4, paidOut: false });
    const before = await cash(a);
    const res = await withdraw(a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ principal: '0.00', interest: '0.00', total: '0.00' });
    expect(res.json().advance.status).toBe(9);
    expect(await cash(a)).toEqual(before);
    expect(await ledgerOk()).toBe(true);
  });

  it('on day 15 is refused with the date the window closed', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', instalments: 4 });
    const [year, month, day] = addDays(a.payout, 14).split('-');
    f.clock.now = new Date(f.clock.now.getTime() + 15 * DAY_MS);
    const res = await withdraw(a);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      `The 14 days for withdrawing from this advance ended on ${month}/${day}/${year}. You can still repay it early, at no cost.`,
    );
  });

  it('needs the cash to pay it back', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', instalments: 4 });
    f.clock.now = new Date(f.clock.now.getTime() + 3 * DAY_MS);
    await withdrawConfirmed(f, a.investor, '500.00');
    const res = await withdraw(a);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toBe('The amount is above your available cash of €19,500.00.');
  });
});
