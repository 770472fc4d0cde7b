// The customer's other requests: sell units (reserved until the operator executes), withdraw cash to the
// approved bank account (reserved until paid out), and cancel what is still waiting.
import { DISINVESTMENT_WORKING_DAYS, WITHDRAWAL_BUSINESS_DAYS } from '@lombard/shared/constants';
import { addBusinessDays, addCalendarDays, calendarDate } from '@lombard/shared/money/business-days';
import { money, units as unitsOf } from '@lombard/shared/money/orders';
import type { DisinvestRequest, TransactionItem, WithdrawalRequest } from '@lombard/shared/schemas/transactions';
import Decimal from 'decimal.js';
import { and, asc, eq, sql } from 'drizzle-orm';
import { sqlState, type Transaction } from '../../db/client';
import { transactions } from '../../db/schema/transactions';
import { AppError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { formatDate, formatDecimal, formatMoney } from '../../lib/format';
import { type AccountRef, lockBalance, postEntry, tryPostEntry } from '../ledger/service';
import { productForOrder } from '../products/service';
import { approvedBankAccount, hasApprovedBankAccount } from '../profile/service';
import { signatureRefusal } from '../signing/service';
import {
  findTransaction,
  insertTransaction,
  lockTransaction,
  serializeTransaction,
  updateTransaction,
  writeTransactions,
} from './records';
import { releaseReservation } from './reservations';
import { consumeWithdrawalSignaturesSql, WITHDRAWAL_PURPOSE, withdrawalPayload } from './withdrawal-confirmation';

/** The day the first executed investment in a product was executed, or null. */
export async function firstInvestmentDay(tx: Transaction, userId: number, productId: number): Promise<string | null> {
  const [first] = await tx
    .select({ executedAt: transactions.executedAt })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.productId, productId),
        eq(transactions.type, 'invest'),
        eq(transactions.status, 'executed'),
      ),
    )
    .orderBy(asc(transactions.executedAt))
    .limit(1);
  return first?.executedAt ? calendarDate(first.executedAt) : null;
}

const DISINVEST_PENDING_INDEX = 'transactions_one_pending_disinvestment';

export async function placeDisinvestment(
  tx: Transaction,
  context: FlowContext,
  userId: number,
  productId: number,
  body: DisinvestRequest,
): Promise<TransactionItem> {
  const product = await productForOrder(tx, productId);
  if (!product) throw new AppError('NOT_FOUND');
  const requested = new Decimal(body.units);
  // Locked first: a concurrent request for the same position waits here, then sees this one's row.
  const free = await lockBalance(tx, { kind: 'customer.units', userId, productId });
  const first = await firstInvestmentDay(tx, userId, productId);
  if (first && product.minHoldingDays > 0) {
    const from = addCalendarDays(first, product.minHoldingDays);
    if (context.today < from) {
      throw new AppError('DISINVEST_HOLDING_PERIOD', { params: { date: formatDate(from, context.language) } });
    }
  }
  const [pending] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.productId, productId),
        eq(transactions.type, 'disinvest'),
        eq(transactions.status, 'submitted'),
      ),
    );
  if (pending) throw new AppError('DISINVEST_PENDING');
  if (requested.gt(free)) {
    throw new AppError('DISINVEST_UNITS_UNAVAILABLE', {
      params: { available: formatDecimal(free, context.language, 6) },
    });
  }
  let id: number;
  try {
    id = await insertTransaction(tx, {
      userId,
      type: 'disinvest',
      status: 'submitted',
      productId,
      units: unitsOf(requested),
      executeOn: addBusinessDays(context.today, DISINVESTMENT_WORKING_DAYS),
      createdAt: context.now,
    });
  } catch (error) {
    const constraint = (error as { cause?: { constraint?: string } }).cause?.constraint;
    if (sqlState(error) === '23505' && (constraint === undefined || constraint === DISINVEST_PENDING_INDEX)) {
      throw new AppError('DISINVEST_PENDING');
    }
    throw error;
  }
  await postEntry(tx, {
    kind: 'disinvest.reserve',
    reference: `transactions:${id}`,
    userId,
    actorId: context.actor.id,
    lines: [
      { account: { kind: 'customer.units', userId, productId }, amount: requested.neg() },
      { account: { kind: 'customer.units_reserved', userId, productId }, amount: requested },
    ],
  });
  return serializeTransaction((await findTransaction(tx, id))!, context.t);
}

