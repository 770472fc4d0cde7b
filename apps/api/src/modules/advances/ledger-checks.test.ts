// The balances kept beside the ledger are checked against it: each one corrupted by hand (as a bug writing
// it would) makes the back office's verification fail, naming the check and the customer; put back, it
// passes again.

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActiveAdvance, activeAdvance } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { withdrawConfirmed } from '../../test/withdrawals';

let f: MoneyFixture;
let a: ActiveAdvance;
let disinvestId: number;
let withdrawalId: number;

beforeAll(async () => {
  f = await moneyFixture();
  a = await activeAdvance(f, { amount: '10000.00', invest: '30000.00', cash: '7000.00' });
  const fund = await f.productId('monetario-euro-plus');
  const invested = await f.post(a.investor.session, `/api/v1/products/${fund}/invest/`, {
    amount: '6000.00',
    payment_method: 'cash',
  });
  expect(invested.statusCode, invested.body).toBe(201);
  const settled = await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [invested.json().id] });
  expect(settled.statusCode, settled.body).toBe(200);
  const sold = await f.post(a.investor.session, `/api/v1/products/${fund}/disinvest/`, { units: '1.000000' });
  expect(sold.statusCode).toBe(201);
  disinvestId = sold.json().id;
  const withdrawal = await withdrawConfirmed(f, a.investor, '100.00');
  expect(withdrawal.statusCode).toBe(201);
  withdrawalId = withdrawal.json().id;
  // Left pending: its job is not run, so the cash stays set aside.
  const repayment = await f.post(a.investor.session, `/api/v1/advances/${a.id}/repayments/`, { amount: '1000.00' });
  expect(repayment.statusCode).toBe(201);
});
afterAll(() => f.t.close());

const verify = async () => {
  const res = await f.get(f.admin, '/api/v1/backoffice/ledger/verify/');
  expect(res.statusCode).toBe(200);
  return res.json() as { ok: boolean; checks: Array<{ name: string; ok: boolean; problems: string[] }> };
};

/** Runs `corrupt`, expects exactly the named check to fail naming the customer, then runs `repair`. */
async function failsOnlyWith(name: string, corrupt: string, repair: string) {
  const db = f.t.database.db;
  await db.execute(sql.raw(corrupt));
  try {
    const report = await verify();
    expect(report.ok).toBe(false);
    const failed = report.checks.filter((check) => !check.ok);
    expect(failed.map((check) => check.name)).toEqual([name]);
    expect(failed[0]!.problems.join('\n')).toContain(`user ${a.investor.id}`);
  } finally {
    await db.execute(sql.raw(repair));
  }
  expect((await verify()).ok).toBe(true);
}

describe('the ledger verification checks every balance kept beside the ledger', () => {
  it('passes with an advance paid out, a pledge, a pending repayment, disinvestment and withdrawal', async () => {
    const report = await verify();
    expect(report.checks.filter((check) => !check.ok)).toEqual([]);
    expect(report.checks.map((check) => check.name)).toEqual(
      expect.arrayContaining([
        'advances_match_ledger',
        'pledged_units_match_pledges',
        'reserved_cash_matches_requests',
        'reserved_units_match_orders',
      ]),
    );
  });

  it("fails when an advance's outstanding principal is written wrong", async () => {
    await failsOnlyWith(
      'advances_match_ledger',
      `update advances set outstanding = outstanding - 1 where id = ${a.id}`,
      `update advances set outstanding = outstanding + 1 where id = ${a.id}`,
    );
  });

  it("fails when a pledge's units are written wrong", async () => {
    await failsOnlyWith(
      'pledged_units_match_pledges',
      `update advance_collateral set units = units + 0.5 where advance_id = ${a.id}`,
      `update advance_collateral set units = units - 0.5 where advance_id = ${a.id}`,
    );
  });

  it('fails when a pending repayment no longer matches the cash it set aside', async () => {
    await failsOnlyWith(
      'reserved_cash_matches_requests',
      `update advance_repayments set amount = amount + 0.01 where advance_id = ${a.id} and status = 'pending'`,
      `update advance_repayments set amount = amount - 0.01 where advance_id = ${a.id} and status = 'pending'`,
    );
  });

  it('fails when a submitted withdrawal no longer matches the cash it set aside', async () => {
    await failsOnlyWith(
      'reserved_cash_matches_requests',
      `update transactions set amount = amount + 5 where id = ${withdrawalId}`,
      `update transactions set amount = amount - 5 where id = ${withdrawalId}`,
    );
  });

  it('fails when a submitted disinvestment no longer matches the units it set aside', async () => {
    await failsOnlyWith(
      'reserved_units_match_orders',
      `update transactions set units = units + 0.25 where id = ${disinvestId}`,
      `update transactions set units = units - 0.25 where id = ${disinvestId}`,
    );
  });
});
