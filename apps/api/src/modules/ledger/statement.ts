// The customer's cash statement, read from the ledger's lines (never from the business tables): every
// entry that changed their cash (available + reserved) in a period, with the balance before, after each
// line and at the end. Moves between available and reserved cash change nothing and are left out.
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

export interface CashLine {
  entryId: number;
  kind: string;
  reference: string;
  at: Date;
  amount: Decimal;
  balance: Decimal;
}

const CASH_KINDS = sql`('customer.cash', 'customer.cash_reserved')`;
/** A calendar day in Rome as the instant it starts. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Rome'`;

/** Lines from `from` to `to` (calendar days in Rome, inclusive; open when null), oldest first. */
export async function cashStatementLines(
  db: Queryable,
  userId: number,
  period: { from: string | null; to: string | null },
): Promise<{ opening: Decimal; lines: CashLine[]; closing: Decimal }> {
  const after = period.from ? sql`created_at >= ${dayStart(period.from)}` : sql`true`;
  const before = period.to ? sql`created_at < ${dayStart(period.to)} + interval '1 day'` : sql`true`;
  const earlier = period.from ? sql`created_at < ${dayStart(period.from)}` : sql`false`;
  const result = await db.execute(sql`
    with moved as (
      select e.id, e.kind, e.reference, e.created_at, sum(l.amount) as amount
      from journal_lines l
      join ledger_accounts a on a.id = l.account_id
      join journal_entries e on e.id = l.entry_id
      where a.user_id = ${userId} and a.kind in ${CASH_KINDS}
      group by e.id
      having sum(l.amount) <> 0
    )
    select id, kind, reference, created_at, amount::text as amount,
           (${after}) and (${before}) as inside, ${earlier} as earlier
    from moved order by created_at, id`);
  type Row = {
    id: number | string;
    kind: string;
    reference: string;
    created_at: string | Date;
    amount: string;
    inside: boolean;
    earlier: boolean;
  };
  const rows = (result as unknown as { rows: Row[] }).rows;
  let opening = new Decimal(0);
  for (const row of rows) if (row.earlier) opening = opening.plus(row.amount);
  let balance = opening;
  const lines: CashLine[] = [];
  for (const row of rows) {
    if (!row.inside) continue;
    const amount = new Decimal(row.amount);
    balance = balance.plus(amount);
    lines.push({
      entryId: Number(row.id),
      kind: row.kind,
      reference: row.reference,
      at: new Date(row.created_at),
      amount,
      balance,
    });
  }
  return { opening, lines, closing: balance };
}

export interface EntryLine {
  kind: string;
  productId: number | null;
  amount: Decimal;
}

/** The posted entry of `kind` for a business row (`transactions:12`), with its lines; null when none. */
export async function entryOf(
  db: Queryable,
  reference: string,
  kind: string,
): Promise<{ entryId: number; at: Date; lines: EntryLine[] } | null> {
  const result = await db.execute(sql`
    select e.id, e.created_at, a.kind, a.product_id, l.amount::text as amount
    from journal_entries e
    join journal_lines l on l.entry_id = e.id
    join ledger_accounts a on a.id = l.account_id
    where e.reference = ${reference} and e.kind = ${kind}
    order by e.id, l.id`);
  type Row = {
    id: number | string;
    created_at: string | Date;
    kind: string;
    product_id: number | null;
    amount: string;
  };
  const rows = (result as unknown as { rows: Row[] }).rows;
  const first = rows[0];
  if (!first) return null;
  const entryId = Number(first.id);
  return {
    entryId,
    at: new Date(first.created_at),
    lines: rows
      .filter((row) => Number(row.id) === entryId)
      .map((row) => ({ kind: row.kind, productId: row.product_id, amount: new Decimal(row.amount) })),
  };
}

export interface ReferencedLine extends EntryLine {
  entryKind: string;
  reference: string;
  at: Date;
}

/** Every line of the entries posted for these business rows, oldest first. */
export async function linesOfReferences(db: Queryable, references: string[]): Promise<ReferencedLine[]> {
  if (references.length === 0) return [];
  const result = await db.execute(sql`
    select e.kind as entry_kind, e.reference, e.created_at, a.kind, a.product_id, l.amount::text as amount
    from journal_entries e
    join journal_lines l on l.entry_id = e.id
    join ledger_accounts a on a.id = l.account_id
    where e.reference in ${references}
    order by e.created_at, e.id, l.id`);
  type Row = {
    entry_kind: string;
    reference: string;
    created_at: string | Date;
    kind: string;
    product_id: number | null;
    amount: string;
  };
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    entryKind: row.entry_kind,
    reference: row.reference,
    at: new Date(row.created_at),
    kind: row.kind,
    productId: row.product_id,
    amount: new Decimal(row.amount),
  }));
}

/** The unit accounts of a holding: a fund's (per product) or a company stock plan's (per plan). */
const HOLDINGS = {
  fund: {
    kinds: sql`('customer.units', 'customer.units_reserved', 'customer.units_pledged')`,
    pledged: 'customer.units_pledged',
    column: sql.raw('a.product_id'),
  },
  plan: {
    kinds: sql`('customer.plan_units', 'customer.plan_units_pledged')`,
    pledged: 'customer.plan_units_pledged',
    column: sql.raw('a.stock_plan_id'),
  },
} as const;
export type HoldingKind = keyof typeof HOLDINGS;

