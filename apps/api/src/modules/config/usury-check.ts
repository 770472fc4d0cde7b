// The operator settings may not hold a price list that would quote above the usury threshold: each rate
// schedule is checked against each threshold for advances that is in force at the same time, for the
// days still to come (a past overlap prices nothing any more). The highest APR of a band is the shared
// calculator's (quote-limits.ts); the quotes themselves are checked again when they are made.
import type { Language } from '@lombard/shared/locale';
import { highestApr } from '@lombard/shared/money/quote-limits';
import { rateBandsOf } from '@lombard/shared/money/rate-bands';
import { ADVANCE_USURY_CATEGORY, aboveUsuryThreshold, quarterStart } from '@lombard/shared/money/usury';
import { type OperatorSettings, SETTINGS_MESSAGES } from '@lombard/shared/schemas/settings';
import { type FieldMessage, fieldError } from '../../lib/errors';
import { formatPercent } from '../../lib/format';

/** Periods as [from, to): `from` null for "since always", `to` null for "until further notice". */
interface Period<T> {
  item: T;
  index: number;
  from: string | null;
  to: string | null;
}

function periods<T>(items: readonly T[], start: (item: T) => string): Period<T>[] {
  const ordered = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => start(a.item).localeCompare(start(b.item)));
  return ordered.map(({ item, index }, position) => ({
    item,
    index,
    // Before the first one, the first applies (ratesInForce, usuryThresholdInForce).
    from: position === 0 ? null : start(item),
    to: ordered[position + 1] ? start(ordered[position + 1]!.item) : null,
  }));
}

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);
const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

export function checkSchedulesUnderThresholds(settings: OperatorSettings, today: string, language: Language): void {
  const thresholds = periods(
    settings.usury_thresholds.filter((item) => item.category === ADVANCE_USURY_CATEGORY),
    (item) => quarterStart(item.quarter),
  );
  const schedules = periods(settings.rate_schedules, (schedule) => schedule.valid_from);
  const fields: Record<string, FieldMessage> = {};
  for (const schedule of schedules) {
    for (const threshold of thresholds) {
      const from = later(later(schedule.from, threshold.from), today) as string;
      const to = earlier(schedule.to, threshold.to);
      if (to !== null && to <= from) continue;
      const highest = highestApr(rateBandsOf(schedule.item), settings.minimum_advance_amount, from);
      for (const band of highest) {
        const path = `rate_schedules.${schedule.index}.bands.${band.band}.annual_rate`;
        if (fields[path] || !aboveUsuryThreshold(band.apr, threshold.item)) continue;
        fields[path] = {
          key: SETTINGS_MESSAGES.aboveUsuryThreshold,
          params: {
            apr: formatPercent(band.apr, language),
            threshold: formatPercent(threshold.item.threshold_apr, language),
            quarter: threshold.item.quarter,
          },
        };
      }
    }
  }
  if (Object.keys(fields).length > 0) throw fieldError(fields);
}
