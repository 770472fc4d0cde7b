// Early repayment (Directive (EU) 2023/2225: at any time; Lombard asks no compensation, and the quote shows
// the directive's cap on one beside the zero it charges, docs/decisions/037). The quote shows the recomputed schedule
// and APR; the request sets the cash aside (one request pending per advance) and a job books it: the
// principal falls from the request's day, and a full repayment also settles the interest accrued in the
// running quarter and any instalment already due, ends the advance and frees the collateral.
import { ADVANCE_STATUS } from '@lombard/shared/advance-status';
import { validateRepayment } from '@lombard/shared/money/advance-request-rules';
import { earlyRepaymentPlan, instalmentPeriod } from '@lombard/shared/money/advance-settlement';
import { calendarDate } from '@lombard/shared/money/business-days';
import { earlyRepaymentCompensation } from '@lombard/shared/money/early-repayment-compensation';
import type { RepaymentQuote, RuleMessage } from '@lombard/shared/schemas/advances';
import Decimal from 'decimal.js';
import { and, eq, gt } from 'drizzle-orm';
import { type Database, inTransaction, type Queryable, sqlState, type Transaction } from '../../db/client';
import { advanceInstalments, advanceRepayments, advances } from '../../db/schema/advances';
import { AppError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { formatMoney } from '../../lib/format';
import { type Translate, translator } from '../../lib/i18n';
import { enqueueJob, type JobHandler } from '../../lib/jobs/queue';
import { recordAudit } from '../../lib/resource/audit';
import { customerBalances, lockCustomerCash, postEntry } from '../ledger/service';
import { releaseCollateral } from './collateral';
import { type NoticeSettings, tellCustomer } from './customer-notice';
import { checkAdvance, closeMarginCall } from './margin-calls';
import { executedRepayments, payoutDay, postPayback, scheduledDueDates } from './payback';
import { type AdvanceRow, addEvent, assertAllowed, lockAdvance, statusLabel } from './records';

export const ADVANCE_REPAYMENT_JOB = 'advances.repayment';

async function paidCount(db: Queryable, advanceId: number): Promise<number> {
  const rows = await db
    .select({ id: advanceInstalments.id })
    .from(advanceInstalments)
    .where(and(eq(advanceInstalments.advanceId, advanceId), eq(advanceInstalments.state, 'paid')));
  return rows.length;
}

/** What repaying `amount` on `date` does, by the shared plan (of an active advance: see assertAllowed). */
async function plan(db: Queryable, advance: AdvanceRow, amount: string, date: string, t: Translate) {
  // On or after maturity the last instalment takes the principal (the interest job), not a repayment.
  // The schedule's own dates: a deferral (decision 038) moves them, maturity too.
  const dueDates = await scheduledDueDates(db, advance.id);
  const maturityDate = instalmentPeriod({ startDate: payoutDay(advance)!, dueDates }, advance.instalments).dueDate;
  if (date >= maturityDate) {
    throw new AppError('ADVANCE_TRANSITION_NOT_ALLOWED', { params: { status: statusLabel(advance.status, t) } });
  }
  const result = earlyRepaymentPlan({
    terms: {
      principal: new Decimal(advance.amount).toFixed(2),
      annualRate: advance.annualRate,
      startDate: payoutDay(advance)!,
      instalments: advance.instalments,
      dueDates,
    },
    paidInstalments: await paidCount(db, advance.id),
    repayments: await executedRepayments(db, advance.id),
    amount,
    date,
  });
  // A full repayment also pays the instalments already due and not yet collected.
  const dueNow = result.fullRepayment
    ? result.schedule.reduce((sum, row) => sum.plus(row.interest), new Decimal(result.interestDueNow))
    : new Decimal(0);
  // What repaying early costs beyond the interest: Lombard's own figure (none) within the directive's cap.
  const compensation = earlyRepaymentCompensation({ amount, annualRate: advance.annualRate, date, maturityDate });
  return { ...result, interestNow: dueNow, compensation, maturityDate };
}

const pendingOf = async (db: Queryable, advanceId: number) =>
  (
    await db
      .select({ id: advanceRepayments.id })
      .from(advanceRepayments)
      .where(and(eq(advanceRepayments.advanceId, advanceId), eq(advanceRepayments.status, 'pending')))
  )[0] ?? null;

/** The quote shown before confirming: recomputed schedule and APR, and what would stop the request. */
export async function quoteRepayment(
  db: Queryable,
  context: FlowContext,
  userId: number,
  id: number,
  amount: string,
): Promise<RepaymentQuote> {
  const [advance] = await db
    .select()
    .from(advances)
    .where(and(eq(advances.id, id), eq(advances.userId, userId)));
  if (!advance) throw new AppError('NOT_FOUND');
  assertAllowed(advance, 'repay', 'customer', context.t);
  const outstanding = new Decimal(advance.outstanding).toFixed(2);
  const available = (await customerBalances(db, userId)).cash.available.toFixed(2);
  const issues = validateRepayment({ amount, availableCash: available, outstanding });
  const messages: Record<string, RuleMessage> = {};
  for (const [field, issue] of Object.entries(issues)) {
    const params = Object.fromEntries(
      Object.entries(issue.params ?? {}).map(([k, v]) => [k, formatMoney(v, context.language)]),
    );
    messages[field] = { key: issue.key, params, text: context.t(issue.key, params) };
  }
  if (await pendingOf(db, id)) {
    messages.amount = {
      key: 'errors:ADVANCE_REPAYMENT_IN_PROGRESS',
      text: context.t('errors:ADVANCE_REPAYMENT_IN_PROGRESS'),
    };
  }
  const repayable = Decimal.min(amount, outstanding).toFixed(2);
  const result = await plan(db, advance, repayable, context.today, context.t);
  const total = new Decimal(repayable).plus(result.interestNow);
  if (!messages.amount && total.gt(available)) {
    const params = { availableCash: formatMoney(available, context.language) };
    messages.amount = {
      key: 'validation:repaymentAboveCash',
      params,
      text: context.t('validation:repaymentAboveCash', params),
    };
  }
  return {
    amount: repayable,
    outstanding_before: result.outstandingBefore,
    outstanding_after: result.outstanding,
    accrued_interest: result.interestNow.toFixed(2),
    available_cash: available,
    full: result.fullRepayment,
    schedule: result.schedule.map((row) => ({
      number: row.number,
      due_date: row.dueDate,
      interest: row.interest,
      principal: row.principal,
      total: row.total,
    })),
    apr: result.apr,
    compensation: {
      charged: result.compensation.charged,
      cap: result.compensation.cap,
      cap_rate: result.compensation.capRate,
      percentage_cap: result.compensation.percentageCap,
      remaining_interest: result.compensation.remainingInterest,
      over_a_year: result.compensation.overAYear,
      maturity_date: result.maturityDate,
    },
    messages,
    valid: Object.keys(messages).length === 0,
  };
}

/** The customer's request: checked, cash set aside, booked by the repayment job. */
export async function requestRepayment(
  tx: Transaction,
  context: FlowContext,
  userId: number,
  id: number,
  amount: string,
): Promise<void> {
  const advance = await lockAdvance(tx, id, userId);
  assertAllowed(advance, 'repay', 'customer', context.t);
  if (await pendingOf(tx, id)) throw new AppError('ADVANCE_REPAYMENT_IN_PROGRESS');
  const outstanding = new Decimal(advance.outstanding);
  if (new Decimal(amount).gt(outstanding)) {
    throw new AppError('ADVANCE_REPAYMENT_ABOVE_OUTSTANDING', {
      params: { outstanding: formatMoney(outstanding, context.language) },
    });
  }
  const result = await plan(tx, advance, new Decimal(amount).toFixed(2), context.today, context.t);
  // Lombard charges no compensation (EARLY_REPAYMENT_COMPENSATION_RATE is zero): the quote shows 0,00 and
  // nothing beyond the principal and the interest due is set aside. A non-zero rate would need its own
  // ledger line at booking (decision 037).
  const total = new Decimal(amount).plus(result.interestNow);
  const { available } = await lockCustomerCash(tx, userId);
  if (total.gt(available)) {
    throw new AppError('ADVANCE_REPAYMENT_ABOVE_CASH', {
      params: { available: formatMoney(available, context.language) },
    });
  }
  let repaymentId: number;
  try {
    const [row] = await tx
      .insert(advanceRepayments)
      .values({
        advanceId: id,
        amount: new Decimal(amount).toFixed(2),
        interest: result.interestNow.toFixed(2),
        kind: 'repayment',
        status: 'pending',
        createdAt: context.now,
      })
      .returning({ id: advanceRepayments.id });
    repaymentId = row!.id;
  } catch (error) {
    if (sqlState(error) === '23505') throw new AppError('ADVANCE_REPAYMENT_IN_PROGRESS');
    throw error;
  }
  await postEntry(tx, {
    kind: 'advance.repayment.request',
    reference: `advance_repayments:${repaymentId}`,
    userId,
    actorId: context.actor.id,
    lines: [
      { account: { kind: 'customer.cash', userId }, amount: total.neg() },
      { account: { kind: 'customer.cash_reserved', userId }, amount: total },
    ],
  });
  await recordAudit(tx, context.actor, {
    action: 'repayment_request',
    objectType: 'advances',
    objectId: id,
    after: {
      repayment: repaymentId,
      amount: new Decimal(amount).toFixed(2),
      interest: result.interestNow.toFixed(2),
      compensation: result.compensation.charged,
    },
    requestId: context.requestId,
    ip: context.ip,
  });
  await enqueueJob(tx, ADVANCE_REPAYMENT_JOB, { id: repaymentId });
}

/** Books a pending repayment on the day it was asked for; the advance ends when nothing is owed. */
export async function executeRepayment(tx: Transaction, repaymentId: number, settings: NoticeSettings, now: Date) {
  const [pending] = await tx
    .select()
    .from(advanceRepayments)
    .where(and(eq(advanceRepayments.id, repaymentId), eq(advanceRepayments.status, 'pending')))
    .for('update');
  if (!pending) return;
  const advance = await lockAdvance(tx, pending.advanceId);
  const total = new Decimal(pending.amount).plus(pending.interest);
  if (advance.status !== ADVANCE_STATUS.active) {
    // Ended meanwhile (the last instalment took the principal): the cash set aside goes back.
    await postEntry(tx, {
      kind: 'advance.repayment.cancel',
      reference: `advance_repayments:${repaymentId}`,
      userId: advance.userId,
      lines: [
        { account: { kind: 'customer.cash_reserved', userId: advance.userId }, amount: total.neg() },
        { account: { kind: 'customer.cash', userId: advance.userId }, amount: total },
      ],
    });
    await tx.update(advanceRepayments).set({ status: 'cancelled' }).where(eq(advanceRepayments.id, repaymentId));
    return;
  }
  const date = calendarDate(pending.createdAt);
  const result = await plan(tx, advance, new Decimal(pending.amount).toFixed(2), date, translator('it'));
  await postPayback(tx, {
    kind: 'advance.repayment',
    reference: `advance_repayments:${repaymentId}`,
    userId: advance.userId,
    actorId: null,
    principal: pending.amount,
    interest: pending.interest,
    from: 'customer.cash_reserved',
  });
  await tx
    .update(advanceRepayments)
    .set({ status: 'executed', executedAt: now })
    .where(eq(advanceRepayments.id, repaymentId));
  const amount = new Decimal(pending.amount).toFixed(2);
  if (result.fullRepayment) {
    await tx
      .update(advanceInstalments)
      .set({ state: 'paid', paidAt: now })
      .where(and(eq(advanceInstalments.advanceId, advance.id), eq(advanceInstalments.state, 'overdue')));
    // The quarters after the repayment will not happen: the contract has ended.
    await tx
      .delete(advanceInstalments)
      .where(and(eq(advanceInstalments.advanceId, advance.id), eq(advanceInstalments.state, 'scheduled')));
    await tx
      .update(advances)
      .set({ status: ADVANCE_STATUS.repaid, outstanding: '0.00', endedAt: now, updatedAt: now })
      .where(eq(advances.id, advance.id));
    await releaseCollateral(tx, advance.userId, advance.id, now);
    await closeMarginCall(tx, advance.id, now);
    await addEvent(tx, advance.id, 'repaid', { amount, interest: pending.interest }, null, now);
  } else {
    for (const row of result.schedule) {
      await tx
        .update(advanceInstalments)
        .set({ interest: row.interest, principal: row.principal })
        .where(
          and(
            eq(advanceInstalments.advanceId, advance.id),
            eq(advanceInstalments.number, row.number),
            eq(advanceInstalments.state, 'scheduled'),
            gt(advanceInstalments.dueDate, date),
          ),
        );
    }
    const [lowered] = await tx
      .update(advances)
      .set({ outstanding: result.outstanding, updatedAt: now })
      .where(eq(advances.id, advance.id))
      .returning();
    await addEvent(tx, advance.id, 'repayment', { amount, outstanding: result.outstanding }, null, now);
    await checkAdvance(tx, lowered!, settings, now);
  }
  await tellCustomer(tx, settings, {
    userId: advance.userId,
    advanceId: advance.id,
    notification: 'advance_status',
    notice: result.fullRepayment ? 'repaid' : 'repayment',
    params: (language) => ({
      reference: String(advance.id),
      amount: formatMoney(amount, language),
      outstanding: formatMoney(result.outstanding, language),
    }),
  });
}

export function repaymentJobHandler(settings: NoticeSettings, clock: () => Date): JobHandler<{ id: number }> {
  return async ({ id }, { db }) => {
    await inTransaction(db as Database, (tx) => executeRepayment(tx, id, settings, clock()));
  };
}
