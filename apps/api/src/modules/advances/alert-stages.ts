// Staged alerts (docs/decisions/038): after every check of an advance against its collateral, its stage
// (clear, warning, call) is compared with the last one recorded. Each change is recorded with the
// loan-to-value then; an upward crossing into the warning is told by e-mail, in-app notification and SMS
// (the call is told by margin-calls.ts when it opens). Going back under and crossing again tells again.
import { type AlertStage, alertStage, isToldCrossing, warningAmount } from '@lombard/shared/money/margin-alerts';
import Decimal from 'decimal.js';
import { desc, eq } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client';
import { marginAlertEvents } from '../../db/schema/margin-alerts';
import { formatMoney, formatPercent } from '../../lib/format';
import { marginWarningRatio } from '../config/service';
import { type NoticeSettings, tellCustomer } from './customer-notice';
import { type AdvanceRow, addEvent } from './records';

/** The stage last recorded for an advance: clear when none was. */
export async function recordedStage(db: Queryable, advanceId: number): Promise<AlertStage> {
  const [last] = await db
    .select({ stage: marginAlertEvents.stage })
    .from(marginAlertEvents)
    .where(eq(marginAlertEvents.advanceId, advanceId))
    .orderBy(desc(marginAlertEvents.id))
    .limit(1);
  return (last?.stage as AlertStage | undefined) ?? 'clear';
}

const ratio = (part: Decimal.Value, whole: Decimal.Value) =>
  new Decimal(whole).isZero() ? null : new Decimal(part).div(whole).toDecimalPlaces(4).toFixed(4);

/**
 * Records the advance's stage when it changed and tells the customer of a crossing into the warning.
 * Runs under the advance's lock (the caller holds it), so two checks never record the same crossing.
 */
export async function followStage(
  tx: Transaction,
  advance: AdvanceRow,
  figures: { limit: string; collateralValue: string },
  settings: NoticeSettings,
  now: Date,
): Promise<AlertStage> {
  const outstanding = new Decimal(advance.outstanding).toFixed(2);
  const warningRatio = await marginWarningRatio(tx);
  const stage = alertStage({ outstanding, limit: figures.limit, warningRatio });
  const before = await recordedStage(tx, advance.id);
  if (stage === before) return stage;
  const told = isToldCrossing(before, stage);
  const loanToValue = ratio(outstanding, figures.collateralValue);
  await tx.insert(marginAlertEvents).values({
    advanceId: advance.id,
    stage,
    loanToValue,
    outstanding,
    limitAmount: figures.limit,
    told,
    createdAt: now,
  });
  if (stage === 'warning' && told) {
    const threshold = warningAmount(figures.limit, warningRatio);
    await addEvent(tx, advance.id, 'margin_warning', { amount: outstanding, limit: figures.limit }, null, now);
    await tellCustomer(tx, settings, {
      userId: advance.userId,
      advanceId: advance.id,
      notification: 'margin_warning',
      notice: 'marginWarning',
      sms: true,
      params: (language) => ({
        reference: String(advance.id),
        outstanding: formatMoney(outstanding, language),
        limit: formatMoney(figures.limit, language),
        threshold: formatMoney(threshold, language),
        headroom: formatMoney(new Decimal(figures.limit).minus(outstanding).toFixed(2), language),
        ratio: formatPercent(warningRatio, language, 0),
      }),
    });
  }
  return stage;
}
