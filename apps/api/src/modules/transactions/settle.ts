// Settlement by an operator: an investment at its product's NAV of the day (units bought, entry cost
// earned), a disinvestment once due at the NAV of its execution day (proceeds to cash, the fund's gain or
// loss booked). Each order in its own savepoint: one that cannot settle is skipped with the reason. Each
// settled order queues its contract note (contract-note.ts).
import { investmentBreakdown, money, releasedCost, saleProceeds, units } from '@lombard/shared/money/orders';
import type { Profile } from '@lombard/shared/permissions';
import type { SettleResult } from '@lombard/shared/schemas/transactions';
import Decimal from 'decimal.js';
import type { Transaction } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { formatDate } from '../../lib/format';
import { translator } from '../../lib/i18n';
import { enqueueJob } from '../../lib/jobs/queue';
import { queueEmail, renderEmail } from '../../lib/outbox';
import { recordAudit } from '../../lib/resource/audit';
import { getAccount, setProfiles } from '../account/service';
import { lockBalance, postEntry } from '../ledger/service';
import { notifyUser } from '../notifications/service';
import { navOn, productForOrder } from '../products/service';
import { CONTRACT_NOTE_JOB, type ContractNotePayload } from './contract-note';
import { findTransaction, type TransactionRow, updateTransaction } from './records';

/** Why an order was skipped: a message for the operator, or a typed error's own message. */
class Skip extends Error {}

async function priceOn(tx: Transaction, context: FlowContext, row: TransactionRow, date: string) {
  const nav = await navOn(tx, row.productId!, date);
  if (!nav) {
    throw new AppError('NAV_MISSING', {
      params: { product: row.productName ?? String(row.productId), date: formatDate(date, context.language) },
    });
  }
  return nav;
}

async function settleInvestment(tx: Transaction, context: FlowContext, row: TransactionRow) {
  const product = await productForOrder(tx, row.productId!);
  if (!product) throw new AppError('NOT_FOUND');
  const nav = await priceOn(tx, context, row, context.today);
  const amount = new Decimal(row.amount!);
  const { fee, net, units: bought } = investmentBreakdown(amount, product.entryCost, nav.nav);
  const userId = row.userId;
  const productId = product.id;
  await postEntry(tx, {
    kind: 'invest.settle',
    reference: `transactions:${row.id}`,
    userId,
    actorId: context.actor.id,
    lines: [
      { account: { kind: 'customer.cash_reserved', userId }, amount: amount.neg() },
      { account: { kind: 'customer.position_cost', userId, productId }, amount: net },
      { account: { kind: 'platform.fees' }, amount: fee },
      { account: { kind: 'platform.fund_units', productId }, amount: bought.neg() },
      { account: { kind: 'customer.units', userId, productId }, amount: bought },
    ],
  });
  await updateTransaction(tx, row.id, {
    status: 'executed',
    units: units(bought),
    nav: nav.nav,
    navDate: nav.navDate,
    fee: money(fee),
    executedAt: context.now,
    decidedBy: context.actor.id,
  });
  await promoteLead(tx, context, userId);
}

async function settleDisinvestment(tx: Transaction, context: FlowContext, row: TransactionRow) {
  if (!row.executeOn || row.executeOn > context.today) {
    throw new Skip(context.t('transactions:skippedNotDue', { date: formatDate(row.executeOn!, context.language) }));
  }
  const nav = await priceOn(tx, context, row, row.executeOn);
  const userId = row.userId;
  const productId = row.productId!;
  const sold = new Decimal(row.units!);
  // Locked: the cost released depends on what is held, which a concurrent settlement could change.
  let held = new Decimal(0);
  for (const kind of ['customer.units', 'customer.units_reserved', 'customer.units_pledged'] as const) {
    held = held.plus(await lockBalance(tx, { kind, userId, productId }));
  }
  const cost = releasedCost(await lockBalance(tx, { kind: 'customer.position_cost', userId, productId }), sold, held);
  const proceeds = saleProceeds(sold, nav.nav);
  await postEntry(tx, {
    kind: 'disinvest.execute',
    reference: `transactions:${row.id}`,
    userId,
    actorId: context.actor.id,
    lines: [
      { account: { kind: 'customer.units_reserved', userId, productId }, amount: sold.neg() },
      { account: { kind: 'platform.fund_units', productId }, amount: sold },
      { account: { kind: 'customer.position_cost', userId, productId }, amount: cost.neg() },
      { account: { kind: 'customer.cash', userId }, amount: proceeds },
      { account: { kind: 'platform.fund_capital', productId }, amount: cost.minus(proceeds) },
    ],
  });
  await updateTransaction(tx, row.id, {
    status: 'executed',
    amount: money(proceeds),
    nav: nav.nav,
    navDate: nav.navDate,
    executedAt: context.now,
    decidedBy: context.actor.id,
  });
}

