// Rows of `transactions`: how they are written (each with its own creditor reference), read back with the
// product's name and ISIN, locked before a change, and shown to customers and operators.
import { creditorReference } from '@lombard/shared/money/creditor-reference';
import type { TransactionItem } from '@lombard/shared/schemas/transactions';
import type { TransactionStatus, TransactionType } from '@lombard/shared/transaction-kinds';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { transactions } from '../../db/schema/transactions';
import { AppError } from '../../lib/errors';
import type { Translate } from '../../lib/i18n';
import { userEmailOf, userFullNameOf } from '../account/service';
import { DEFAULT_PARTNER_BANK, type PartnerBank, partnerBankSetting } from '../config/service';
import { productIsinOf, productNameOf } from '../products/service';

export type NewTransaction = Omit<typeof transactions.$inferInsert, 'id' | 'referenceCode'>;

/** Reference prefixes: O orders (quoted on the transfer paying an order), W withdrawals, D deposits. */
const PREFIX: Record<TransactionType, string> = { invest: 'O', disinvest: 'O', withdrawal: 'W', deposit: 'D' };

/** A customer's own deposit reference: the same on every transfer they send to top up their cash. */
export function depositReference(userId: number): string {
  return creditorReference(`C${String(userId).padStart(6, '0')}`);
}

/** The user a deposit reference names, or null. */
export function depositReferenceOwner(reference: string): number | null {
  const match = /^RF\d{2}C(\d{6,})$/.exec(reference);
  if (!match || depositReference(Number(match[1])) !== reference) return null;
  return Number(match[1]);
}

/** Inserts a row whose reference code is derived from its own id, in one statement (see `insertRows`). */
export async function insertTransaction(tx: Queryable, values: NewTransaction): Promise<number> {
  return (await insertRows(tx, [values], {})).ids[0]!.id;
}

/**
 * `creditorReference(prefix + id)` computed by the database (ISO 11649: letters as 10–35, `RF00` moved to
 * the end, 98 − mod 97), so that a row gets its id and its reference in the statement that inserts it.
 */
export function referenceCodeSql(type: TransactionType, id: SQL): SQL<string> {
  const prefix = PREFIX[type];
  const digits = [...`${prefix}RF`].map((char) => char.charCodeAt(0) - 55).join('');
  const [head, tail] = [digits.slice(0, -4), `${digits.slice(-4)}00`];
  return sql<string>`('RF' || lpad((98 - (${head} || ${id}::text || ${tail})::numeric % 97)::text, 2, '0') || ${prefix} || ${id}::text)`;
}

type Also<T extends Record<string, SQL>> = { [K in keyof T]: T[K] extends SQL<infer V> ? V : unknown };

/**
 * One statement for any number of rows of one type, all giving the same columns: each takes its id from
 * the sequence and its reference code from that id; answers them in the order given, with `also` (SQL
 * expressions a flow needs anyway) evaluated alongside. `ctes` are statements the flow folds in (named,
 * for `also` to select from): a withdrawal uses its confirmation here.
 */
