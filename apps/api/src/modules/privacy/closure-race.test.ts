// Closure against money arriving at the same moment, on PostgreSQL (PGlite runs one transaction at a time,
// so only a server shows the race). Each round one of two things happens, never a closed account holding
// money: the money lands and the closure is refused (cash or the order remains), or the closure completes
// and the money is refused.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';

describe.runIf(process.env.DATABASE_URL)('closure against money arriving, on PostgreSQL', () => {
  let f: MoneyFixture;
  beforeAll(async () => {
    f = await moneyFixture();
  });
  afterAll(() => f.t.close());

  async function rows(query: ReturnType<typeof sql>) {
    const result = await f.t.database.db.execute(query);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows;
  }

  /** A customer with nothing in the account who asked to close it: the closure's id and deposit reference. */
  async function closing(): Promise<{ investor: Investor; closureId: number; reference: string }> {
    const investor = await f.investor();
    const reference = (await f.get(investor.session, '/api/v1/cash/')).json().deposit_instructions.reference_code;
    await f.post(investor.session, '/api/v1/account/closure/', {});
    const [row] = await rows(sql`select id from account_closures where user_id = ${investor.id}`);
    return { investor, closureId: Number(row!.id), reference };
  }

  /** What the account holds in the books and whether it is closed. */
  async function state(userId: number) {
    const [user] = await rows(sql`select closed_at from users where id = ${userId}`);
    const [money] = await rows(
      sql`select coalesce(sum(balance), 0)::text as total from ledger_accounts where user_id = ${userId} and kind in ('customer.cash', 'customer.cash_reserved')`,
    );
    const [orders] = await rows(
      sql`select count(*)::int as n from transactions where user_id = ${userId} and status in ('submitted', 'awaiting_transfer')`,
    );
    return { closed: user!.closed_at !== null, cash: Number(money!.total), pendingOrders: Number(orders!.n) };
  }

  it('a transfer recorded as the closure completes: one of the two is refused, 30 rounds', async () => {
    const outcomes = { transferFirst: 0, closureFirst: 0 };
    for (let round = 0; round < 30; round++) {
      const { investor, closureId, reference } = await closing();
      const [closure, transfer] = await Promise.all([
        f.post(f.admin, `/api/v1/backoffice/closures/${closureId}/complete/`),
        f.post(f.admin, '/api/v1/backoffice/transfers/', {
          reference_code: reference,
          amount: '250.00',
          value_date: '2026-01-05',
          payer_name: 'Maria Rossi',
        }),
      ]);
      const after = await state(investor.id);
      if (transfer.statusCode === 201) {
        outcomes.transferFirst++;
        expect(closure.statusCode, closure.body).toBe(409);
        expect(closure.json().code).toBe('ACCOUNT_CLOSURE_BLOCKED');
        expect(after).toEqual({ closed: false, cash: 250, pendingOrders: 0 });
      } else {
        outcomes.closureFirst++;
        expect(closure.statusCode, closure.body).toBe(200);
        expect(transfer.statusCode, transfer.body).toBe(409);
        expect(transfer.json().code).toBe('ACCOUNT_CLOSED');
        expect(after).toEqual({ closed: true, cash: 0, pendingOrders: 0 });
      }
    }
    expect(outcomes.transferFirst + outcomes.closureFirst).toBe(30);
    const report = (await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json();
    expect(report.ok).toBe(true);
  });

  it('an order to be paid by transfer placed as the closure completes: never left on a closed account, 20 rounds', async () => {
    const bond = await f.productId('obbligazionario-euro-protetto-2031');
    for (let round = 0; round < 20; round++) {
      const { investor, closureId } = await closing();
      const [closure, order] = await Promise.all([
        f.post(f.admin, `/api/v1/backoffice/closures/${closureId}/complete/`),
        f.post(investor.session, `/api/v1/products/${bond}/invest/`, {
          amount: '5000',
          payment_method: 'bank_transfer',
        }),
      ]);
      const after = await state(investor.id);
      if (order.statusCode === 201) {
        expect(closure.statusCode, closure.body).toBe(409);
        expect(after).toEqual({ closed: false, cash: 0, pendingOrders: 1 });
      } else {
        expect(closure.statusCode, closure.body).toBe(200);
        // Refused under the lock (409), or not let in at all once the closure had ended the sign-in (401).
        expect([401, 409], order.body).toContain(order.statusCode);
        if (order.statusCode === 409) expect(order.json().code).toBe('ACCOUNT_CLOSED');
        expect(after).toEqual({ closed: true, cash: 0, pendingOrders: 0 });
      }
    }
  });
});