/**
 * One withdrawal on its own, in two steps (`runIdempotentPrepared`): the answer and the row first, written
 * without a lock by the statement that also uses the withdrawal's confirmation (signed, unused, of this
 * amount and of the IBAN approved now; its row locked by the update); then, once the key is claimed, the
 * bank account, the confirmation and the cash are decided on and the cash set aside by one ledger
 * statement, which holds the customer's cash locked only from there to the commit. A refusal rolls
 * everything back, the confirmation's use too. Concurrent withdrawals of a customer go together
 * (withdrawal-group.ts).
 */
export async function requestWithdrawal(
  tx: Transaction,
  context: FlowContext,
  userId: number,
  body: ConfirmedWithdrawal,
): Promise<{ answer: TransactionItem; move(): Promise<void> }> {
  const amount = new Decimal(body.amount);
  const signatureId = body.confirmation.signature_id;
  const {
    rows: [row],
    bank,
    confirmed,
  } = await writeTransactions(
    tx,
    [withdrawalRow(context, userId, amount)],
    { bank: hasApprovedBankAccount(userId), confirmed: usedSignaturesSql },
    { used: consumeWithdrawalSignaturesSql(userId, context.now, [{ signatureId, amount }]) },
  );
  const id = row!.id;
  const move = async () => {
    if (!bank) throw new AppError('WITHDRAWAL_NO_BANK_ACCOUNT');
    if (!confirmed.includes(signatureId)) throw await withdrawalSignatureRefusal(tx, userId, signatureId, amount);
    const cash: AccountRef = { kind: 'customer.cash', userId };
    const posted = await tryPostEntry(tx, {
      kind: 'withdrawal.request',
      reference: `transactions:${id}`,
      userId,
      actorId: context.actor.id,
      lines: [
        { account: cash, amount: amount.neg() },
        { account: { kind: 'customer.cash_reserved', userId }, amount },
      ],
    });
    if ('short' in posted) {
      throw new AppError('WITHDRAWAL_ABOVE_AVAILABLE', {
        params: { available: formatMoney(posted.short(cash), context.language) },
      });
    }
  };
  return { answer: serializeTransaction(row!, context.t), move };
}

/** A withdrawal request that carries its confirmation (the route answers 202 to one without). */
export type ConfirmedWithdrawal = WithdrawalRequest & { confirmation: NonNullable<WithdrawalRequest['confirmation']> };

/** The ids of the signatures the statement's `used` CTE took, for `also`. */
export const usedSignaturesSql = sql<number[]>`(select coalesce(jsonb_agg(id), '[]'::jsonb) from used)`;

/** Why a withdrawal's confirmation was not used: used before, of another amount or IBAN, or not signed. */
export async function withdrawalSignatureRefusal(
  tx: Transaction,
  userId: number,
  signatureId: number,
  amount: Decimal,
): Promise<AppError> {
  const bank = await approvedBankAccount(tx, userId);
  return signatureRefusal(tx, {
    userId,
    id: signatureId,
    purpose: WITHDRAWAL_PURPOSE,
    payload: withdrawalPayload(amount, bank?.iban ?? ''),
  });
}

/** The row a withdrawal request writes, waiting for the payout. */
export function withdrawalRow(context: FlowContext, userId: number, amount: Decimal) {
  return {
    userId,
    type: 'withdrawal',
    status: 'submitted',
    amount: money(amount),
    executeOn: addBusinessDays(context.today, WITHDRAWAL_BUSINESS_DAYS),
    createdAt: context.now,
  };
}

/** The customer takes back an order or a withdrawal nobody has acted on; what was set aside returns. */
export async function cancelTransaction(
  tx: Transaction,
  context: FlowContext,
  userId: number,
  id: number,
): Promise<TransactionItem> {
  const row = await lockTransaction(tx, id, userId);
  const cancellable = row.status === 'submitted' || (row.type === 'invest' && row.status === 'awaiting_transfer');
  if (row.type === 'deposit' || !cancellable) throw new AppError('TRANSACTION_NOT_PENDING');
  await releaseReservation(tx, row, 'cancel', context.actor.id);
  await updateTransaction(tx, id, { status: 'cancelled', decidedBy: context.actor.id });
  return serializeTransaction((await findTransaction(tx, id))!, context.t);
}
