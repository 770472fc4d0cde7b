// What operators do besides settling: refuse an order, record an incoming bank transfer against the
// reference it quotes, pay out or refuse a withdrawal. Each change is audited in its own transaction.
import { money } from '@lombard/shared/money/orders';
import type { TransactionItem } from '@lombard/shared/schemas/transactions';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { transactions } from '../../db/schema/transactions';
import { AppError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { formatMoney } from '../../lib/format';
import { recordAudit } from '../../lib/resource/audit';
import { getAccount, lockOpenAccount } from '../account/service';
import { postEntry } from '../ledger/service';
import { notifyUser } from '../notifications/service';
import { approvedBankAccount } from '../profile/service';
import {
  depositReferenceOwner,
  findTransaction,
  insertTransaction,
  lockTransaction,
  serializeTransaction,
  type TransactionRow,
  updateTransaction,
} from './records';
import { releaseReservation } from './reservations';

async function audit(tx: Transaction, context: FlowContext, action: string, id: number, before: unknown) {
  const after = await findTransaction(tx, id);
  await recordAudit(tx, context.actor, {
    action,
    objectType: 'transactions',
    objectId: id,
    before,
    after: after && { status: after.status, amount: after.amount, units: after.units, reason: after.reason },
    requestId: context.requestId,
    ip: context.ip,
  });
  return after!;
}

const snapshot = (row: TransactionRow) => ({ status: row.status, amount: row.amount, units: row.units });

/** Refuses a waiting order with the reason the customer reads; what it set aside goes back. */
export async function rejectOrder(
  tx: Transaction,
  context: FlowContext,
  id: number,
  reason: string,
): Promise<TransactionItem> {
  const row = await lockTransaction(tx, id);
  if (row.type !== 'invest' && row.type !== 'disinvest') throw new AppError('NOT_FOUND');
  if (row.status !== 'submitted' && row.status !== 'awaiting_transfer') throw new AppError('TRANSACTION_NOT_PENDING');
  await releaseReservation(tx, row, 'reject', context.actor.id);
  await updateTransaction(tx, id, { status: 'rejected', reason, decidedBy: context.actor.id });
  const after = await audit(tx, context, 'reject', id, snapshot(row));
  await notifyUser(tx, {
    userId: row.userId,
    kind: 'order_rejected',
    params: { reference: row.referenceCode, reason },
    link: '/customer/transaction/',
  });
  return serializeTransaction(after, context.t);
}

async function deposit(
  tx: Transaction,
  context: FlowContext,
  userId: number,
  amount: Decimal,
  payer: { payerName: string; valueDate: string },
): Promise<TransactionRow> {
  const id = await insertTransaction(tx, {
    userId,
    type: 'deposit',
    status: 'executed',
    amount: money(amount),
    payerName: payer.payerName,
    valueDate: payer.valueDate,
    createdAt: context.now,
    executedAt: context.now,
    decidedBy: context.actor.id,
  });
  await postEntry(tx, {
    kind: 'deposit',
    reference: `transactions:${id}`,
    userId,
    actorId: context.actor.id,
    lines: [
      { account: { kind: 'platform.bank' }, amount: amount.neg() },
      { account: { kind: 'customer.cash', userId }, amount },
    ],
  });
  const account = await getAccount(tx, userId);
  await notifyUser(tx, {
    userId,
    kind: 'deposit_received',
    params: { amount: formatMoney(amount, account?.language ?? context.language) },
    link: '/customer/cash/',
  });
  return (await audit(tx, context, 'record-transfer', id, null)) as TransactionRow;
}

export interface IncomingTransfer {
  reference_code: string;
  amount: string;
  value_date: string;
  payer_name: string;
}

/**
 * Money arrived at the bank quoting a reference. An order waiting for it is paid (up to its amount; any
 * excess, or the whole transfer when it falls short, goes to the customer's cash). A customer's deposit
 * reference, or an order no longer waiting, credits that customer's cash. A closed account's reference is
 * refused (409 ACCOUNT_CLOSED) and nothing is recorded: the bank sends the money back.
 */
export async function recordTransfer(tx: Transaction, context: FlowContext, body: IncomingTransfer) {
  const reference = body.reference_code.replace(/\s+/g, '').toUpperCase();
  const amount = new Decimal(body.amount);
  const payer = { payerName: body.payer_name, valueDate: body.value_date };
  const [match] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.referenceCode, reference));
  const order = match ? await lockTransaction(tx, match.id) : null;
  const owner = order?.userId ?? depositReferenceOwner(reference);
  if (owner === null || !(await getAccount(tx, owner))) throw new AppError('TRANSFER_REFERENCE_UNKNOWN');
  // A closed account takes no money: checked under the lock its closure takes, so neither slips past the other.
  await lockOpenAccount(tx, owner);
  if (order && order.type === 'invest' && order.status === 'awaiting_transfer') {
    const due = new Decimal(order.amount!);
    if (amount.gte(due)) {
      const userId = order.userId;
      await postEntry(tx, {
        kind: 'invest.funded',
        reference: `transactions:${order.id}`,
        userId,
        actorId: context.actor.id,
        lines: [
          { account: { kind: 'platform.bank' }, amount: due.neg() },
          { account: { kind: 'customer.cash_reserved', userId }, amount: due },
        ],
      });
      await updateTransaction(tx, order.id, { status: 'submitted', ...payer });
      const funded = await audit(tx, context, 'record-transfer', order.id, snapshot(order));
      if (amount.gt(due)) await deposit(tx, context, userId, amount.minus(due), payer);
      return {
        detail: context.t('transactions:transferOrderFunded', { reference: order.referenceCode }),
        outcome: 'order_funded' as const,
        transaction: serializeTransaction(funded, context.t),
      };
    }
  }
  const row = await deposit(tx, context, owner, amount, payer);
  return {
    detail: context.t('transactions:transferCashCredited', { amount: formatMoney(amount, context.language) }),
    outcome: 'cash_credited' as const,
    transaction: serializeTransaction(row, context.t),
  };
}

