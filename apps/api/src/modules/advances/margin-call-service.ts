// What happens on a margin call after it opens (docs/decisions/038): the customer confirms the remedy she
// ranked, the operator offers forbearance (Directive (EU) 2023/2225 Art. 35) and she answers, and only
// after the offer and the grace period may the operator enforce by selling pledged fund units. The
// customer's remedy and the bank's sale each settle the call under the advance's lock, and each refuses
// a call already settled: never both.
import { FORBEARANCE_EXTENSION_BUSINESS_DAYS, MARGIN_CALL_GRACE_BUSINESS_DAYS } from '@lombard/shared/constants';
import { marginCall } from '@lombard/shared/money/borrowing-power';
import { addBusinessDays, calendarDate } from '@lombard/shared/money/business-days';
import { graceDeadline, type RemedyStep } from '@lombard/shared/money/margin-alerts';
import type { EnforcementResult, ForbearanceAnswer } from '@lombard/shared/schemas/margin-alerts';
import Decimal from 'decimal.js';
import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { marginCalls } from '../../db/schema/advances';
import { AppError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { formatDate, formatMoney } from '../../lib/format';
import { recordAudit } from '../../lib/resource/audit';
import { pledgeLines } from './collateral';
import { tellCustomer } from './customer-notice';
import { deferNextInstalment } from './deferral';
import { sellPledgedUnits } from './forced-sale';
import { checkAdvance, pledgedLinesNow } from './margin-calls';
import { type AdvanceRow, addEvent, lockAdvance } from './records';
import { proposal, readRanking } from './remedy';
import { requestRepayment } from './repayment';

type CallRow = typeof marginCalls.$inferSelect;

/** The last day to cure: as set at opening (extended by "more time"), or worked out for older calls. */
export const deadlineOf = (call: CallRow) =>
  call.graceUntil ?? graceDeadline(calendarDate(call.openedAt), MARGIN_CALL_GRACE_BUSINESS_DAYS);

/** The advance's open call, locked (the advance is locked first, always in this order). */
async function lockOpenCall(tx: Transaction, advanceId: number): Promise<CallRow> {
  const [call] = await tx
    .select()
    .from(marginCalls)
    .where(and(eq(marginCalls.advanceId, advanceId), isNull(marginCalls.closedAt)))
    .for('update');
  if (!call) throw new AppError('MARGIN_CALL_NOT_OPEN');
  if (call.resolution) throw new AppError('MARGIN_CALL_RESOLVED');
  return call;
}

/** The customer's own advance and its open call, locked in that order. */
async function lockHerCall(tx: Transaction, input: { userId: number; advanceId: number }) {
  const advance = await lockAdvance(tx, input.advanceId, input.userId);
  return { advance, call: await lockOpenCall(tx, advance.id) };
}

/** An operator's call by id: its advance locked first, then the call, which must be the open one. */
async function lockCallById(tx: Transaction, callId: number) {
  const [found] = await tx
    .select({ advanceId: marginCalls.advanceId })
    .from(marginCalls)
    .where(eq(marginCalls.id, callId));
  if (!found) throw new AppError('NOT_FOUND');
  const advance = await lockAdvance(tx, found.advanceId);
  const call = await lockOpenCall(tx, advance.id);
  if (call.id !== callId) throw new AppError('MARGIN_CALL_NOT_OPEN');
  return { advance, call };
}

/** The call's shortfall at today's prices, under the lock; a call the prices have cured is refused. */
async function shortfallNow(tx: Transaction, advance: AdvanceRow): Promise<string> {
  const call = marginCall({
    outstanding: new Decimal(advance.outstanding).toFixed(2),
    pledgedLines: await pledgedLinesNow(tx, advance.id),
  });
  if (!call) throw new AppError('MARGIN_CALL_NOT_OPEN');
  return call.shortfall;
}

/** Carries out the sale and pledge steps; answers the proceeds of the sales. */
async function carryOut(
  tx: Transaction,
  context: FlowContext,
  advance: AdvanceRow,
  steps: RemedyStep[],
  free: Awaited<ReturnType<typeof proposal>>['free'],
): Promise<Decimal> {
  let proceeds = new Decimal(0);
  const pledging = steps.flatMap((step) =>
    step.method === 'pledge' ? free.filter((line) => line.key === step.key) : [],
  );
  if (pledging.length > 0) await pledgeLines(tx, advance.userId, advance.id, pledging);
  for (const step of steps) {
    if (step.method !== 'sell') continue;
    proceeds = proceeds.plus(
      await sellPledgedUnits(tx, {
        userId: advance.userId,
        advanceId: advance.id,
        productId: Number(step.key.split(':')[1]),
        units: step.units,
        actorId: context.actor.id,
        now: context.now,
      }),
    );
  }
  return proceeds;
}

/** What the remedy's steps repay from the customer's cash. */
const fromCash = (steps: RemedyStep[]) =>
  steps.reduce((sum, step) => (step.method === 'cash' ? sum.plus(step.amount) : sum), new Decimal(0));

/** After the steps: the loan less what is being repaid must be within the new limit, or nothing happens. */
async function assertCured(tx: Transaction, advance: AdvanceRow, repayment: Decimal) {
  const owed = new Decimal(advance.outstanding).minus(repayment);
  const cured = marginCall({ outstanding: owed.toFixed(2), pledgedLines: await pledgedLinesNow(tx, advance.id) });
  if (cured) throw new AppError('REMEDY_CHANGED');
}

async function settle(
  tx: Transaction,
  context: FlowContext,
  call: CallRow,
  resolution: 'customer_remedy' | 'enforced',
) {
  await tx
    .update(marginCalls)
    .set({ resolution, resolvedAt: context.now, resolvedBy: context.actor.id })
    .where(eq(marginCalls.id, call.id));
}

/** The customer confirms her ranked remedy for the shortfall she was shown. */
export async function confirmRemedy(
  tx: Transaction,
  context: FlowContext,
  input: { userId: number; advanceId: number; shortfall: string },
) {
  const { advance, call } = await lockHerCall(tx, input);
  const shortfall = await shortfallNow(tx, advance);
  if (!new Decimal(shortfall).eq(input.shortfall)) throw new AppError('REMEDY_CHANGED');
  const plan = await proposal(tx, { userId: advance.userId, advanceId: advance.id, shortfall, t: context.t });
  if (!plan.remedy.cures) throw new AppError('REMEDY_NOT_ENOUGH');
  const proceeds = await carryOut(tx, context, advance, plan.remedy.steps, plan.free);
  const repayment = fromCash(plan.remedy.steps).plus(proceeds);
  await assertCured(tx, advance, repayment);
  // The repayment path checks the cash under its lock and books the principal (its job closes the call).
  if (repayment.gt(0)) await requestRepayment(tx, context, advance.userId, advance.id, repayment.toFixed(2));
  await settle(tx, context, call, 'customer_remedy');
  await addEvent(tx, advance.id, 'margin_remedy', { amount: repayment.toFixed(2) }, context.actor.id, context.now);
  await recordAudit(tx, context.actor, {
    action: 'margin_remedy',
    objectType: 'advances',
    objectId: advance.id,
    after: { call: call.id, shortfall, steps: plan.remedy.steps, repayment: repayment.toFixed(2) },
    requestId: context.requestId,
    ip: context.ip,
  });
  // Pledges count at once: a call they cure closes now.
  if (repayment.isZero()) await checkAdvance(tx, await lockAdvance(tx, advance.id), context, context.now);
}

/** The operator offers forbearance before any sale; the customer is told with the deadline. */
export async function offerForbearance(tx: Transaction, context: FlowContext, callId: number) {
  const { advance, call } = await lockCallById(tx, callId);
  if (call.forbearanceOfferedAt) throw new AppError('FORBEARANCE_ALREADY_OFFERED');
  // She always has a full grace period after the offer to answer it, however late it comes.
  const answerBy = addBusinessDays(context.today, MARGIN_CALL_GRACE_BUSINESS_DAYS);
  const deadline = deadlineOf(call) > answerBy ? deadlineOf(call) : answerBy;
  await tx
    .update(marginCalls)
    .set({ forbearanceOfferedAt: context.now, forbearanceOfferedBy: context.actor.id, graceUntil: deadline })
    .where(eq(marginCalls.id, call.id));
  await addEvent(tx, advance.id, 'forbearance_offered', {}, context.actor.id, context.now);
  await recordAudit(tx, context.actor, {
    action: 'forbearance_offer',
    objectType: 'margin_calls',
    objectId: call.id,
    requestId: context.requestId,
    ip: context.ip,
  });
  await tellCustomer(tx, context, {
    userId: advance.userId,
    advanceId: advance.id,
    notification: 'forbearance_offered',
    notice: 'forbearanceOffered',
    params: (language) => ({ reference: String(advance.id), deadline: formatDate(deadline, language) }),
  });
}

/**
 * Her answer to the offer; "more time" moves the deadline by the extension's business days, "deferral"
 * moves her next unpaid instalment and the later ones a quarter on.
 */
export async function answerForbearance(
  tx: Transaction,
  context: FlowContext,
  input: { userId: number; advanceId: number; answer: ForbearanceAnswer },
) {
  const { advance, call } = await lockHerCall(tx, input);
  if (!call.forbearanceOfferedAt) throw new AppError('FORBEARANCE_NOT_OFFERED');
  if (call.forbearanceAnswer) throw new AppError('FORBEARANCE_ALREADY_ANSWERED');
  const graceUntil =
    input.answer === 'more_time'
      ? addBusinessDays(deadlineOf(call), FORBEARANCE_EXTENSION_BUSINESS_DAYS)
      : deadlineOf(call);
  // A deferral moves the schedule at once, in this transaction, on the instalments read under lock.
  const deferral = input.answer === 'deferral' ? await deferNextInstalment(tx, advance) : null;
  await tx
    .update(marginCalls)
    .set({ forbearanceAnswer: input.answer, forbearanceAnsweredAt: context.now, graceUntil })
    .where(eq(marginCalls.id, call.id));
  await addEvent(tx, advance.id, 'forbearance_answered', { answer: input.answer }, context.actor.id, context.now);
  if (deferral) {
    const { number, from, to, maturity } = deferral;
    await addEvent(
      tx,
      advance.id,
      'instalment_deferred',
      { number, from, to, maturity },
      context.actor.id,
      context.now,
    );
  }
  await recordAudit(tx, context.actor, {
    action: 'forbearance_answer',
    objectType: 'margin_calls',
    objectId: call.id,
    after: { answer: input.answer, grace_until: graceUntil, ...(deferral ? { deferral } : {}) },
    requestId: context.requestId,
    ip: context.ip,
  });
}

/**
 * The operator's enforcement: refused until forbearance was offered and the grace period has passed
 * without cure; then the remedy the customer ranked in advance is applied as she would have confirmed it
 * (her cash, further lines pledged, pledged units sold, in her order), only as far as it cures the call;
 * a customer who ranked nothing has pledged fund units sold, as the contract provides. Cash and sale
 * proceeds repay the advance.
 */
export async function enforceCall(tx: Transaction, context: FlowContext, callId: number): Promise<EnforcementResult> {
  const { advance, call } = await lockCallById(tx, callId);
  if (!call.forbearanceOfferedAt) throw new AppError('FORBEARANCE_NOT_OFFERED');
  const deadline = deadlineOf(call);
  if (context.today <= deadline) {
    throw new AppError('GRACE_PERIOD_RUNNING', { params: { deadline: formatDate(deadline, context.language) } });
  }
  const shortfall = await shortfallNow(tx, advance);
  const { saved: ranked } = await readRanking(tx, advance.userId);
  const plan = await proposal(tx, {
    userId: advance.userId,
    advanceId: advance.id,
    shortfall,
    t: context.t,
    methods: ranked ? undefined : ['sell'],
  });
  const { steps } = plan.remedy;
  const cash = fromCash(steps);
  const proceeds = await carryOut(tx, context, advance, steps, plan.free);
  const repayment = cash.plus(proceeds);
  if (repayment.gt(0)) await requestRepayment(tx, context, advance.userId, advance.id, repayment.toFixed(2));
  await settle(tx, context, call, 'enforced');
  const sold = steps.flatMap((step) =>
    step.method === 'sell' ? [{ key: step.key, units: step.units, proceeds: step.proceeds }] : [],
  );
  const pledged = steps.flatMap((step) => (step.method === 'pledge' ? [step.key] : []));
  // The texts say what was done: her ranked remedy (`_ranked`), or the contract's sale.
  const done = {
    amount: repayment.toFixed(2),
    cash: cash.toFixed(2),
    sold: proceeds.toFixed(2),
    pledged: pledged.length,
    ...(ranked ? { context: 'ranked' } : {}),
  };
  await addEvent(tx, advance.id, 'margin_enforced', done, context.actor.id, context.now);
  await recordAudit(tx, context.actor, {
    action: 'enforce',
    objectType: 'margin_calls',
    objectId: call.id,
    after: { shortfall, ranked, steps, repayment: done.amount },
    requestId: context.requestId,
    ip: context.ip,
  });
  await tellCustomer(tx, context, {
    userId: advance.userId,
    advanceId: advance.id,
    notification: 'margin_enforced',
    notice: 'marginEnforced',
    sms: true,
    params: (language) => ({
      ...done,
      reference: String(advance.id),
      amount: formatMoney(done.amount, language),
      cash: formatMoney(done.cash, language),
      sold: formatMoney(done.sold, language),
    }),
  });
  // Pledges count at once: a call they alone cure closes now.
  if (repayment.isZero()) await checkAdvance(tx, await lockAdvance(tx, advance.id), context, context.now);
  return { call_id: call.id, sold, from_cash: done.cash, pledged, repayment: done.amount, cured: plan.remedy.cures };
}
