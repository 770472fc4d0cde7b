// The right of withdrawal (Directive (EU) 2023/2225): within WITHDRAWAL_PERIOD_DAYS of signing the customer
// ends the contract. Paid out already, they give back the principal plus the interest from the payout to
// that day; not paid out yet, nothing. Either way the collateral is free again and the advance is repaid.
import { type AdvanceStatus, nextStatus } from '@lombard/shared/advance-status';
import { WITHDRAWAL_PERIOD_DAYS } from '@lombard/shared/constants';
import { earlyRepaymentPlan, quarterOf, withdrawalSettlement } from '@lombard/shared/money/advance-settlement';
import { calendarDate } from '@lombard/shared/money/business-days';
import { addDays } from '@lombard/shared/money/calendar-days';
import type { WithdrawalQuote } from '@lombard/shared/schemas/advances';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client';
import { advanceInstalments, advanceRepayments, advances } from '../../db/schema/advances';
import { AppError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { formatDate, formatMoney } from '../../lib/format';
import { recordAudit } from '../../lib/resource/audit';
import { endIssuedDocument } from '../documents/service';
import { customerBalances, lockCustomerCash } from '../ledger/service';
import { releaseCollateral } from './collateral';
import { tellCustomer } from './customer-notice';
import { closeMarginCall } from './margin-calls';
import { executedRepayments, payoutDay, postPayback } from './payback';
import { type AdvanceRow, addEvent, assertAllowed, findAdvance, lockAdvance } from './records';

/** The last day of the right of withdrawal of a signed advance (the signing day is day 0). */
export function withdrawalDeadline(advance: Pick<AdvanceRow, 'signedAt'>): string | null {
  return advance.signedAt ? addDays(calendarDate(advance.signedAt), WITHDRAWAL_PERIOD_DAYS) : null;
}

function afterRepayments(advance: AdvanceRow, repayments: { date: string; amount: string }[], today: string) {
  const principal = new Decimal(advance.outstanding).toFixed(2);
  const plan = earlyRepaymentPlan({
    terms: {
      principal: new Decimal(advance.amount).toFixed(2),
      annualRate: advance.annualRate,
      startDate: payoutDay(advance)!,
      instalments: advance.instalments,
    },
    paidInstalments: 0,
    repayments,
    amount: principal,
    date: today,
  });
  return { principal, interest: plan.interestDueNow, total: plan.totalDueNow };
}

export interface WithdrawalOutcome {
  principal: string;
  interest: string;
  total: string;
}

/**
 * What withdrawing today takes from cash (principal and interest to date, the shared settlement), and
 * whether today is still within the window: the confirmation shows it, the withdrawal books it.
 */
export async function withdrawalFigures(db: Queryable, advance: AdvanceRow, today: string) {
  if (!advance.signedAt) throw new Error(`advance ${advance.id} is ${advance.status} without a signature`);
  const payout = payoutDay(advance);
  const repaid = payout ? await executedRepayments(db, advance.id) : [];
  const window = withdrawalSettlement({
    principal: new Decimal(advance.amount).toFixed(2),
    annualRate: advance.annualRate,
    payoutDate: payout,
    signedDate: calendarDate(advance.signedAt),
    withdrawalDate: today,
    quarterEnd: payout ? quarterOf(payout, 1).dueDate : today,
  });
  // Repaid in part since the payout: what is left, with the interest of each part for its own days.
  const settlement: WithdrawalOutcome = repaid.length > 0 ? afterRepayments(advance, repaid, today) : window;
  return { withinWindow: window.withinWindow, settlement };
}

/** GET …/withdrawal-quote/: the amounts the confirmation names, before anything moves. */
export async function quoteWithdrawal(
  db: Queryable,
  context: Pick<FlowContext, 'today' | 't' | 'language'>,
  userId: number,
  id: number,
): Promise<WithdrawalQuote> {
  const advance = await findAdvance(db, id, { userId });
  assertAllowed(advance, 'withdraw', 'customer', context.t);
  const { withinWindow, settlement } = await withdrawalFigures(db, advance, context.today);
  if (!withinWindow) {
    throw new AppError('ADVANCE_WITHDRAWAL_PERIOD_OVER', {
      params: { date: formatDate(withdrawalDeadline(advance)!, context.language) },
    });
  }
  const { available } = (await customerBalances(db, userId)).cash;
  return {
    principal: settlement.principal,
    interest: settlement.interest,
    total: settlement.total,
    available_cash: available.toFixed(2),
    deadline: withdrawalDeadline(advance)!,
  };
}

export async function withdrawAdvance(
  tx: Transaction,
  context: FlowContext,
  userId: number,
  id: number,
): Promise<WithdrawalOutcome> {
  const advance = await lockAdvance(tx, id, userId);
  assertAllowed(advance, 'withdraw', 'customer', context.t);
  const to = nextStatus(advance.status as AdvanceStatus, 'withdraw', 'customer')!;
  const { withinWindow, settlement } = await withdrawalFigures(tx, advance, context.today);
  if (!withinWindow) {
    throw new AppError('ADVANCE_WITHDRAWAL_PERIOD_OVER', {
      params: { date: formatDate(withdrawalDeadline(advance)!, context.language) },
    });
  }
  const [pending] = await tx
    .select({ id: advanceRepayments.id })
    .from(advanceRepayments)
    .where(and(eq(advanceRepayments.advanceId, id), eq(advanceRepayments.status, 'pending')));
  if (pending) throw new AppError('ADVANCE_REPAYMENT_IN_PROGRESS');
  const total = new Decimal(settlement.total);
  if (total.gt(0)) {
    const { available } = await lockCustomerCash(tx, userId);
    if (total.gt(available)) {
      throw new AppError('ADVANCE_REPAYMENT_ABOVE_CASH', {
        params: { available: formatMoney(available, context.language) },
      });
    }
  }
  const [row] = await tx
    .insert(advanceRepayments)
    .values({
      advanceId: id,
      amount: settlement.principal,
      interest: settlement.interest,
      kind: 'withdrawal',
      status: 'executed',
      createdAt: context.now,
      executedAt: context.now,
    })
    .returning({ id: advanceRepayments.id });
  if (total.gt(0)) {
    await postPayback(tx, {
      kind: 'advance.withdrawal',
      reference: `advance_repayments:${row!.id}`,
      userId,
      actorId: context.actor.id,
      principal: settlement.principal,
      interest: settlement.interest,
      from: 'customer.cash',
    });
  }
  // No quarter of a withdrawn contract falls due.
  await tx
    .delete(advanceInstalments)
    .where(and(eq(advanceInstalments.advanceId, id), eq(advanceInstalments.state, 'scheduled')));
  await tx
    .update(advances)
    .set({ status: to, outstanding: '0.00', endedAt: context.now, updatedAt: context.now })
    .where(eq(advances.id, id));
  await releaseCollateral(tx, advance.userId, advance.id, context.now);
  if (advance.contractFileId) await endIssuedDocument(tx, advance.contractFileId, context.today);
  await closeMarginCall(tx, id, context.now);
  await addEvent(
    tx,
    id,
    'withdrawn',
    { amount: settlement.total, principal: settlement.principal, interest: settlement.interest },
    context.actor.id,
    context.now,
  );
  await recordAudit(tx, context.actor, {
    action: 'withdraw',
    objectType: 'advances',
    objectId: id,
    before: { status: advance.status },
    after: { status: to, ...settlement },
    requestId: context.requestId,
    ip: context.ip,
  });
  await tellCustomer(tx, context, {
    userId,
    advanceId: id,
    notification: 'advance_status',
    notice: 'withdrawn',
    params: (language) => ({
      reference: String(id),
      principal: formatMoney(settlement.principal, language),
      interest: formatMoney(settlement.interest, language),
      total: formatMoney(settlement.total, language),
    }),
  });
  return { principal: settlement.principal, interest: settlement.interest, total: settlement.total };
}
