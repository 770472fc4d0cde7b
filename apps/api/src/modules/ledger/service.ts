// The ledger: the only writer of money. Every movement is one journal entry whose lines sum to zero per
// asset (euro, or the units of one fund), written in the caller's database transaction together with the
// business change that caused it. Account balances are maintained in the same statement order and are
// checked against the lines by `verifyLedger`.
import Decimal from 'decimal.js';
import { and, asc, eq, gte, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client';
import { journalEntries, journalLines, ledgerAccounts } from '../../db/schema/ledger';
import { AppError } from '../../lib/errors';
import { accountIds } from './account-ids';
import { type AccountRef, balancedLines, type JournalEntryInput, ownerOf, refKey, UNIT_DECIMALS } from './accounts';

// Kinds, references and checks of accounts and entries live in accounts.ts; other modules reach them here.
export {
  type AccountKind,
  type AccountRef,
  assetOf,
  CUSTOMER_ACCOUNTS,
  type CustomerAccountKind,
  EURO_DECIMALS,
  type JournalEntryInput,
  type LedgerLine,
  PLATFORM_ACCOUNTS,
  type PlatformAccountKind,
  UNIT_DECIMALS,
} from './accounts';

/**
 * Locks the accounts (in id order, so two requests never wait on each other crosswise) until the
 * transaction ends, and answers their balances. Read a balance through this before deciding on it: two
 * concurrent withdrawals then see each other's effect instead of both spending the same euro.
 */
export async function lockBalances(tx: Transaction, refs: AccountRef[]): Promise<Map<string, Decimal>> {
  const ids = await accountIds(tx, refs);
  const rows = await tx
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...new Set(ids.values())]))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  const byId = new Map(rows.map((row) => [row.id, new Decimal(row.balance)]));
  const result = new Map<string, Decimal>();
  for (const [key, id] of ids) result.set(key, byId.get(id) ?? new Decimal(0));
  return result;
}

/**
 * A customer's cash and reserved cash, both locked (see `lockBalances`): what a withdrawal decides on and
 * then moves between, looked up together so the lock is taken once.
 */
export async function lockCustomerCash(tx: Transaction, userId: number) {
  const cash: AccountRef = { kind: 'customer.cash', userId };
  const reserved: AccountRef = { kind: 'customer.cash_reserved', userId };
  const balances = await lockBalances(tx, [cash, reserved]);
  return {
    available: balances.get(refKey(cash)) ?? new Decimal(0),
    reserved: balances.get(refKey(reserved)) ?? new Decimal(0),
  };
}

/** One locked balance (see `lockBalances`). */
export async function lockBalance(tx: Transaction, ref: AccountRef): Promise<Decimal> {
  const balances = await lockBalances(tx, [ref]);
  return balances.get(refKey(ref)) ?? new Decimal(0);
}

/**
 * Writes one balanced journal entry and moves the balances. Refuses (and writes nothing) when the lines do
 * not sum to zero per asset, carry more decimals than the asset has, or would take a customer's account
 * below zero; the caller's transaction is then rolled back by the thrown error.
 */
export async function postEntry(tx: Transaction, input: JournalEntryInput): Promise<{ entryId: number }> {
  const posted = await tryPostEntry(tx, input);
  if ('short' in posted) throw new AppError('INSUFFICIENT_FUNDS');
  return posted;
}

/**
 * Like `postEntry`, but a customer account that would go below zero is answered instead of thrown: `short`
 * has the balance each account had (keyed like the lines' accounts), and nothing was written. The
 * accounts stay locked until the transaction ends either way.
 */
export async function tryPostEntry(
  tx: Transaction,
  input: JournalEntryInput,
): Promise<{ entryId: number } | { short: (account: AccountRef) => Decimal }> {
  const { lines, deltas } = balancedLines(input);
  let written = await writeEntry(tx, input, lines, [...deltas.values()]);
  // Only an account that was never used is missing: open it and write again (nothing was written).
  if (written.missing) {
    await accountIds(
      tx,
      lines.map((line) => line.account),
    );
    written = await writeEntry(tx, input, lines, [...deltas.values()]);
    if (written.missing) throw new Error(`journal entry ${input.kind}: ledger accounts could not be opened`);
  }
  if (written.entryId !== null) return { entryId: written.entryId };
  const keys = [...deltas.keys()];
  const balances = written.balances;
  return { short: (account) => balances.get(keys.indexOf(refKey(account))) ?? new Decimal(0) };
}

