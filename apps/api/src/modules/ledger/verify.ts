// The ledger's invariants, checked from the lines up (never from the maintained balances alone): entries
// balance per asset, balances equal their lines, no customer account below zero; and the comparisons of
// customer accounts with what other tables say they hold (orders, advances, pledges, waiting requests),
// made in the database so that only differences come back, whatever the number of customers.
import type { LedgerCheckName } from '@lombard/shared/schemas/wallet';
import Decimal from 'decimal.js';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { ledgerAccounts } from '../../db/schema/ledger';
import type { CustomerAccountKind } from './accounts';

export interface LedgerCheck {
  name: LedgerCheckName;
  ok: boolean;
  problems: string[];
}

/** How many offending rows a check names; the count of the rest is enough to act on. */
const MAX_PROBLEMS = 20;

type Row = Record<string, unknown>;

async function rows(db: Queryable, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

/** Entries balance per asset; balances equal the sum of their lines; no customer account below zero. */
export async function verifyLedgerInvariants(
  db: Queryable,
): Promise<{ checks: LedgerCheck[]; entries: number; accounts: number }> {
  const unbalanced = await rows(
    db,
    sql`select l.entry_id, a.asset, sum(l.amount)::text as total
        from journal_lines l join ledger_accounts a on a.id = l.account_id
        group by l.entry_id, a.asset having sum(l.amount) <> 0
        order by l.entry_id limit ${MAX_PROBLEMS}`,
  );
  const mismatched = await rows(
    db,
    sql`select a.id, a.kind, a.balance::text as balance, coalesce(sum(l.amount), 0)::text as lines
        from ledger_accounts a left join journal_lines l on l.account_id = a.id
        group by a.id having a.balance <> coalesce(sum(l.amount), 0)
        order by a.id limit ${MAX_PROBLEMS}`,
  );
  const negative = await rows(
    db,
    sql`select id, kind, user_id, balance::text as balance from ledger_accounts
        where user_id is not null and balance < 0 order by id limit ${MAX_PROBLEMS}`,
  );
  const [counts] = await rows(
    db,
    sql`select (select count(*) from journal_entries)::int as entries, (select count(*) from ledger_accounts)::int as accounts`,
  );
  return {
    entries: Number(counts?.entries ?? 0),
    accounts: Number(counts?.accounts ?? 0),
    checks: [
      {
        name: 'entries_balance',
        ok: unbalanced.length === 0,
        problems: unbalanced.map((r) => `entry ${r.entry_id}: ${r.asset} lines sum to ${r.total}`),
      },
      {
        name: 'balances_match_lines',
        ok: mismatched.length === 0,
        problems: mismatched.map((r) => `account ${r.id} (${r.kind}): balance ${r.balance}, lines ${r.lines}`),
      },
      {
        name: 'no_negative_balances',
        ok: negative.length === 0,
        problems: negative.map((r) => `account ${r.id} (${r.kind}) of user ${r.user_id}: ${r.balance}`),
      },
    ],
  };
}

/** What a business table says customers' units per fund should be: the differences, at most `limit`. */
export interface UnitsDifference {
  userId: number;
  productId: number;
  expected: string;
  held: string;
}

/**
 * Every customer's units of every fund (free + reserved + pledged) against `expected`, a subquery of
 * (user_id, product_id, units) rows summed per customer and fund: the pairs that differ, in customer and
 * fund order. Compared in the database, which sends back only the differences, however many customers
 * there are. Read without locks: a verification, not a decision.
 */
export async function unitHoldingsDiffering(db: Queryable, expected: SQL, limit: number): Promise<UnitsDifference[]> {
  const found = await rows(
    db,
    sql`with want as (
          select user_id, product_id, sum(units) as units from (${expected}) as e (user_id, product_id, units)
          group by user_id, product_id
        ), held as (
          select ${ledgerAccounts.userId} as user_id, ${ledgerAccounts.productId} as product_id,
                 sum(${ledgerAccounts.balance}) as units
          from ${ledgerAccounts}
          where ${inArray(ledgerAccounts.kind, ['customer.units', 'customer.units_reserved', 'customer.units_pledged'])}
          group by 1, 2
        )
        select user_id, product_id, coalesce(want.units, 0)::text as expected, coalesce(held.units, 0)::text as held
        from want full join held using (user_id, product_id)
        where coalesce(want.units, 0) <> coalesce(held.units, 0)
        order by user_id, product_id limit ${limit}`,
  );
  return found.map((r) => ({
    userId: Number(r.user_id),
    productId: Number(r.product_id),
    expected: String(r.expected),
    held: String(r.held),
  }));
}

/**
 * A balance kept beside the ledger (an advance's outstanding principal, what a request set aside, what is
 * pledged) checked against it: every customer account of `kinds` must hold exactly what `expected` says,
 * an account nothing expects must be empty, and an expected amount with no account is a problem too.
 * `expected` is a subquery of (kind, user_id, product_id, stock_plan_id, amount) rows, summed per account;
 * the database compares them and sends back only the first differences, in the order of their keys.
 */
export async function balancesMatch(
  db: Queryable,
  name: LedgerCheckName,
  kinds: CustomerAccountKind[],
  expected: SQL,
  says: string,
): Promise<LedgerCheck> {
  const found = await rows(
    db,
    sql`with want as (
          select kind, user_id, coalesce(product_id, 0) as product_id, coalesce(stock_plan_id, 0) as stock_plan_id,
                 sum(amount) as amount
          from (${expected}) as e (kind, user_id, product_id, stock_plan_id, amount)
          group by 1, 2, 3, 4
        ), held as (
          select ${ledgerAccounts.kind} as kind, ${ledgerAccounts.userId} as user_id,
                 coalesce(${ledgerAccounts.productId}, 0) as product_id,
                 coalesce(${ledgerAccounts.stockPlanId}, 0) as stock_plan_id, ${ledgerAccounts.balance} as balance
          from ${ledgerAccounts} where ${inArray(ledgerAccounts.kind, kinds)}
        )
        select kind, user_id, product_id, stock_plan_id, coalesce(want.amount, 0)::text as expected,
               coalesce(held.balance, 0)::text as held
        from want full join held using (kind, user_id, product_id, stock_plan_id)
        where coalesce(want.amount, 0) <> coalesce(held.balance, 0)
        order by (kind || '|' || user_id || '|' || product_id || '|' || stock_plan_id) collate "C"
        limit ${MAX_PROBLEMS}`,
  );
  const problems = found.map((r) => {
    const owner = [
      `user ${r.user_id}`,
      String(r.product_id) !== '0' && `product ${r.product_id}`,
      String(r.stock_plan_id) !== '0' && `stock plan ${r.stock_plan_id}`,
    ]
      .filter(Boolean)
      .join(', ');
    return `${owner}: ${says} ${new Decimal(String(r.expected)).toString()}, ledger ${r.kind} ${new Decimal(String(r.held)).toString()}`;
  });
  return { name, ok: problems.length === 0, problems };
}
