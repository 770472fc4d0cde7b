// Concurrent requests that spend the same cash, on PostgreSQL (PGlite runs one transaction at a time, so
// only a server can show a race): early repayments, the right of withdrawal and cash withdrawals, never twice.

import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActiveAdvance, activeAdvance } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { confirmedWithdrawals } from '../../test/withdrawals';

describe.runIf(process.env.DATABASE_URL)('concurrent repayments, withdrawal and cash withdrawals on PostgreSQL', () => {
  let f: MoneyFixture;
  beforeAll(async () => {
    f = await moneyFixture();
  });
  afterAll(() => f.t.close());

  const cash = async (a: ActiveAdvance) => (await f.get(a.investor.session, '/api/v1/cash/')).json();
  const ledgerOk = async () => (await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json().ok;

  it('repayments and withdrawals against 20,000 of cash: one repayment at most, nothing overdrawn', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', instalments: 4 });
    const withdrawals = await confirmedWithdrawals(f, a.investor, Array(6).fill('5000'));
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        f.post(a.investor.session, `/api/v1/advances/${a.id}/repayments/`, { amount: '8000' }),
      ),
      ...withdrawals.map((send) => send()),
    ]);
    const repaid = answers.slice(0, 4).filter((res) => res.statusCode === 201);
    const withdrawn = answers.slice(4).filter((res) => res.statusCode === 201);
    expect(repaid.length).toBeLessThanOrEqual(1);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect([
        'ADVANCE_REPAYMENT_IN_PROGRESS',
        'ADVANCE_REPAYMENT_ABOVE_CASH',
        'WITHDRAWAL_ABOVE_AVAILABLE',
        'INSUFFICIENT_FUNDS',
      ]).toContain(res.json().code);
    }
    const spent = new Decimal(8000).mul(repaid.length).plus(new Decimal(5000).mul(withdrawn.length));
    expect(spent.lte(20000)).toBe(true);
    const state = await cash(a);
    expect(state.available).toBe(new Decimal(20000).minus(spent).toFixed(2));
    expect(state.reserved).toBe(spent.toFixed(2));
    await f.app.jobs.drain();
    expect(await ledgerOk()).toBe(true);
  });

  it('the right of withdrawal and cash withdrawals at once: the advance is paid back in full or not at all', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', instalments: 4, cash: '2000.00' });
    const withdrawals = await confirmedWithdrawals(f, a.investor, Array(5).fill('1000'));
    const answers = await Promise.all([
      f.post(a.investor.session, `/api/v1/advances/${a.id}/withdrawal/`),
      ...withdrawals.map((send) => send()),
    ]);
    const [right, ...cashOut] = answers;
    const withdrawn = cashOut.filter((res) => res.statusCode === 201).length;
    const state = await cash(a);
    expect(new Decimal(state.available).gte(0)).toBe(true);
    if (right!.statusCode === 200) {
      expect(right!.json().total).toBe('20000.00');
      expect(state.available).toBe(
        new Decimal(22000)
          .minus(20000)
          .minus(1000 * withdrawn)
          .toFixed(2),
      );
    } else {
      expect(right!.json().code).toMatch(/ADVANCE_REPAYMENT_ABOVE_CASH|INSUFFICIENT_FUNDS/);
      expect(withdrawn).toBeGreaterThan(2);
    }
    expect(await ledgerOk()).toBe(true);
  });
});