async function insertRows<T extends Record<string, SQL>>(
  tx: Queryable,
  rows: NewTransaction[],
  also: T,
  ctes: Record<string, SQL> = {},
): Promise<{ ids: Array<{ id: number; referenceCode: string }>; also: Also<T> }> {
  const columns = getTableColumns(transactions);
  const first = rows[0]!;
  const keys = (Object.keys(first) as Array<keyof NewTransaction>).filter((key) => first[key] !== undefined);
  const columnsGiven = keys.join();
  const given = (row: NewTransaction) => keys.filter((key) => row[key] !== undefined).join();
  if (rows.some((row) => row.type !== first.type || given(row) !== columnsGiven)) {
    throw new Error('rows inserted together need one type and the same columns');
  }
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key].name)),
    sql`, `,
  );
  // One parameter, whatever the number of rows: a constant statement the database parses quickly, and
  // little for the query builder to do.
  const definition = sql.join(
    keys.map((key) => sql`${sql.identifier(columns[key].name)} ${sql.raw(columns[key].getSQLType())}`),
    sql`, `,
  );
  const payload = rows.map((row, ord) => {
    const record: Record<string, unknown> = { ord };
    for (const key of keys) record[columns[key].name] = columns[key].mapToDriverValue(row[key]);
    return record;
  });
  // Subqueries without a reference to the row: worked out once, not once per row.
  const extra = Object.entries(also).map(
    ([name, expression]) => sql`, (select ${expression}) as ${sql.identifier(name)}`,
  );
  const folded = Object.entries(ctes).map(([name, statement]) => sql`${sql.identifier(name)} as (${statement}), `);
  const result = await tx.execute(sql`
    with ${sql.join(folded)}v as (select * from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as v (ord int, ${definition})),
    numbered as (select v.*, nextval(pg_get_serial_sequence('transactions', 'id'))::int as id from v),
    inserted as (
      insert into ${transactions} (id, reference_code, ${names})
      select id, ${referenceCodeSql(first.type as TransactionType, sql`id`)}, ${names} from numbered order by ord
      returning id, reference_code
    )
    select numbered.ord, inserted.id, inserted.reference_code${sql.join(extra)}
    from numbered join inserted on inserted.id = numbered.id order by numbered.ord`);
  const answered = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  if (answered.length !== rows.length) throw new Error('not every transaction row was inserted');
  const { ord: _ord, id: _id, reference_code: _reference, ...rest } = answered[0]!;
  return {
    ids: answered.map((row) => ({ id: Number(row.id), referenceCode: String(row.reference_code) })),
    also: rest as Also<T>,
  };
}

/**
 * Inserts rows (one statement, `also` as in `insertRows`) and answers them as `findTransaction` would,
 * without reading them back; only for rows without a product (whose names would need a read).
 */
export async function writeTransactions<T extends Record<string, SQL>>(
  tx: Queryable,
  rows: NewTransaction[],
  also: T,
  ctes: Record<string, SQL> = {},
): Promise<{ rows: TransactionRow[] } & Also<T>> {
  if (rows.some((values) => values.productId != null)) {
    throw new Error('writeTransactions answers rows without a product only');
  }
  const inserted = await insertRows(tx, rows, also, ctes);
  return { ...inserted.also, rows: rows.map((values, index) => answeredRow(values, inserted.ids[index]!)) };
}

function answeredRow(values: NewTransaction, { id, referenceCode }: { id: number; referenceCode: string }) {
  return {
    id,
    userId: values.userId,
    type: values.type,
    status: values.status,
    productId: null,
    paymentMethod: values.paymentMethod ?? null,
    amount: values.amount ?? null,
    units: values.units ?? null,
    nav: values.nav ?? null,
    navDate: values.navDate ?? null,
    fee: values.fee ?? null,
    referenceCode,
    executeOn: values.executeOn ?? null,
    signatureId: values.signatureId ?? null,
    payerName: values.payerName ?? null,
    valueDate: values.valueDate ?? null,
    reason: values.reason ?? null,
    createdAt: values.createdAt ?? new Date(),
    executedAt: values.executedAt ?? null,
    decidedBy: values.decidedBy ?? null,
    productName: null,
    productIsin: null,
    bank: null,
  } satisfies TransactionRow;
}

/** The rows `ids` selects (a set of ids), deleted: a statement for a flow to fold into its last one. */
export function deleteTransactionsSql(ids: SQL): SQL {
  return sql`delete from ${transactions} where ${transactions.id} in (${ids})`;
}

