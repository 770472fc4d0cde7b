// Two deferral answers to the same offer at once (two tabs, a double tap), on PostgreSQL (PGlite runs one
// transaction at a time): one moves the schedule a quarter, the other is refused, round after round.
import { quarterOf } from '@lombard/shared/money/advance-settlement';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAdvance, recordNav } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';

const ROUNDS = 5;

describe.runIf(process.env.DATABASE_URL)('instalment deferral answered twice at once on PostgreSQL', () => {
  let f: MoneyFixture;
  beforeAll(async () => {
    f = await moneyFixture();
  });
  afterAll(() => f.t.close());

  it(`${ROUNDS} rounds: the schedule moves one quarter, once`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      f.clock.now = new Date();
      const a = await activeAdvance(f, { amount: '15000.00', invest: '30000.00', instalments: 4 });
      const detail = async () => (await f.get(a.investor.session, `/api/v1/advances/${a.id}/`)).json();
      const before = await detail();
      const nav = new Decimal(before.collateral[0].unit_price);
      await recordNav(f, a.bond, nav.mul('0.65').toDecimalPlaces(6));
      const { call } = (await f.get(a.investor.session, `/api/v1/advances/${a.id}/margin-alert/`)).json();
      expect((await f.post(f.admin, `/api/v1/backoffice/margin-calls/${call.id}/forbearance/`)).statusCode).toBe(200);

      const answer = () =>
        f.post(a.investor.session, `/api/v1/advances/${a.id}/margin-call/forbearance/`, { answer: 'deferral' });
      const results = await Promise.all([answer(), answer()]);
      expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const after = await detail();
      expect(after.instalments.map((row: { due_date: string }) => row.due_date)).toEqual([
        ...before.instalments.slice(1).map((row: { due_date: string }) => row.due_date),
        quarterOf(a.payout, 5).dueDate,
      ]);
      expect(after.timeline.filter((e: { kind: string }) => e.kind === 'instalment_deferred')).toHaveLength(1);
      await recordNav(f, a.bond, nav);
    }
  });
});
