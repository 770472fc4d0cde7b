// The advance page's alert panel (docs/decisions/038): the stage at today's prices against the warning
// and the limit, the recorded crossings, and on an open call the remedy her ranking proposes, the grace
// deadline in business days and the forbearance offer with her answer.
import { MARGIN_CALL_GRACE_BUSINESS_DAYS } from '@lombard/shared/constants';
import { lineContribution } from '@lombard/shared/money/borrowing-power';
import { calendarDate } from '@lombard/shared/money/business-days';
import type { AlertStage } from '@lombard/shared/money/margin-alerts';
import { alertStage, businessDaysLeft, warningAmount } from '@lombard/shared/money/margin-alerts';
import type { ForbearanceAnswer, MarginAlert } from '@lombard/shared/schemas/margin-alerts';
import Decimal from 'decimal.js';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { marginCalls } from '../../db/schema/advances';
import { marginAlertEvents } from '../../db/schema/margin-alerts';
import type { Translate } from '../../lib/i18n';
import { marginWarningRatio } from '../config/service';
import { deadlineOf } from './margin-call-service';
import { pledgedLinesNow } from './margin-calls';
import type { AdvanceRow } from './records';
import { proposal, remedyView } from './remedy';

const RECENT_EVENTS = 20;

const ratio = (part: Decimal.Value, whole: Decimal.Value) =>
  new Decimal(whole).isZero() ? null : new Decimal(part).div(whole).toDecimalPlaces(4).toFixed(4);

export async function marginAlert(db: Queryable, advance: AdvanceRow, t: Translate, now: Date): Promise<MarginAlert> {
  const [lines, warning, [call], events] = await Promise.all([
    pledgedLinesNow(db, advance.id),
    marginWarningRatio(db),
    db
      .select()
      .from(marginCalls)
      .where(and(eq(marginCalls.advanceId, advance.id), isNull(marginCalls.closedAt))),
    db
      .select()
      .from(marginAlertEvents)
      .where(eq(marginAlertEvents.advanceId, advance.id))
      .orderBy(desc(marginAlertEvents.id))
      .limit(RECENT_EVENTS),
  ]);
  const outstanding = new Decimal(advance.outstanding).toFixed(2);
  const limit = lines.reduce((sum, l) => sum.plus(lineContribution(l.value, l.loanToValue)), new Decimal(0));
  const value = lines.reduce((sum, l) => sum.plus(l.value), new Decimal(0));
  const threshold = warningAmount(limit.toFixed(2), warning);
  // An open call stays the stage until it closes (a remedy confirmed is still being booked).
  const stage = call ? 'call' : alertStage({ outstanding, limit: limit.toFixed(2), warningRatio: warning });
  const today = calendarDate(now);
  let callView: MarginAlert['call'] = null;
  if (call) {
    const deadline = deadlineOf(call);
    const plan = await proposal(db, {
      userId: advance.userId,
      advanceId: advance.id,
      shortfall: new Decimal(call.shortfall).toFixed(2),
      t,
    });
    callView = {
      id: call.id,
      shortfall: new Decimal(call.shortfall).toFixed(2),
      opened_at: call.openedAt.toISOString(),
      grace_until: deadline,
      business_days_left: businessDaysLeft(today, deadline),
      remedy: remedyView(plan),
      forbearance: {
        offered_at: call.forbearanceOfferedAt?.toISOString() ?? null,
        answer: (call.forbearanceAnswer as ForbearanceAnswer | null) ?? null,
        answered_at: call.forbearanceAnsweredAt?.toISOString() ?? null,
      },
      resolution: (call.resolution as 'customer_remedy' | 'enforced' | null) ?? null,
    };
  }
  return {
    stage,
    outstanding,
    limit: limit.toFixed(2),
    warning_amount: threshold,
    loan_to_value: ratio(outstanding, value),
    warning_loan_to_value: ratio(threshold, value),
    limit_loan_to_value: ratio(limit, value),
    call: callView,
    grace_business_days: MARGIN_CALL_GRACE_BUSINESS_DAYS,
    events: events.map((event) => ({
      stage: event.stage as AlertStage,
      loan_to_value: event.loanToValue === null ? null : new Decimal(event.loanToValue).toFixed(4),
      created_at: event.createdAt.toISOString(),
    })),
  };
}
