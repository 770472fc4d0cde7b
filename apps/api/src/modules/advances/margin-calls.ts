// Margin calls: after NAVs are recorded (the products module queues NAVS_RECORDED_JOB) or a stock plan's
// price (STOCK_PLAN_PRICE_RECORDED_JOB, for the advances pledging it), each active advance's pledged lines
// are valued at the latest prices; a loan above the limit they allow opens a margin
// call, told to the customer once per crossing (e-mail, in-app, SMS) with the last day to cure it, and a
// loan back within it closes the call. The warning before the limit follows the same check (alert-stages.ts).
import { ADVANCE_STATUS } from '@lombard/shared/advance-status';
import { MARGIN_CALL_GRACE_BUSINESS_DAYS } from '@lombard/shared/constants';
import { type CollateralLine, lineContribution, marginCall } from '@lombard/shared/money/borrowing-power';
import { calendarDate } from '@lombard/shared/money/business-days';
import { graceDeadline } from '@lombard/shared/money/margin-alerts';
import { positionValue } from '@lombard/shared/money/valuation';
import type { MarginCall } from '@lombard/shared/schemas/advances';
import Decimal from 'decimal.js';
import { and, asc, eq, exists, inArray, isNull } from 'drizzle-orm';
import { type Database, inTransaction, type Queryable, type Transaction } from '../../db/client';
import { advanceCollateral, advances, marginCalls } from '../../db/schema/advances';
import { formatDate, formatMoney } from '../../lib/format';
import type { JobHandler } from '../../lib/jobs/queue';
import { latestNavs } from '../products/service';
import { planPricesOn } from '../stock-plans/service';
import { followStage } from './alert-stages';
import { type NoticeSettings, tellCustomer } from './customer-notice';
import { type AdvanceRow, addEvent, lockAdvance } from './records';

/** The pledged lines of an advance at today's prices: funds at their latest NAV, stock plans at the price in force. */
export async function pledgedLinesNow(db: Queryable, advanceId: number): Promise<CollateralLine[]> {
  return (await pledgedLinesOf(db, [advanceId])).get(advanceId) ?? [];
}

/**
 * The pledged lines of several advances at today's prices, in three statements however many they are
 * (the caller bounds the list: a verification of every advance asks for a batch at a time).
 */
export async function pledgedLinesOf(db: Queryable, advanceIds: number[]): Promise<Map<number, CollateralLine[]>> {
  const byAdvance = new Map<number, CollateralLine[]>(advanceIds.map((id) => [id, []]));
  if (advanceIds.length === 0) return byAdvance;
  const lines = await db
    .select()
    .from(advanceCollateral)
    .where(and(inArray(advanceCollateral.advanceId, advanceIds), isNull(advanceCollateral.releasedAt)))
    .orderBy(asc(advanceCollateral.id));
  const [navs, plans] = await Promise.all([
    latestNavs(db, [...new Set(lines.flatMap((line) => (line.productId ? [line.productId] : [])))]),
    planPricesOn(
      db,
      lines.flatMap((line) => (line.stockPlanId ? [line.stockPlanId] : [])),
    ),
  ]);
  for (const line of lines) {
    const price = line.productId
      ? (navs.get(line.productId)?.nav ?? line.unitPrice)
      : (plans.get(line.stockPlanId!)?.price ?? line.unitPrice);
    byAdvance.get(line.advanceId)?.push({
      key: line.productId ? `position:${line.productId}` : `stock-plan:${line.stockPlanId}`,
      value: positionValue(line.units, price).toFixed(2),
      loanToValue: new Decimal(line.loanToValue).toFixed(4),
    });
  }
  return byAdvance;
}

/**
 * Collateral worth adding when the pledged lines are worth nothing (no weighted loan-to-value exists):
 * the shortfall at the best loan-to-value among them, or the shortfall itself.
 */
function collateralToAddFallback(shortfall: string, lines: CollateralLine[]): string {
  const best = lines.reduce((max, line) => Decimal.max(max, line.loanToValue), new Decimal(0));
  if (best.isZero()) return shortfall;
  return new Decimal(shortfall).div(best).toDecimalPlaces(2, Decimal.ROUND_CEIL).toFixed(2);
}

/** Closes the advance's open margin call, if any (the loan is back within its limit, or it ended). */
export async function closeMarginCall(tx: Queryable, advanceId: number, now: Date): Promise<boolean> {
  const closed = await tx
    .update(marginCalls)
    .set({ closedAt: now })
    .where(and(eq(marginCalls.advanceId, advanceId), isNull(marginCalls.closedAt)))
    .returning({ id: marginCalls.id });
  return closed.length > 0;
}