const ownerValues = (ref: AccountRef) => {
  const owner = ownerOf(ref);
  return sql`${owner.kind}::text, ${owner.user_id}::int, ${owner.product_id}::int, ${owner.stock_plan_id}::int`;
};

/**
 * One statement: find and lock the accounts (in id order, so two requests never wait on each other
 * crosswise), decide that no customer account goes below zero on its latest balance, and only then write
 * the entry, its lines and the balances. The locks are taken by the statement that uses them, so an entry
 * holds them for one round trip before its transaction commits; a refused or incomplete one writes nothing.
 */
async function writeEntry(
  tx: Transaction,
  input: JournalEntryInput,
  lines: Array<{ account: AccountRef; amount: Decimal }>,
  deltas: Array<{ ref: AccountRef; delta: Decimal }>,
): Promise<{ entryId: number | null; missing: boolean; balances: Map<number, Decimal> }> {
  const deltaIndex = new Map(deltas.map(({ ref }, index) => [refKey(ref), index]));
  const deltaRows = deltas.map(
    ({ ref, delta }, index) => sql`(${index}::int, ${ownerValues(ref)}, ${delta.toFixed(UNIT_DECIMALS)}::numeric)`,
  );
  const lineRows = lines.map(
    (line) => sql`(${deltaIndex.get(refKey(line.account))}::int, ${line.amount.toFixed(UNIT_DECIMALS)}::numeric)`,
  );
  const result = await tx.execute(sql`
    with d (k, kind, user_id, product_id, stock_plan_id, delta) as (values ${sql.join(deltaRows, sql`, `)}),
    locked as (
      select d.k, a.id, a.user_id, a.balance, d.delta from ${ledgerAccounts} a
      join d on a.kind = d.kind and coalesce(a.user_id, 0) = d.user_id
        and coalesce(a.product_id, 0) = d.product_id and coalesce(a.stock_plan_id, 0) = d.stock_plan_id
      order by a.id for update of a
    ), decision as (
      select count(*) = ${deltas.length} as found,
             coalesce(bool_and(user_id is null or balance + delta >= 0), true) as covered
      from locked
    ), entry as (
      insert into ${journalEntries} (kind, reference, user_id, actor_id)
      select ${input.kind}, ${input.reference}, ${input.userId ?? null}::int, ${input.actorId ?? null}::int
      from decision where found and covered
      returning id
    ), written as (
      insert into ${journalLines} (entry_id, account_id, amount)
      select entry.id, locked.id, l.amount
      from entry, (values ${sql.join(lineRows, sql`, `)}) as l (k, amount) join locked on locked.k = l.k
    ), moved as (
      update ${ledgerAccounts} set balance = ${ledgerAccounts.balance} + locked.delta
      from locked, decision
      where ${ledgerAccounts.id} = locked.id and decision.found and decision.covered
    )
    select (select id from entry) as id, (select found from decision) as found,
           (select json_agg(json_build_array(k, balance::text)) from locked) as balances`);
  const [row] = (
    result as unknown as {
      rows: Array<{ id: number | string | null; found: boolean; balances: Array<[number, string]> | null }>;
    }
  ).rows;
  if (!row) throw new Error('journal entry not written');
  return {
    entryId: row.id === null ? null : Number(row.id),
    missing: !row.found,
    balances: new Map((row.balances ?? []).map(([k, balance]) => [k, new Decimal(balance)])),
  };
}

