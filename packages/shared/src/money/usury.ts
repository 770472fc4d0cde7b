// The Italian usury threshold (Law 108/1996): each quarter the Bank of Italy publishes, per category of
// credit, the average effective rate (TEGM); the threshold is derived from it, and no credit may be
// offered at an APR above it. Operators record the published thresholds (operator settings); this module
// picks the one in force and compares an APR with it. No decimal.js: the global configuration's first
// chunk reads it.
import type { UsuryThreshold } from '../schemas/settings';

/** The Bank of Italy's categories Lombard records (schemas/settings.ts lists them). */
export type UsuryCategory = UsuryThreshold['category'];
/** An advance, a loan to a person against pledged securities, is "altri finanziamenti". */
export const ADVANCE_USURY_CATEGORY: UsuryCategory = 'other_loans';

/** "2026-Q4" → "2026-10-01": the first day of the quarter. */
export function quarterStart(quarter: string): string {
  const match = /^(\d{4})-Q([1-4])$/.exec(quarter);
  if (!match) throw new RangeError(`not a quarter: ${quarter}`);
  const month = (Number(match[2]) - 1) * 3 + 1;
  return `${match[1]}-${String(month).padStart(2, '0')}-01`;
}

/** "2026-11-29" → "2026-Q4". */
export function quarterOfDate(date: string): string {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return `${year}-Q${Math.floor((month - 1) / 3) + 1}`;
}

/**
 * The threshold of `category` on `today`: the latest quarter that has begun; before the first recorded
 * one, the first (as the rate schedules). Null when the category has none.
 */
export function usuryThresholdInForce(
  thresholds: readonly UsuryThreshold[],
  category: UsuryCategory,
  today: string,
): UsuryThreshold | null {
  const ordered = thresholds
    .filter((item) => item.category === category)
    .sort((a, b) => a.quarter.localeCompare(b.quarter));
  let current = ordered[0] ?? null;
  for (const item of ordered) if (quarterStart(item.quarter) <= today) current = item;
  return current;
}

/** A non-negative fraction of up to 9 decimals as an integer of millionths of millionths (exact). */
function scaled(fraction: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,12}))?$/.exec(fraction.trim());
  if (!match) throw new RangeError(`not a rate: ${fraction}`);
  return BigInt(match[1] as string) * 10n ** 12n + BigInt((match[2] ?? '').padEnd(12, '0'));
}

/** Whether an APR (a fraction) is above the threshold's APR; at the threshold is allowed. */
export function aboveUsuryThreshold(apr: string, threshold: Pick<UsuryThreshold, 'threshold_apr'>): boolean {
  return scaled(apr) > scaled(threshold.threshold_apr);
}
