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
