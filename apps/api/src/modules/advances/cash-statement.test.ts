// The cash statement tells the whole story of the cash: every ledger posting that changed it, the
// advances' payout, instalments, repayments and withdrawal included, so that for any period the opening
// balance plus the lines is the closing balance, and the closing balance is the cash the customer has.
import { quarterOf } from '@lombard/shared/money/advance-settlement';
import { calendarDate } from '@lombard/shared/money/business-days';
import { addDays } from '@lombard/shared/money/calendar-days';
import type { CashStatement } from '@lombard/shared/schemas/wallet';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAdvance } from '../../test/active-advance';
import type { Session } from '../../test/auth';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { scheduleInterestRun } from './interest-job';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

// Entries are dated when they are posted: the whole life below happens today (the fixture clock moves
// the advance's due dates, not the database's time), so yesterday to tomorrow spans it all.
const today = () => calendarDate(new Date());
const statement = async (session: Session, query = '') => {
  const res = await f.get(session, `/api/v1/cash/movements/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CashStatement;
};

/** opening + Σ lines = closing, each line's balance runs from the opening, and closing is today's cash. */
async function reconciles(session: Session, s: CashStatement) {
  const lines = [...s.movements].reverse();
  let balance = new Decimal(s.opening_balance);
  for (const line of lines) {
    balance = balance.plus(line.amount);
    expect(line.balance).toBe(balance.toFixed(2));
  }
  expect(balance.toFixed(2)).toBe(s.closing_balance);
  expect(s.closing_balance).toBe((await f.get(session, '/api/v1/cash/')).json().balance);
}

describe('cash statement', () => {
  it('shows payout, instalment, partial and full repayment of an advance, and adds up', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '10000.00', instalments: 2, invest: '30000.00', cash: '3000.00' });
    f.clock.now = new Date(`${quarterOf(a.payout, 1).dueDate}T09:00:00Z`);
    await scheduleInterestRun(f.app.database.db, f.clock.now);
    await f.app.jobs.drain();
    const partial = await f.post(a.investor.session, `/api/v1/advances/${a.id}/repayments/`, { amount: '2000.00' });
    expect(partial.statusCode, partial.body).toBe(201);
    await f.app.jobs.drain();
    const full = await f.post(a.investor.session, `/api/v1/advances/${a.id}/repayments/`, { amount: '8000.00' });
    expect(full.statusCode, full.body).toBe(201);
    await f.app.jobs.drain();

    const s = await statement(a.investor.session, `?from=${addDays(today(), -1)}&to=${addDays(today(), 1)}`);
    expect(s.opening_balance).toBe('0.00');
    const lines = [...s.movements].reverse().map((line) => [line.kind, line.amount, line.advance_id]);
    expect(lines).toEqual([
      ['deposit', '33000.00', null],
      ['invest.settle', '-30000.00', null],
      ['advance.disburse', '10000.00', a.id],
      // 10,000 at 4.90 % a year for a quarter
      ['advance.instalment', '-122.50', a.id],
      ['advance.repayment', '-2000.00', a.id],
      ['advance.repayment', expect.stringMatching(/^-80\d\d\.\d\d$/), a.id],
    ]);
    expect(s.movements.find((line) => line.kind === 'advance.disburse')?.kind_name).toBe('Advance paid out');
    expect(s.movements.find((line) => line.kind === 'deposit')?.reference_code).toMatch(/^RF/);
    await reconciles(a.investor.session, s);
  });

  it('shows the payout, an early repayment and the repayment on withdrawal, in Italian too', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '10000.00', invest: '30000.00', cash: '1000.00' });
    const partial = await f.post(a.investor.session, `/api/v1/advances/${a.id}/repayments/`, { amount: '2000.00' });
    expect(partial.statusCode, partial.body).toBe(201);
    await f.app.jobs.drain();
    const withdrawn = await f.post(a.investor.session, `/api/v1/advances/${a.id}/withdrawal/`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    const s = await statement(a.investor.session);
    const advanceLines = s.movements
      .filter((line) => line.advance_id === a.id)
      .reverse()
      .map((line) => [line.kind, line.amount]);
    expect(advanceLines).toEqual([
      ['advance.disburse', '10000.00'],
      ['advance.repayment', '-2000.00'],
      ['advance.withdrawal', '-8000.00'],
    ]);
    await reconciles(a.investor.session, s);

    const italian = await f.app.inject({
      method: 'GET',
      url: '/api/v1/cash/movements/',
      headers: { ...a.investor.session.headers, 'accept-language': 'it' },
    });
    expect(italian.json().movements.map((line: { kind_name: string }) => line.kind_name)).toContain(
      "Recesso dall'anticipo: restituzione",
    );

    // A period after everything: no line, and it opens and closes on today's balance.
    const later = await statement(a.investor.session, `?from=${addDays(today(), 1)}`);
    expect(later.movements).toEqual([]);
    expect(later.opening_balance).toBe(s.closing_balance);
    await reconciles(a.investor.session, later);
  });

  it('refuses a period that ends before it starts, or a day that does not exist', async () => {
    const who = await f.investor();
    const backwards = await f.get(who.session, '/api/v1/cash/movements/?from=2026-03-02&to=2026-03-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The end of the period must not come before its start.');
    expect((await f.get(who.session, '/api/v1/cash/movements/?from=2026-02-31')).statusCode).toBe(400);
  });
});
