// Early repayment through HTTP: the quote with the recomputed schedule and APR, the rules and their
// messages, one request pending at a time, the booking job, and a full repayment that ends the advance.

import { quarterOf } from '@lombard/shared/money/advance-settlement';
import { addDays, daysBetween } from '@lombard/shared/money/calendar-days';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../lib/outbox';
import { type ActiveAdvance, activeAdvance } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { withdrawConfirmed } from '../../test/withdrawals';
import { scheduleInterestRun } from './interest-job';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

const DAY_MS = 86_400_000;
const quote = (a: ActiveAdvance, amount: string) =>
  f.get(a.investor.session, `/api/v1/advances/${a.id}/repayment-quote/?${new URLSearchParams({ amount })}`);
const repay = (a: ActiveAdvance, amount: string, key?: string) =>
  f.post(a.investor.session, `/api/v1/advances/${a.id}/repayments/`, { amount }, key);
const detail = async (a: ActiveAdvance) => (await f.get(a.investor.session, `/api/v1/advances/${a.id}/`)).json();
const cash = async (a: ActiveAdvance) => (await f.get(a.investor.session, '/api/v1/cash/')).json();
const doneMails = async (a: ActiveAdvance) =>
  (await messagesTo(f.t.database.db, a.investor.email))
    .map((message) => message.subject)
    .filter((subject) => subject?.startsWith('Your repayment'));
