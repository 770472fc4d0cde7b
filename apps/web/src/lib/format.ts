// The one place figures are formatted for the interface language (Italian DD/MM/YYYY, English
// MM/DD/YYYY; two decimals for percentages), so the public site, lists and details write money alike.
import { DEFAULT_CURRENCY, PERCENT_DECIMALS } from '@lombard/shared/constants';
import { type Language, localeOf } from '@lombard/shared/locale';

type Decimalish = string | number;

/** Intl accepts decimal strings as exact values: no float ever sits between the API and the screen. */
const exact = (value: Decimalish) => value as unknown as number;

export function formatMoney(
  value: Decimalish,
  language: Language,
  options: { cents?: boolean; currency?: string } = {},
): string {
  const cents = options.cents ?? true;
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: options.currency ?? DEFAULT_CURRENCY,
    // Italian CLDR leaves 4-digit numbers ungrouped ("5000 €"); banks write "5.000 €".
    useGrouping: 'always',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  }).format(exact(value));
}

/** A fraction ("0.0440") as a percentage ("4.40%"). */
export function formatPercent(fraction: Decimalish, language: Language, digits: number = PERCENT_DECIMALS): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(exact(fraction));
}

export function formatNumber(value: Decimalish, language: Language, digits = 0): string {
  return new Intl.NumberFormat(localeOf(language), {
    useGrouping: 'always',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(exact(value));
}

/** A calendar date (`YYYY-MM-DD`) as the language writes it; no time zone can move it a day. */
export function formatDate(isoDate: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** Today's date in the visitor's time zone, as `YYYY-MM-DD`. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A value already in percentage points ("90.00") as "90%". */
export function formatPercentPoints(points: Decimalish, language: Language, digits = 0): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'unit',
    unit: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(exact(points));
}

/** A file's size for people: kilobytes under a megabyte (never "0 MB"), megabytes with one decimal above. */
export function formatFileSize(bytes: number, language: string): string {
  const megabyte = 1024 * 1024;
  if (bytes < megabyte) {
    const kilobytes = Math.max(1, Math.round(bytes / 1024));
    return new Intl.NumberFormat(language, { style: 'unit', unit: 'kilobyte' }).format(kilobytes);
  }
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(
    bytes / megabyte,
  );
}