export interface UnitLine {
  entryId: number;
  kind: string;
  reference: string;
  at: Date;
  /** The product (fund) or the stock plan, as `holding` says. */
  holdingId: number;
  units: Decimal;
}

export interface UnitHolding {
  holdingId: number;
  opening: Decimal;
  closing: Decimal;
  /** Of the closing units, those pledged to an advance. */
  pledged: Decimal;
}

/**
 * The customer's units of one kind of holding (funds or company stock plans) over a period (calendar days
 * in Rome, inclusive), read from the ledger as the cash statement is: per holding the units held (free,
 * reserved for a sale and pledged together) before the period and at its end, and every entry that
 * changed them. Moves between free, reserved and pledged units change nothing held and are left out, but
 * the pledged units at the end are told apart.
 */
export async function unitStatementLines(
  db: Queryable,
  userId: number,
  period: { from: string; to: string },
  holding: HoldingKind = 'fund',
): Promise<{ holdings: UnitHolding[]; lines: UnitLine[] }> {
  const { kinds, pledged, column } = HOLDINGS[holding];
  const result = await db.execute(sql`
    select e.id, e.kind, e.reference, e.created_at, ${column} as holding_id,
           sum(l.amount)::text as units,
           sum(case when a.kind = ${pledged} then l.amount else 0 end)::text as pledged,
           e.created_at < ${dayStart(period.from)} as earlier
    from journal_lines l
    join ledger_accounts a on a.id = l.account_id
    join journal_entries e on e.id = l.entry_id
    where a.user_id = ${userId} and a.kind in ${kinds}
      and e.created_at < ${dayStart(period.to)} + interval '1 day'
    group by e.id, ${column}
    order by e.created_at, e.id, ${column}`);
  type Row = {
    id: number | string;
    kind: string;
    reference: string;
    created_at: string | Date;
    holding_id: number;
    units: string;
    pledged: string;
    earlier: boolean;
  };
  const holdings = new Map<number, UnitHolding>();
  const lines: UnitLine[] = [];
  for (const row of (result as unknown as { rows: Row[] }).rows) {
    const holdingId = Number(row.holding_id);
    const zero = new Decimal(0);
    const held = holdings.get(holdingId) ?? { holdingId, opening: zero, closing: zero, pledged: zero };
    const units = new Decimal(row.units);
    held.closing = held.closing.plus(units);
    held.pledged = held.pledged.plus(row.pledged);
    if (row.earlier) held.opening = held.opening.plus(units);
    else if (!units.isZero()) {
      lines.push({
        entryId: Number(row.id),
        kind: row.kind,
        reference: row.reference,
        at: new Date(row.created_at),
        holdingId,
        units,
      });
    }
    holdings.set(holdingId, held);
  }
  return { holdings: [...holdings.values()], lines };
}

/**
 * The customers a periodic statement is for: those with an entry in the ledger posted by the end of
 * `until` (a calendar day in Rome). Someone who joined after the period has nothing to be told about it.
 */
export async function customersInLedger(db: Queryable, until: string): Promise<number[]> {
  const result = await db.execute(sql`
    select distinct a.user_id from ledger_accounts a
    where a.user_id is not null and exists (
      select 1 from journal_lines l join journal_entries e on e.id = l.entry_id
      where l.account_id = a.id and e.created_at < ${dayStart(until)} + interval '1 day')
    order by a.user_id`);
  return (result as unknown as { rows: Array<{ user_id: number }> }).rows.map((row) => Number(row.user_id));
}

export interface UserLine extends EntryLine {
  entryKind: string;
  at: Date;
  /** Posted before the period (for opening balances). */
  earlier: boolean;
}

/**
 * Lines on accounts of `kinds` of the entries posted for a customer up to the end of `to` (Rome), oldest
 * first: the platform's side of their entries (fees, interest) as well as their own accounts.
 */
export async function customerEntryLines(
  db: Queryable,
  userId: number,
  period: { from: string; to: string },
  kinds: string[],
): Promise<UserLine[]> {
  const result = await db.execute(sql`
    select e.kind as entry_kind, e.created_at, a.kind, a.product_id, l.amount::text as amount,
           e.created_at < ${dayStart(period.from)} as earlier
    from journal_entries e
    join journal_lines l on l.entry_id = e.id
    join ledger_accounts a on a.id = l.account_id
    where e.user_id = ${userId} and a.kind in ${kinds}
      and e.created_at < ${dayStart(period.to)} + interval '1 day'
    order by e.created_at, e.id, l.id`);
  type Row = {
    entry_kind: string;
    created_at: string | Date;
    kind: string;
    product_id: number | null;
    amount: string;
    earlier: boolean;
  };
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    entryKind: row.entry_kind,
    at: new Date(row.created_at),
    kind: row.kind,
    productId: row.product_id,
    amount: new Decimal(row.amount),
    earlier: row.earlier,
  }));
}
