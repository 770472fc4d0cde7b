// The transactions module's face to the rest of the API: reads for the wallet and the home, the customer's
// deposit reference, and the ledger verification with the check that orders agree with the units held.
// The money flows themselves (invest.ts, customer-flows.ts, settle.ts, operator-flows.ts) run behind
// this module's routes; the seed reaches them here to make the demo money.

import { calendarDate } from '@lombard/shared/money/business-days';
import type { TransactionItem } from '@lombard/shared/schemas/transactions';
import type { LedgerVerification } from '@lombard/shared/schemas/wallet';
import Decimal from 'decimal.js';
import { and, desc, eq, inArray, min, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { transactions } from '../../db/schema/transactions';
import type { Translate } from '../../lib/i18n';
import { enqueueJob } from '../../lib/jobs/queue';
import { balancesMatch, type LedgerCheck, unitHoldingsDiffering, verifyLedgerInvariants } from '../ledger/service';
import { CONTRACT_NOTE_JOB, type ContractNotePayload } from './contract-note';
import {
  depositReference,
  insertTransaction,
  serializeTransaction,
  type TransactionRow,
  transactionColumns,
} from './records';

export function customerDepositReference(userId: number): string {
  return depositReference(userId);
}

/** The customer's latest transactions, newest first, as their list shows them. */
export async function recentTransactions(
  db: Queryable,
  userId: number,
  t: Translate,
  limit: number,
): Promise<TransactionItem[]> {
  const rows = await db
    .select(transactionColumns)
    .from(transactions)
    .where(eq(transactions.userId, userId))
    // As the list orders them (lib/resource/params.ts), which the index follows.
    .orderBy(sql`${desc(transactions.createdAt)} nulls last`, desc(transactions.id))
    .limit(limit);
  return rows.map((row) => serializeTransaction(row as TransactionRow, t));
}

/** Orders the customer is waiting on (submitted or awaiting their transfer). */
export async function pendingOrderCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        inArray(transactions.type, ['invest', 'disinvest']),
        inArray(transactions.status, ['submitted', 'awaiting_transfer']),
      ),
    );
  return Number(row?.n ?? 0);
}

/** For each product the customer invested in, the day the first investment executed. */
export async function firstInvestmentDays(db: Queryable, userId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ productId: transactions.productId, first: min(transactions.executedAt) })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, 'invest'), eq(transactions.status, 'executed')))
    .groupBy(transactions.productId);
  const days = new Map<number, string>();
  for (const row of rows) {
    if (row.productId !== null && row.first) days.set(row.productId, calendarDate(new Date(row.first)));
  }
  return days;
}

const MAX_PROBLEMS = 20;

/** Executed investments minus executed disinvestments equal, in units, what the ledger holds. */
export async function ordersMatchPositions(db: Queryable): Promise<LedgerCheck> {
  const orders = sql`select ${transactions.userId}, ${transactions.productId},
      case when ${transactions.type} = 'invest' then ${transactions.units} else -${transactions.units} end
    from ${transactions}
    where ${and(eq(transactions.status, 'executed'), inArray(transactions.type, ['invest', 'disinvest']))}`;
  const differences = await unitHoldingsDiffering(db, orders, MAX_PROBLEMS);
  const problems = differences.map(
    (d) =>
      `user ${d.userId}, product ${d.productId}: orders ${new Decimal(d.expected).toFixed(6)} units, ledger ${new Decimal(d.held).toFixed(6)}`,
  );
  return { name: 'orders_match_positions', ok: problems.length === 0, problems };
}

/**
 * What the customers' waiting requests set aside, as the ledger must hold it, as a subquery of (kind,
 * user_id, product_id, stock_plan_id, amount) rows (see `balancesMatch`): the amount of each submitted
 * investment or withdrawal in reserved cash, the units of each submitted disinvestment in reserved units.
 */