/** A customer's balances, without locking: for screens, never for a decision that moves money. */
export async function customerBalances(db: Queryable, userId: number) {
  const rows = await db
    .select({
      kind: ledgerAccounts.kind,
      productId: ledgerAccounts.productId,
      stockPlanId: ledgerAccounts.stockPlanId,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const cash = { available: new Decimal(0), reserved: new Decimal(0) };
  /** Advances: principal owed, and each stock plan's free and pledged units. */
  let advance = new Decimal(0);
  const planUnits = new Map<number, { free: Decimal; pledged: Decimal }>();
  const positions = new Map<number, { units: Decimal; reservedUnits: Decimal; pledgedUnits: Decimal; cost: Decimal }>();
  for (const row of rows) {
    const balance = new Decimal(row.balance);
    if (row.kind === 'customer.cash') cash.available = balance;
    else if (row.kind === 'customer.cash_reserved') cash.reserved = balance;
    else if (row.kind === 'customer.advance') advance = balance;
    else if (row.stockPlanId !== null) {
      const plan = planUnits.get(row.stockPlanId) ?? { free: new Decimal(0), pledged: new Decimal(0) };
      if (row.kind === 'customer.plan_units') plan.free = balance;
      else if (row.kind === 'customer.plan_units_pledged') plan.pledged = balance;
      planUnits.set(row.stockPlanId, plan);
    } else if (row.productId !== null) {
      const position = positions.get(row.productId) ?? {
        units: new Decimal(0),
        reservedUnits: new Decimal(0),
        pledgedUnits: new Decimal(0),
        cost: new Decimal(0),
      };
      if (row.kind === 'customer.units') position.units = balance;
      else if (row.kind === 'customer.units_reserved') position.reservedUnits = balance;
      else if (row.kind === 'customer.units_pledged') position.pledgedUnits = balance;
      else if (row.kind === 'customer.position_cost') position.cost = balance;
      positions.set(row.productId, position);
    }
  }
  return { cash, positions, advance, planUnits };
}

// The invariants live in verify.ts, entries decided in order in ordered.ts; other modules reach them
// through this service.
export { type OrderedPosting, postEntriesInOrder } from './ordered';
export {
  type CashLine,
  cashStatementLines,
  customerEntryLines,
  customersInLedger,
  type EntryLine,
  entryOf,
  linesOfReferences,
  type ReferencedLine,
  type UnitHolding,
  type UnitLine,
  type UserLine,
  unitStatementLines,
} from './statement';
export {
  balancesMatch,
  type LedgerCheck,
  type UnitsDifference,
  unitHoldingsDiffering,
  verifyLedgerInvariants,
} from './verify';

/**
 * A stock plan's pledged units as an SQL expression (text, six decimals), for lists that show them per
 * row. Aliased by hand, and `stockPlanId` must be qualified: in a single-table select drizzle writes
 * columns unqualified, which inside this subquery would name the ledger's own columns.
 */
export function pledgedPlanUnitsOf(stockPlanId: SQLWrapper) {
  return sql<string>`coalesce((select pledged.balance::text from ledger_accounts pledged where pledged.kind = 'customer.plan_units_pledged' and pledged.stock_plan_id = ${stockPlanId}), '0')`;
}

/** Every journal line on a customer's own accounts, with its entry, oldest first (the copy of their data). */
export async function ledgerLinesOf(db: Queryable, userId: number) {
  return db
    .select({
      id: journalLines.id,
      entryId: journalLines.entryId,
      entryKind: journalEntries.kind,
      reference: journalEntries.reference,
      account: ledgerAccounts.kind,
      productId: ledgerAccounts.productId,
      stockPlanId: ledgerAccounts.stockPlanId,
      amount: journalLines.amount,
      createdAt: journalEntries.createdAt,
    })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(eq(ledgerAccounts.userId, userId))
    .orderBy(asc(journalLines.id));
}

/**
 * Each disinvestment of a customer settled since `since`: what it paid into cash and the position cost it
 * released, from the entry's own lines (the tax estimate's losses carried forward read them).
 */
export async function realisedSales(db: Queryable, userId: number, since: Date) {
  const rows = await db
    .select({
      entryId: journalLines.entryId,
      kind: ledgerAccounts.kind,
      productId: ledgerAccounts.productId,
      amount: journalLines.amount,
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(
      and(
        eq(journalEntries.userId, userId),
        eq(journalEntries.kind, 'disinvest.execute'),
        gte(journalEntries.createdAt, since),
        eq(ledgerAccounts.userId, userId),
        inArray(ledgerAccounts.kind, ['customer.cash', 'customer.position_cost']),
      ),
    );
  const sales = new Map<number, { proceeds: Decimal; cost: Decimal; productId: number | null }>();
  for (const row of rows) {
    const sale = sales.get(row.entryId) ?? { proceeds: new Decimal(0), cost: new Decimal(0), productId: null };
    if (row.kind === 'customer.cash') sale.proceeds = sale.proceeds.plus(row.amount);
    else {
      sale.cost = sale.cost.minus(row.amount);
      sale.productId = row.productId;
    }
    sales.set(row.entryId, sale);
  }
  return [...sales.values()];
}
