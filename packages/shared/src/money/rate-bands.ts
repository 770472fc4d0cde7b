// The advance's price list and the calculator's ceiling, without decimal.js or zod: every page of the
// app reads them through the global configuration, so this module sits in the app's first chunk and
// must stay small. The quote itself (advance-calculator.ts) loads with the pages that show one.
import { CALCULATOR_MAX_AMOUNT } from '../constants';
import type { RateSchedule } from '../schemas/settings';

/** A nominal annual rate (TAN, a fraction) from an amount up (inclusive), in EUR decimal strings. */
export interface RateBand {
  from: string;
  annualRate: string;
}

/**
 * The product's published rate bands, lowest first: what every data set starts with. Operators set the
 * bands in force (with the day they take effect) in the settings; quotes take those.
 */
export const ADVANCE_RATE_BANDS = [
  { from: '0.00', annualRate: '0.0490' },
  { from: '50000.00', annualRate: '0.0440' },
  { from: '200000.00', annualRate: '0.0390' },
] as const;

/** The bands of a schedule as the calculator takes them. */
export const rateBandsOf = (schedule: Pick<RateSchedule, 'bands'>): RateBand[] =>
  schedule.bands.map((band) => ({ from: band.from, annualRate: band.annual_rate }));

const AMOUNT = /^(\d{1,15})(?:\.(\d{1,2}))?$/;

/** Whole cents of a positive amount of at most two decimals; null for anything else. */
function centsOf(amount: string): bigint | null {
  const match = AMOUNT.exec(amount.trim());
  if (!match) return null;
  return BigInt(match[1] as string) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

const formatCents = (cents: bigint): string => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;

/**
 * The largest amount a calculator offers: the bank's maximum advance (global configuration), within the
 * calculator's own cap; the cap alone while the configuration is not known.
 */
export function calculatorMaximum(bankMaximum: string | null | undefined): string {
  const cap = centsOf(CALCULATOR_MAX_AMOUNT) as bigint;
  const bank = bankMaximum ? centsOf(bankMaximum) : null;
  return formatCents(bank !== null && bank > 0n && bank < cap ? bank : cap);
}