const ledgerOk = async () => (await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json().ok;

/** Interest on `principal` at 4.90 % for `days` of a quarter of `quarterDays`, half-up to the cent. */
const proRata = (principal: string, days: number, quarterDays: number) =>
  new Decimal(principal).mul('0.049').div(4).mul(days).div(quarterDays).toDecimalPlaces(2).toFixed(2);

describe('early repayment', () => {
  it('quotes the recomputed schedule and says what stops the request', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', instalments: 4, cash: '500.00' });
    const partial = (await quote(a, '5000')).json();
    expect(partial).toMatchObject({
      amount: '5000.00',
      outstanding_before: '20000.00',
      outstanding_after: '15000.00',
      full: false,
      valid: true,
      messages: {},
    });
    // Repaid on the payout day: every quarter is charged on 15,000 (183.75), the last one with the principal.
    expect(partial.schedule.map((row: { interest: string }) => row.interest)).toEqual([
      '183.75',
      '183.75',
      '183.75',
      '183.75',
    ]);
    expect(partial.schedule.at(-1).principal).toBe('15000.00');
    expect(partial.apr).toMatch(/^0\.0\d+$/);

    const above = (await quote(a, '20000.01')).json();
    expect(above.valid).toBe(false);
    expect(above.messages.amount.text).toBe('The amount exceeds your current advance of €20,000.00.');
    await withdrawConfirmed(f, a.investor, '20000.00');
    const poor = (await quote(a, '1000')).json();
    expect(poor.messages.amount.text).toBe('The amount exceeds your available cash of €500.00.');
    const zero = await quote(a, '0');
    expect(zero.statusCode).toBe(400);
    expect(zero.json().amount).toEqual(['The value must be greater than 0.']);
    expect((await repay(a, '0')).json().amount).toEqual(['The value must be greater than 0.']);
  });

  it('sets the cash aside, allows one request at a time, then lowers the principal from that day', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', instalments: 4 });
    const key = 'repay-once-0001';
    const first = await repay(a, '5000', key);
    expect(first.statusCode).toBe(201);
    // Still pending: the answer says it is booked, not done.
    expect(first.json().detail).toBe('Your repayment of €5,000.00 is booked: we will tell you when it is done.');
    expect(await doneMails(a)).toEqual([]);
    expect(first.json().advance.pending_repayment).toMatchObject({ amount: '5000.00' });
    expect(await cash(a)).toMatchObject({ available: '15000.00', reserved: '5000.00' });
    const replay = await repay(a, '5000', key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    const second = await repay(a, '1000');
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe('Request for an advanced repay already in progress');
    expect((await quote(a, '1000')).json().messages.amount.text).toBe(
      'Request for an advanced repay already in progress',
    );

    await f.app.jobs.drain();
    const after = await detail(a);
    expect(after).toMatchObject({ outstanding: '15000.00', paid_back: '5000.00', pending_repayment: null });
    expect(after.instalments.map((row: { interest: string }) => row.interest)).toEqual([
      '183.75',
      '183.75',
      '183.75',
      '183.75',
    ]);
    expect(after.timeline.map((event: { kind: string }) => event.kind)).toContain('repayment');
    // Done: now the customer is told so.
    expect(await doneMails(a)).toEqual(['Your repayment of €5,000.00 is done']);
    expect(await cash(a)).toMatchObject({ available: '15000.00', reserved: '0.00' });
    expect(await ledgerOk()).toBe(true);
  });

  it('refuses more than the outstanding advance or the available cash', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', instalments: 4 });
    const above = await repay(a, '20000.01');
    expect(above.statusCode).toBe(422);
    expect(above.json().detail).toBe('The amount is above the outstanding advance of €20,000.00.');
    await withdrawConfirmed(f, a.investor, '19000.00');
    const poor = await repay(a, '1000.01');
    expect(poor.statusCode).toBe(422);
    expect(poor.json().detail).toBe('The amount is above your available cash of €1,000.00.');
    const stranger = await f.investor();
    expect((await f.post(stranger.session, `/api/v1/advances/${a.id}/repayments/`, { amount: '10' })).statusCode).toBe(
      404,
    );
  });

  it('repaid in full with an instalment overdue: the overdue interest is paid too', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', instalments: 4 });
    await withdrawConfirmed(f, a.investor, '19900.00');
    const due = quarterOf(a.payout, 1).dueDate;
    f.clock.now = new Date(`${due}T09:00:00Z`);
    await scheduleInterestRun(f.app.database.db, f.clock.now);
    await f.app.jobs.drain();
    expect((await detail(a)).instalments[0].state).toBe('overdue');
    await f.deposit(a.investor, '25000.00');
    const full = (await quote(a, '20000')).json();
    // 245.00 overdue plus the interest of the running quarter's first day (none: it starts today).
    expect(full).toMatchObject({ full: true, accrued_interest: '245.00' });
    expect((await repay(a, '20000')).statusCode).toBe(201);
    await f.app.jobs.drain();
    const after = await detail(a);
    expect(after.status).toBe(6);
    expect(after.instalments).toEqual([expect.objectContaining({ number: 1, state: 'paid', interest: '245.00' })]);
    expect((await cash(a)).available).toBe(new Decimal(100).plus(25000).minus(20000).minus(245).toFixed(2));
    expect(await ledgerOk()).toBe(true);
  });

  it('repaid in full a month later: settles the interest accrued so far, ends the advance, frees the collateral', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', instalments: 4, cash: '1000.00' });
    f.clock.now = new Date(f.clock.now.getTime() + 30 * DAY_MS);
    const { quarterStart, dueDate } = quarterOf(a.payout, 1);
    const accrued = proRata(
      '20000.00',
      daysBetween(quarterStart, addDays(a.payout, 30)),
      daysBetween(quarterStart, dueDate),
    );
    const full = (await quote(a, '20000')).json();
    expect(full).toMatchObject({ full: true, outstanding_after: '0.00', accrued_interest: accrued, schedule: [] });

    const res = await repay(a, '20000');
    expect(res.statusCode).toBe(201);
    await f.app.jobs.drain();
    const after = await detail(a);
    expect(after).toMatchObject({ status: 6, outstanding: '0.00', paid_back: '20000.00', margin_call: null });
    expect(after.collateral.every((line: { pledged: boolean }) => !line.pledged)).toBe(true);
    expect(after.instalments).toEqual([]);
    expect((await cash(a)).available).toBe(new Decimal('21000.00').minus(20000).minus(accrued).toFixed(2));
    const power = (await f.get(a.investor.session, '/api/v1/advances/borrowing-power/')).json();
    expect(power.lines.find((line: { key: string }) => line.key === `position:${a.bond}`).pledged).toBe(false);
    expect(await ledgerOk()).toBe(true);
    const again = await repay(a, '1');
    expect(again.statusCode).toBe(409);
  });
});