/** Checks one advance; answers what changed. */
export async function checkAdvance(
  tx: Transaction,
  advance: AdvanceRow,
  settings: NoticeSettings,
  now: Date,
): Promise<'opened' | 'updated' | 'closed' | 'none'> {
  const lines = await pledgedLinesNow(tx, advance.id);
  const call = marginCall({ outstanding: new Decimal(advance.outstanding).toFixed(2), pledgedLines: lines });
  await followStage(
    tx,
    advance,
    {
      limit: lines.reduce((sum, l) => sum.plus(lineContribution(l.value, l.loanToValue)), new Decimal(0)).toFixed(2),
      collateralValue: lines.reduce((sum, l) => sum.plus(l.value), new Decimal(0)).toFixed(2),
    },
    settings,
    now,
  );
  const [open] = await tx
    .select()
    .from(marginCalls)
    .where(and(eq(marginCalls.advanceId, advance.id), isNull(marginCalls.closedAt)));
  if (!call) {
    if (!open) return 'none';
    await closeMarginCall(tx, advance.id, now);
    await addEvent(tx, advance.id, 'margin_call_closed', {}, null, now);
    return 'closed';
  }
  const figures = {
    outstanding: new Decimal(advance.outstanding).toFixed(2),
    limitAmount: call.limit,
    shortfall: call.shortfall,
    collateralToAdd: call.collateralToAdd ?? collateralToAddFallback(call.shortfall, lines),
  };
  // Still below the limit since the last crossing: the figures follow the prices, the customer was told.
  if (open) {
    await tx.update(marginCalls).set(figures).where(eq(marginCalls.id, open.id));
    return 'updated';
  }
  const graceUntil = graceDeadline(calendarDate(now), MARGIN_CALL_GRACE_BUSINESS_DAYS);
  await tx.insert(marginCalls).values({ advanceId: advance.id, ...figures, openedAt: now, graceUntil });
  await addEvent(
    tx,
    advance.id,
    'margin_call',
    { amount: figures.shortfall, collateral_to_add: figures.collateralToAdd },
    null,
    now,
  );
  await tellCustomer(tx, settings, {
    userId: advance.userId,
    advanceId: advance.id,
    notification: 'margin_call',
    notice: 'marginCall',
    more: ['grace'],
    sms: true,
    params: (language) => ({
      reference: String(advance.id),
      shortfall: formatMoney(figures.shortfall, language),
      collateral: formatMoney(figures.collateralToAdd, language),
      limit: formatMoney(figures.limitAmount, language),
      deadline: formatDate(graceUntil, language),
      days: MARGIN_CALL_GRACE_BUSINESS_DAYS,
    }),
  });
  return 'opened';
}

/**
 * Checks every active advance (or only those pledging the stock plan `pledging`, after its price was
 * recorded), each in its own transaction with the advance locked.
 */
export async function checkMarginCalls(db: Database, settings: NoticeSettings, now: Date, pledging?: number) {
  const active = await db
    .select({ id: advances.id })
    .from(advances)
    .where(
      and(
        eq(advances.status, ADVANCE_STATUS.active),
        pledging === undefined
          ? undefined
          : exists(
              db
                .select({ id: advanceCollateral.id })
                .from(advanceCollateral)
                .where(
                  and(
                    eq(advanceCollateral.advanceId, advances.id),
                    eq(advanceCollateral.stockPlanId, pledging),
                    isNull(advanceCollateral.releasedAt),
                  ),
                ),
            ),
      ),
    )
    .orderBy(asc(advances.id));
  const counts = { opened: 0, updated: 0, closed: 0, none: 0 };
  for (const { id } of active) {
    const outcome = await inTransaction(db, async (tx) => {
      const advance = await lockAdvance(tx, id);
      return advance.status === ADVANCE_STATUS.active ? checkAdvance(tx, advance, settings, now) : 'none';
    });
    counts[outcome]++;
  }
  return counts;
}

export function marginCallsHandler(settings: NoticeSettings, clock: () => Date): JobHandler {
  return async (_payload, { db, log }) => {
    const counts = await checkMarginCalls(db, settings, clock());
    log.info(counts, 'margin calls checked');
  };
}

/** After a stock plan's price was recorded: the same check, for the advances pledging that plan. */
export function planPriceMarginHandler(settings: NoticeSettings, clock: () => Date): JobHandler {
  return async (payload, { db, log }) => {
    const planId = Number((payload as { stock_plan_id?: unknown }).stock_plan_id);
    if (!Number.isInteger(planId) || planId <= 0) return;
    const counts = await checkMarginCalls(db, settings, clock(), planId);
    log.info({ ...counts, stock_plan_id: planId }, 'margin calls checked after a stock plan price');
  };
}

/** The open margin call of an advance, as its page shows it. */
export async function openMarginCall(db: Queryable, advanceId: number): Promise<MarginCall | null> {
  const [row] = await db
    .select()
    .from(marginCalls)
    .where(and(eq(marginCalls.advanceId, advanceId), isNull(marginCalls.closedAt)));
  if (!row) return null;
  return {
    id: row.id,
    advance_id: row.advanceId,
    opened_at: row.openedAt.toISOString(),
    closed_at: null,
    outstanding: new Decimal(row.outstanding).toFixed(2),
    limit: new Decimal(row.limitAmount).toFixed(2),
    shortfall: new Decimal(row.shortfall).toFixed(2),
    collateral_to_add: new Decimal(row.collateralToAdd).toFixed(2),
  };
}