export function transactionReservations(kind: 'customer.cash_reserved' | 'customer.units_reserved'): SQL {
  const disinvestments = kind === 'customer.units_reserved';
  return sql`select ${kind}::text, ${transactions.userId}, ${disinvestments ? transactions.productId : sql`null::int`},
      null::int, coalesce(${disinvestments ? transactions.units : transactions.amount}, 0)
    from ${transactions}
    where ${transactions.status} = 'submitted'
      and ${disinvestments ? sql`${transactions.type} = 'disinvest'` : sql`${transactions.type} <> 'disinvest'`}`;
}

/** Reserved units are exactly the units of the submitted disinvestments. */
export async function reservedUnitsMatchOrders(db: Queryable): Promise<LedgerCheck> {
  return balancesMatch(
    db,
    'reserved_units_match_orders',
    ['customer.units_reserved'],
    transactionReservations('customer.units_reserved'),
    'submitted disinvestments',
  );
}

/**
 * Every check of the ledger and of the orders behind it. The full verification (back office,
 * `npm run ledger:verify`, tests) adds the advances' checks: `verifyBooks` in the advances module.
 */
export async function verifyLedger(db: Queryable, now: Date): Promise<LedgerVerification> {
  const ledger = await verifyLedgerInvariants(db);
  const checks = [...ledger.checks, await ordersMatchPositions(db), await reservedUnitsMatchOrders(db)];
  return {
    ok: checks.every((check) => check.ok),
    checked_at: now.toISOString(),
    entries: ledger.entries,
    accounts: ledger.accounts,
    checks,
  };
}

// The contract notes of executed orders (a job per order; the seed issues its own).
export { issueContractNote, issueQueuedContractNotes } from './contract-note';
// The flows customers' and operators' requests run, through which the seed makes the demo money.
export { placeDisinvestment, requestWithdrawal } from './customer-flows';
export { placeInvestment } from './invest';
export { executeWithdrawal, recordTransfer } from './operator-flows';
// The lead → customer promotion, which stock plans share with the orders' settlement.
export { promoteLead, settleOrders } from './settle';
export { WITHDRAWAL_PURPOSE, withdrawalPayload } from './withdrawal-confirmation';

/** The reference codes of the customer's transactions by id (for lines that refer to them). */
export async function referenceCodesOf(db: Queryable, userId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: transactions.id, code: transactions.referenceCode })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), inArray(transactions.id, ids)));
  return new Map(rows.flatMap((row) => (row.code ? [[row.id, row.code] as const] : [])));
}

/** Every order and movement of a customer, oldest first, as stored (the copy of their data). */
export async function transactionRecords(db: Queryable, userId: number) {
  return db.select().from(transactions).where(eq(transactions.userId, userId)).orderBy(transactions.id);
}

/**
 * When each of a customer's transactions happened, by id: its execution (a settled order, a booked
 * transfer), else its creation. Net worth over time dates the ledger's entries by the event they record.
 */
export async function transactionDays(db: Queryable, userId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: transactions.id, executedAt: transactions.executedAt, createdAt: transactions.createdAt })
    .from(transactions)
    .where(eq(transactions.userId, userId));
  return new Map(rows.map((row) => [row.id, calendarDate(new Date(row.executedAt ?? row.createdAt))]));
}

/**
 * A sale of pledged units to cure a margin call (advances, docs/decisions/038), recorded as an executed
 * disinvestment so the customer's orders, contract notes and the ledger's checks see it as any redemption;
 * the caller books the ledger entry with the reference answered, in the same transaction.
 */
export async function recordCollateralSale(
  tx: Queryable,
  input: {
    userId: number;
    productId: number;
    units: string;
    proceeds: string;
    nav: string;
    navDate: string;
    now: Date;
    actorId: number;
  },
): Promise<{ id: number; reference: string }> {
  const id = await insertTransaction(tx, {
    userId: input.userId,
    type: 'disinvest',
    status: 'executed',
    productId: input.productId,
    units: input.units,
    amount: input.proceeds,
    nav: input.nav,
    navDate: input.navDate,
    executeOn: calendarDate(input.now),
    createdAt: input.now,
    executedAt: input.now,
    decidedBy: input.actorId,
  });
  await enqueueJob(tx, CONTRACT_NOTE_JOB, { transactionId: id } satisfies ContractNotePayload);
  return { id, reference: `transactions:${id}` };
}
