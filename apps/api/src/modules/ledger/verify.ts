// The ledger's invariants, checked from the lines up (never from the maintained balances alone): entries
// balance per asset, balances equal their lines, no customer account below zero; and every customer's
// units per fund, for the check that orders and the ledger agree.
import type { LedgerCheckName } from '@lombard/shared/schemas/wallet';
import Decimal from 'decimal.js';
import { inArray, sql } from 'drizzle-orm';
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

/**
 * Every customer's units of every fund (free + reserved + pledged), for the check that orders and the
 * ledger agree. Read without locks: a verification, not a decision.
 */
export async function unitHoldings(
  db: Queryable,
): Promise<Array<{ userId: number; productId: number; units: string }>> {
  const result = await db
    .select({
      userId: ledgerAccounts.userId,
      productId: ledgerAccounts.productId,
      units: sql<string>`sum(${ledgerAccounts.balance})::text`,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.kind, ['customer.units', 'customer.units_reserved', 'customer.units_pledged']))
    .groupBy(ledgerAccounts.userId, ledgerAccounts.productId);
  return result.map((row) => ({ userId: row.userId as number, productId: row.productId as number, units: row.units }));
}

/** What a business table says one customer account should hold (a fund's or a stock plan's, when per fund or plan). */
export interface ExpectedBalance {
  kind: CustomerAccountKind;
  userId: number;
  productId?: number | null;
  stockPlanId?: number | null;
  amount: Decimal.Value;
}

/**
 * A balance kept beside the ledger (an advance's outstanding principal, what a request set aside, what is
 * pledged) checked against it: every customer account of `kinds` must hold exactly what `expected` says,
 * an account nothing expects must be empty, and an expected amount with no account is a problem too.
 */
export async function balancesMatch(
  db: Queryable,
  name: LedgerCheckName,
  kinds: CustomerAccountKind[],
  expected: ExpectedBalance[],
  says: string,
): Promise<LedgerCheck> {
  const key = (kind: string, userId: unknown, productId: unknown, stockPlanId: unknown) =>
    `${kind}|${userId}|${productId ?? 0}|${stockPlanId ?? 0}`;
  const held = new Map<string, Decimal>();
  const accounts = await db
    .select({
      kind: ledgerAccounts.kind,
      userId: ledgerAccounts.userId,
      productId: ledgerAccounts.productId,
      stockPlanId: ledgerAccounts.stockPlanId,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.kind, kinds));
  for (const a of accounts) held.set(key(a.kind, a.userId, a.productId, a.stockPlanId), new Decimal(a.balance));
  const want = new Map<string, Decimal>();
  for (const e of expected) {
    const k = key(e.kind, e.userId, e.productId, e.stockPlanId);
    want.set(k, (want.get(k) ?? new Decimal(0)).plus(e.amount));
  }
  const problems: string[] = [];
  for (const k of [...new Set([...want.keys(), ...held.keys()])].sort()) {
    const a = want.get(k) ?? new Decimal(0);
    const b = held.get(k) ?? new Decimal(0);
    if (a.eq(b)) continue;
    const [kind, userId, productId, stockPlanId] = k.split('|');
    const owner = [
      `user ${userId}`,
      productId !== '0' && `product ${productId}`,
      stockPlanId !== '0' && `stock plan ${stockPlanId}`,
    ]
      .filter(Boolean)
      .join(', ');
    problems.push(`${owner}: ${says} ${a.toString()}, ledger ${kind} ${b.toString()}`);
  }
  return { name, ok: problems.length === 0, problems: problems.slice(0, MAX_PROBLEMS) };
}
