// A withdrawal is the request every customer's cash serialises on: it costs a fixed number of SQL
// statements, and the customer's cash is locked by the last of them only; concurrent withdrawals of one
// customer go together, a group costing the statements of one withdrawal. A change that adds a round trip
// to the path, takes the lock earlier, or writes a group request by request, fails here.

import { creditorReference } from '@lombard/shared/money/creditor-reference';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { confirmedWithdrawals, withdrawConfirmed } from '../../test/withdrawals';
import { referenceCodeSql } from './records';
import { pendingWithdrawals } from './withdrawal-group';

let f: MoneyFixture;
let statements: string[] = [];
let investor: Investor;

beforeAll(async () => {
  // begin, commit and rollback are logged on PostgreSQL only (PGlite's driver opens its transactions
  // itself); the rollback is the hold's (`holdWithdrawals`).
  f = await moneyFixture({
    onQuery: (query) => {
      if (!/^\s*(begin|commit|rollback)\b/i.test(query)) statements.push(query);
    },
  });
  investor = await f.investor();
  await f.deposit(investor, '100.00');
  // The first withdrawal opens the reserved-cash account; the ones after it are the steady state.
  const first = await withdrawConfirmed(f, investor, '1.00');
  expect(first.statusCode).toBe(201);
});
afterAll(() => f.t.close());

/**
 * A withdrawal confirmed beforehand (the customer's confirm call, its own transaction), then sent: the
 * statements counted are the withdrawal's, whose first statement also uses the confirmation.
 */
async function withdraw(amount: string, key?: string) {
  const [send] = await confirmedWithdrawals(f, investor, [amount]);
  statements = [];
  const res = await send!(key);
  return { res, statements: [...statements] };
}

describe('statements per withdrawal', () => {
  it('costs three statements besides begin and commit, the lock taken by the last', async () => {
    const { res, statements } = await withdraw('1.00');
    // The confirmation is used by the first statement, the one that writes the row (no round trip of its own).
    expect(statements[0]).toMatch(/update "signatures" set consumed_at/);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'withdrawal', status: 'submitted', amount: '1.00' });
    expect(statements).toHaveLength(3);
    const locking = statements.map((query, index) => (/for update/i.test(query) ? index : -1)).filter((i) => i >= 0);
    expect(locking).toEqual([statements.length - 1]);
  });

  it('a group of concurrent withdrawals costs the three statements of one, the lock taken by the last', async () => {
    const senders = await confirmedWithdrawals(f, investor, Array(10).fill('1.00'));
    const hold = await f.holdWithdrawals(investor);
    statements = [];
    const pending = (n: number) =>
      vi.waitFor(() => expect(pendingWithdrawals(f.app.database.db, investor.id)).toBe(n), {
        interval: 2,
        timeout: 15_000,
      });
    // The first goes alone and waits for the held key; the other nine wait for it, then go as one group.
    const answers = [];
    for (let n = 1; n <= 10; n++) {
      answers.push(senders[n - 1]!(n === 1 ? hold.key : undefined));
      await pending(n);
    }
    await hold.release();
    const results = await Promise.all(answers);
    expect(results.map((res) => res.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((res) => res.json().id)).size).toBe(10);
    expect(statements).toHaveLength(6);
    const locking = statements.map((query, index) => (/for update/i.test(query) ? index : -1)).filter((i) => i >= 0);
    expect(locking).toEqual([2, 5]);
  });

  it('answers a repeated key from the first answer, moving nothing', async () => {
    const key = 'withdrawal-statements-repeat';
    const [send] = await confirmedWithdrawals(f, investor, ['1.00']);
    const first = { res: await send!(key) };
    statements = [];
    const again = { res: await send!(key), statements: [...statements] };
    expect(again.res.statusCode).toBe(201);
    expect(again.res.headers['idempotent-replayed']).toBe('true');
    expect(again.res.json()).toEqual(first.res.json());
    expect(again.statements.some((query) => /journal_entries/.test(query))).toBe(false);
  });

  it('a refusal answers the available cash and writes nothing', async () => {
    const before = (await f.get(investor.session, '/api/v1/cash/')).json();
    const { res } = await withdraw('1000.00');
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('WITHDRAWAL_ABOVE_AVAILABLE');
    expect(res.json().detail).toBe(`The amount is above your available cash of €${before.available}.`);
    expect((await f.get(investor.session, '/api/v1/cash/')).json()).toEqual(before);
  });

  it('derives the reference code in the database exactly as creditorReference does', async () => {
    const { res } = await withdraw('1.00');
    expect(res.json().reference_code).toBe(creditorReference(`W${res.json().id}`));
    for (const [type, prefix] of [
      ['withdrawal', 'W'],
      ['invest', 'O'],
      ['deposit', 'D'],
    ] as const) {
      const result = await f.t.database.db.execute(
        sql`select g as id, ${referenceCodeSql(type, sql`g`)} as reference
            from (select generate_series(1, 3000) union all select 2147483647) as s (g)`,
      );
      const rows = (result as unknown as { rows: Array<{ id: number; reference: string }> }).rows;
      expect(rows).toHaveLength(3001);
      for (const row of rows) expect(row.reference).toBe(creditorReference(`${prefix}${row.id}`));
    }
  });
});
