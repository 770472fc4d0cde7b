// Cell formatting for lists and details: numbers and amounts with Intl in the interface language,
// dates as Italian DD/MM/YYYY or English MM/DD/YYYY (with time: HH:mm / hh:mm A), long text cut at 40
// characters.
import { DEFAULT_CURRENCY, NUMBER_DECIMALS, TEXT_TRUNCATE_LENGTH } from '@lombard/shared/constants';
import { type Language, localeOf } from '@lombard/shared/locale';
import dayjs from 'dayjs';
import { formatMoney } from '../format';

export type CellType = 'text' | 'number' | 'amount' | 'date' | 'datetime' | 'boolean';

const DATE_FORMAT: Record<Language, string> = { it: 'DD/MM/YYYY', en: 'MM/DD/YYYY' };
const DATETIME_FORMAT: Record<Language, string> = { it: 'DD/MM/YYYY HH:mm', en: 'MM/DD/YYYY hh:mm A' };

/** Decimal strings go to Intl as they are: no float between the API and the screen. */
const exact = (value: string | number) => value as unknown as number;

export function formatNumber(value: string | number, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: NUMBER_DECIMALS }).format(exact(value));
}

/** Amounts are written as everywhere else in the product (lib/format). */
export function formatAmount(value: string | number, language: Language, currency = DEFAULT_CURRENCY): string {
  return formatMoney(value, language, { currency });
}

/** A calendar date (YYYY-MM-DD) or an instant, as a date in the interface language. */
export function formatDate(value: string | Date, language: Language): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT[language]) : String(value);
}

export function formatDateTime(value: string | Date, language: Language): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(DATETIME_FORMAT[language]) : String(value);
}

/** Text longer than the limit, cut with an ellipsis; `full` says whether anything was cut. */
export function truncate(text: string, length: number = TEXT_TRUNCATE_LENGTH): { text: string; cut: boolean } {
  const characters = [...text];
  if (characters.length <= length) return { text, cut: false };
  return { text: `${characters.slice(0, length).join('').trimEnd()}…`, cut: true };
}

/** A value of a column as text; null and empty show as a dash. */
export function formatCell(
  type: CellType,
  value: unknown,
  language: Language,
  labels: { yes: string; no: string },
): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (type) {
    case 'number':
      return formatNumber(value as string | number, language);
    case 'amount':
      return formatAmount(value as string | number, language);
    case 'date':
      return formatDate(value as string, language);
    case 'datetime':
      return formatDateTime(value as string, language);
    case 'boolean':
      return value ? labels.yes : labels.no;
    default:
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}
