// Calendar-date arithmetic on `YYYY-MM-DD` strings, with no time zone: the caller decides which day a
// moment falls on. Interest and APR count days between such dates.

const DAY_MS = 86_400_000;

function toUtc(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) throw new RangeError(`not a calendar date: ${value}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  // Date.UTC rolls 2026-02-30 over to 2 March and month 13 into the next year; a date that does not exist
  // is refused instead.
  if (new Date(time).getUTCDate() !== day || new Date(time).getUTCMonth() !== month - 1)
    throw new RangeError(`not a calendar date: ${value}`);
  return time;
}

/** Days from `from` to `to`: 0 on the same day, negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** `value` plus `days` calendar days (negative to go back). */
export function addDays(value: string, days: number): string {
  return new Date(toUtc(value) + days * DAY_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` plus whole months; a day past the target month's end falls on its last day. */
export function addMonths(value: string, months: number): string {
  toUtc(value);
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

/** Whether `value` is a `YYYY-MM-DD` date that exists (no 30 February). */
export function isCalendarDate(value: string): boolean {
  try {
    toUtc(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Monday to Friday: the days a fund publishes a NAV and an operator records a company share's price
 * (weekends only; the bank's holidays are the TARGET2 calendar's business, not a price's).
 */
export function isWeekday(value: string): boolean {
  const weekday = new Date(toUtc(value)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}
