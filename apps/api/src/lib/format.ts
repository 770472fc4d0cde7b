// Figures in a person's language for the texts the server writes (error messages, PDFs, SMS, e-mails).
// Intl formats decimal strings exactly, so money never passes through a float on the way; thousands are
// always grouped (Italian CLDR data would leave 5000 ungrouped), as the web app shows them.
import { type Language, localeOf } from '@lombard/shared/locale';
import Decimal from 'decimal.js';

export function formatMoney(value: Decimal.Value, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: 'EUR',
    useGrouping: 'always',
  }).format(new Decimal(value).toFixed(2) as unknown as number);
}

export function formatPercent(fraction: Decimal.Value, language: Language, digits = 2): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(new Decimal(fraction).toString() as unknown as number);
}

export function formatDecimal(value: Decimal.Value, language: Language, digits: number): string {
  return new Intl.NumberFormat(localeOf(language), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: 'always',
  }).format(new Decimal(value).toFixed(digits) as unknown as number);
}

/** A calendar date (YYYY-MM-DD) as people read it: 31/12/2026 in Italian, 12/31/2026 in English. */
export function formatDate(value: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(`${value}T00:00:00Z`));
}