async function lockWithdrawal(tx: Transaction, id: number) {
  const row = await lockTransaction(tx, id);
  if (row.type !== 'withdrawal') throw new AppError('NOT_FOUND');
  if (row.status !== 'submitted') throw new AppError('TRANSACTION_NOT_PENDING');
  return row;
}

/**
 * The bank paid the withdrawal out: the reserved cash leaves the platform. Only to an approved account: the
 * customer may have changed their IBAN since asking, and the new one waits for an operator's review.
 */
export async function executeWithdrawal(tx: Transaction, context: FlowContext, id: number): Promise<TransactionItem> {
  const row = await lockWithdrawal(tx, id);
  if (!(await approvedBankAccount(tx, row.userId))) throw new AppError('WITHDRAWAL_PAYOUT_ACCOUNT_UNAPPROVED');
  const amount = new Decimal(row.amount!);
  const userId = row.userId;
  await postEntry(tx, {
    kind: 'withdrawal.execute',
    reference: `transactions:${id}`,
    userId,
    actorId: context.actor.id,
    lines: [
      { account: { kind: 'customer.cash_reserved', userId }, amount: amount.neg() },
      { account: { kind: 'platform.bank' }, amount },
    ],
  });
  await updateTransaction(tx, id, { status: 'executed', executedAt: context.now, decidedBy: context.actor.id });
  const after = await audit(tx, context, 'execute', id, snapshot(row));
  const account = await getAccount(tx, userId);
  await notifyUser(tx, {
    userId,
    kind: 'withdrawal_executed',
    params: { reference: row.referenceCode, amount: formatMoney(amount, account?.language ?? context.language) },
    link: '/customer/cash/',
  });
  return serializeTransaction(after, context.t);
}

export async function rejectWithdrawal(
  tx: Transaction,
  context: FlowContext,
  id: number,
  reason: string,
): Promise<TransactionItem> {
  const row = await lockWithdrawal(tx, id);
  await releaseReservation(tx, row, 'reject', context.actor.id);
  await updateTransaction(tx, id, { status: 'rejected', reason, decidedBy: context.actor.id });
  const after = await audit(tx, context, 'reject', id, snapshot(row));
  await notifyUser(tx, {
    userId: row.userId,
    kind: 'withdrawal_rejected',
    params: { reference: row.referenceCode, reason },
    link: '/customer/cash/',
  });
  return serializeTransaction(after, context.t);
}