/** A lead's first settled investment makes them a customer (other profiles kept), told by e-mail. */
export async function promoteLead(tx: Transaction, context: FlowContext, userId: number) {
  const account = await getAccount(tx, userId);
  if (!account?.attributes.includes('lead') || account.attributes.includes('customer')) return;
  const next: Profile[] = ['customer', ...account.attributes.filter((p) => p !== 'lead')];
  await setProfiles(tx, userId, next);
  await recordAudit(tx, context.actor, {
    action: 'promote',
    objectType: 'users.profiles',
    objectId: userId,
    before: { attributes: account.attributes },
    after: { attributes: next },
    requestId: context.requestId,
    ip: context.ip,
  });
  const t = translator(account.language);
  const content = renderEmail({
    greeting: account.firstName ? t('emails:greeting', { name: account.firstName }) : t('emails:greetingAnonymous'),
    paragraphs: [t('emails:customerPromoted.intro'), t('emails:customerPromoted.next')],
    action: { label: t('emails:customerPromoted.action'), url: `${context.publicUrl}/customer/wallet/` },
    footer: t('emails:footer', { supportEmail: context.supportEmail }),
  });
  await queueEmail(tx, {
    to: account.email,
    template: 'customer_promoted',
    language: account.language,
    subject: t('emails:customerPromoted.subject'),
    ...content,
  });
}

/** Settles one order in the caller's transaction; throws Skip or an AppError when it cannot. */
async function settleOne(tx: Transaction, context: FlowContext, id: number) {
  const row = await findTransaction(tx, id, { lock: true });
  if (!row) throw new Skip(context.t('transactions:skippedNotFound'));
  if (row.type !== 'invest' && row.type !== 'disinvest') throw new Skip(context.t('transactions:skippedNotOrder'));
  if (row.status === 'awaiting_transfer') throw new Skip(context.t('transactions:skippedAwaitingTransfer'));
  if (row.status !== 'submitted') throw new Skip(context.t('transactions:skippedNotPending'));
  const before = { status: row.status };
  if (row.type === 'invest') await settleInvestment(tx, context, row);
  else await settleDisinvestment(tx, context, row);
  const after = await findTransaction(tx, id);
  await recordAudit(tx, context.actor, {
    action: 'settle',
    objectType: 'transactions',
    objectId: id,
    before,
    after: { status: after?.status, units: after?.units, nav: after?.nav, amount: after?.amount, fee: after?.fee },
    requestId: context.requestId,
    ip: context.ip,
  });
  await notifyUser(tx, {
    userId: row.userId,
    kind: 'order_settled',
    params: { reference: row.referenceCode, product: row.productName ?? '' },
    link: '/customer/transaction/',
  });
  // In the order's savepoint: an order settled has its note queued, one skipped has none.
  await enqueueJob(tx, CONTRACT_NOTE_JOB, { transactionId: id } satisfies ContractNotePayload);
}

export async function settleOrders(tx: Transaction, context: FlowContext, ids: number[]): Promise<SettleResult> {
  const settled: number[] = [];
  const skipped: SettleResult['skipped'] = [];
  for (const id of [...new Set(ids)]) {
    try {
      await tx.transaction((savepoint) => settleOne(savepoint, context, id));
      settled.push(id);
    } catch (error) {
      if (error instanceof Skip) skipped.push({ id, reason: error.message });
      else if (error instanceof AppError) skipped.push({ id, reason: context.t(error.messageKey, error.params) });
      else throw error;
    }
  }
  return { detail: context.t('transactions:settled', { count: settled.length }), settled, skipped };
}
