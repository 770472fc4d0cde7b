// An instalment deferral accepted under forbearance (docs/decisions/038) moves the schedule: the next
// instalment and every later one fall due a quarter later, the deferred one carrying two quarters'
// interest at the contract's rate, seen the same on the advance page and in the back office; the interest
// run then collects on the new dates. A second answer changes nothing.
import { quarterOf } from '@lombard/shared/money/advance-settlement';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAdvance, recordNav } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { scheduleInterestRun } from './interest-job';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

type Row = { number: number; due_date: string; interest: string; principal: string; state: string };
const dates = (rows: Row[]) => rows.map((row) => row.due_date);

describe('instalment deferral under forbearance', () => {
  it('moves the next instalment and the later ones a quarter on; the interest run follows the new dates', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '15000.00', invest: '30000.00', instalments: 4, cash: '2000.00' });
    const detail = async () => (await f.get(a.investor.session, `/api/v1/advances/${a.id}/`)).json();
    const before = await detail();
    const scheduled = dates(before.instalments);
    const line = before.collateral.find((l: { key: string }) => l.key === `position:${a.bond}`);
    await recordNav(f, a.bond, new Decimal(line.unit_price).mul('0.65').toDecimalPlaces(6));
    const call = (await f.get(a.investor.session, `/api/v1/advances/${a.id}/margin-alert/`)).json().call;
    expect(call).not.toBeNull();
    const answer = () =>
      f.post(a.investor.session, `/api/v1/advances/${a.id}/margin-call/forbearance/`, { answer: 'deferral' });
    // Nothing to accept before the offer: the schedule stays.
    expect((await answer()).json().code).toBe('FORBEARANCE_NOT_OFFERED');
    expect(dates((await detail()).instalments)).toEqual(scheduled);

    expect((await f.post(f.admin, `/api/v1/backoffice/margin-calls/${call.id}/forbearance/`)).statusCode).toBe(200);
    expect((await answer()).statusCode).toBe(200);
    expect((await answer()).json().code).toBe('FORBEARANCE_ALREADY_ANSWERED');

    const after = await detail();
    const moved = [...scheduled.slice(1), quarterOf(a.payout, 5).dueDate];
    expect(dates(after.instalments)).toEqual(moved);
    // A full quarter is 15,000 × rate ÷ 4 whatever its days: the deferred first instalment pays two.
    const quarter = new Decimal('15000').mul(after.annual_rate).div(4);
    expect(after.instalments[0].interest).toBe(quarter.mul(2).toDecimalPlaces(2).toFixed(2));
    expect(after.instalments[1].interest).toBe(quarter.toDecimalPlaces(2).toFixed(2));
    expect(after.instalments.at(-1)).toMatchObject({ number: 4, principal: '15000.00' });
    expect(after.timeline.at(-1)).toMatchObject({
      kind: 'instalment_deferred',
      params: { number: 1, from: scheduled[0], to: moved[0], maturity: moved[3] },
    });
    const office = (await f.get(f.admin, `/api/v1/backoffice/advances/${a.id}/`)).json();
    expect(dates(office.instalments)).toEqual(moved);

    // On the old first due date nothing is collected; on the new one, two quarters' interest.
    const run = async (date: string) => {
      f.clock.now = new Date(`${date}T09:00:00Z`);
      await scheduleInterestRun(f.app.database.db, f.clock.now);
      await f.app.jobs.drain();
      return (await detail()).instalments as Row[];
    };
    expect((await run(scheduled[0]!))[0]!.state).toBe('scheduled');
    const paid = await run(moved[0]!);
    expect(paid[0]).toMatchObject({ state: 'paid', interest: quarter.mul(2).toDecimalPlaces(2).toFixed(2) });
    expect(paid[1]!.state).toBe('scheduled');
    expect((await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json().ok).toBe(true);
    f.clock.now = new Date();
    await recordNav(f, a.bond, new Decimal(line.unit_price));
  });
});
