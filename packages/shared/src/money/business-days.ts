// Business days of the euro payment system: Monday to Friday except the TARGET2 closing days (1 January,
// Good Friday, Easter Monday, 1 May, 25 and 26 December). Dates are calendar dates (YYYY-MM-DD) with no
// time zone: the caller decides which day "today" is.

import { memoize } from '../memoize';

const DAY_MS = 86_400_000;

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm), as UTC midnight. */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

const toDate = (value: string): Date => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new Error(`not a calendar date: ${value}`);
  return new Date(`${value}T00:00:00Z`);
};
const toIso = (date: Date): string => date.toISOString().slice(0, 10);

/** The TARGET2 closing days of a year. */
export function target2Holidays(year: number): string[] {
  const easter = easterSunday(year).getTime();
  return [
    `${year}-01-01`,
    toIso(new Date(easter - 2 * DAY_MS)),
    toIso(new Date(easter + DAY_MS)),
    `${year}-05-01`,
    `${year}-12-25`,
    `${year}-12-26`,
  ];
}

export function isBusinessDay(value: string): boolean {
  const date = toDate(value);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !target2Holidays(date.getUTCFullYear()).includes(value);
}

// Every withdrawal and order asks for its settlement day, nearly always from the same today: each
// (day, count) is worked out once.
const MAX_REMEMBERED_DAYS = 1_000;
const countOnce = memoize((asked: string) => {
  const [value = '', count = ''] = asked.split('+');
  return countBusinessDays(value, Number(count));
}, MAX_REMEMBERED_DAYS);

/** The `count`-th business day after `value` (1 = the next one), whatever `value` itself is. */
export function addBusinessDays(value: string, count: number): string {
  return countOnce(`${value}+${count}`);
}

function countBusinessDays(value: string, count: number): string {
  let date = toDate(value);
  let left = count;
  while (left > 0) {
    date = new Date(date.getTime() + DAY_MS);
    if (isBusinessDay(toIso(date))) left--;
  }
  return toIso(date);
}

// Building a formatter costs far more than using one, and screens date every row: one per time zone.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

// The last answer per time zone, by the minute it was asked for: a day never changes within a minute
// (zone offsets are whole minutes), and a request asks for today many times.
const lastDay = new Map<string, { minute: number; date: string }>();
const MINUTE_MS = 60_000;

/** The calendar date of an instant in a time zone (the bank's day, by default Europe/Rome). */
export function calendarDate(instant: Date, timeZone = 'Europe/Rome'): string {
  const minute = Math.floor(instant.getTime() / MINUTE_MS);
  const last = lastDay.get(timeZone);
  if (last?.minute === minute) return last.date;
  let format = dayFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  lastDay.set(timeZone, { minute, date });
  return date;
}

/** `value` plus a number of calendar days. */
export function addCalendarDays(value: string, days: number): string {
  return toIso(new Date(toDate(value).getTime() + days * DAY_MS));
}