/** What lists and answers select: the row, the product's name and ISIN, the bank for pending transfers. */
export const transactionColumns = {
  id: transactions.id,
  userId: transactions.userId,
  type: transactions.type,
  status: transactions.status,
  productId: transactions.productId,
  paymentMethod: transactions.paymentMethod,
  amount: transactions.amount,
  units: transactions.units,
  nav: transactions.nav,
  navDate: transactions.navDate,
  fee: transactions.fee,
  referenceCode: transactions.referenceCode,
  executeOn: transactions.executeOn,
  signatureId: transactions.signatureId,
  payerName: transactions.payerName,
  valueDate: transactions.valueDate,
  reason: transactions.reason,
  createdAt: transactions.createdAt,
  executedAt: transactions.executedAt,
  decidedBy: transactions.decidedBy,
  productName: productNameOf(transactions.productId),
  productIsin: productIsinOf(transactions.productId),
  bank: sql<PartnerBank | null>`case when ${transactions.status} = 'awaiting_transfer' then ${partnerBankSetting} end`,
};

/** The operators' lists add who the customer is. */
export const operatorColumns = {
  ...transactionColumns,
  userEmail: userEmailOf(transactions.userId),
  userFullName: userFullNameOf(transactions.userId),
};

export interface TransactionRow {
  id: number;
  userId: number;
  type: string;
  status: string;
  productId: number | null;
  paymentMethod: string | null;
  amount: string | null;
  units: string | null;
  nav: string | null;
  navDate: string | null;
  fee: string | null;
  referenceCode: string;
  executeOn: string | null;
  signatureId: number | null;
  payerName: string | null;
  valueDate: string | null;
  reason: string | null;
  createdAt: Date;
  executedAt: Date | null;
  decidedBy: number | null;
  productName: string | null;
  productIsin: string | null;
  bank: PartnerBank | null;
}

/** One row with its display columns; `lock` holds it until the transaction ends. */
export async function findTransaction(
  db: Queryable,
  id: number,
  options: { userId?: number; lock?: boolean } = {},
): Promise<TransactionRow | null> {
  const where = and(
    eq(transactions.id, id),
    options.userId === undefined ? undefined : eq(transactions.userId, options.userId),
  );
  const query = db.select(transactionColumns).from(transactions).where(where);
  const [row] = options.lock ? await query.for('update', { of: transactions }) : await query;
  return (row as TransactionRow | undefined) ?? null;
}

/** Like findTransaction with a lock, or NOT_FOUND (also for another customer's row). */
export async function lockTransaction(db: Queryable, id: number, userId?: number): Promise<TransactionRow> {
  const row = await findTransaction(db, id, { userId, lock: true });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function updateTransaction(
  db: Queryable,
  id: number,
  values: Partial<typeof transactions.$inferInsert>,
): Promise<void> {
  await db.update(transactions).set(values).where(eq(transactions.id, id));
}

const iso = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

/** The customer's view of a row, names in the reader's language. */
export function serializeTransaction(row: TransactionRow, t: Translate): TransactionItem {
  const awaiting = row.type === 'invest' && row.status === 'awaiting_transfer';
  const bank = awaiting ? (row.bank ?? DEFAULT_PARTNER_BANK) : null;
  return {
    id: row.id,
    type: row.type as TransactionType,
    type_name: t(`transactions:types.${row.type}`),
    status: row.status as TransactionStatus,
    status_name: t(`transactions:statuses.${row.status}`),
    amount: row.amount,
    units: row.units,
    nav: row.nav,
    nav_date: row.navDate,
    fee: row.fee,
    product:
      row.productId === null ? null : { id: row.productId, name: row.productName ?? '', isin: row.productIsin ?? '' },
    payment_method: (row.paymentMethod as TransactionItem['payment_method']) ?? null,
    reference_code: row.referenceCode,
    execute_on: row.executeOn,
    created_at: iso(row.createdAt)!,
    executed_at: iso(row.executedAt),
    reason: row.reason,
    transfer_instructions:
      bank && row.amount
        ? {
            beneficiary: bank.beneficiary,
            iban: bank.iban,
            bic: bank.bic,
            bank_name: bank.bank_name,
            reference_code: row.referenceCode,
            amount: row.amount,
          }
        : null,
  };
}
