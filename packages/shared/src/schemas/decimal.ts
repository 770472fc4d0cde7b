// Every decimal a person or a program sends is checked against the column it is stored in: a number with
// more digits than the column holds is a 400 naming the field, never a "numeric field overflow" from the
// database. The precisions below are the columns' (apps/api/src/db/schema; a test there holds them equal).
import { z } from 'zod';

export interface DecimalPrecision {
  /** Significant digits in all. */
  precision: number;
  /** Digits after the decimal point. */
  scale: number;
}

/** numeric(24, 6): units of a fund or of a stock plan, and ledger balances. */
export const UNITS_DECIMAL = { precision: 24, scale: 6 } as const satisfies DecimalPrecision;
/** numeric(18, 6): a NAV or a stock plan's unit price. */
export const PRICE_DECIMAL = { precision: 18, scale: 6 } as const satisfies DecimalPrecision;
/** numeric(18, 2): an amount in euro. */
export const MONEY_DECIMAL = { precision: 18, scale: 2 } as const satisfies DecimalPrecision;
/** numeric(7, 4): a product's coupon rate, entry cost or annual fee, as a fraction. */
export const RATE_DECIMAL = { precision: 7, scale: 4 } as const satisfies DecimalPrecision;
/** numeric(5, 4): a loan-to-value, as a fraction. */
export const LOAN_TO_VALUE_DECIMAL = { precision: 5, scale: 4 } as const satisfies DecimalPrecision;
/** numeric(5, 2): a percentage (a product's capital protection). */
export const PERCENT_DECIMAL = { precision: 5, scale: 2 } as const satisfies DecimalPrecision;
/**
 * An amount a person types: the money column holds 16 whole digits, but the web and the shared money math
 * count in integer cents, which stay exact only below 2^53 (about 9 × 10^13 euro): 12 whole digits.
 */
export const AMOUNT_INPUT_DECIMAL = { precision: 14, scale: 2 } as const satisfies DecimalPrecision;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * A non-negative decimal string that fits `numeric(precision, scale)`: digits, an optional point and
 * decimals. Leading zeros do not count. Too many whole digits or decimals each say how many are allowed
 * ({{max}}). Trimmed; empty is "required".
 */
export function decimalString({ precision, scale }: DecimalPrecision) {
  const whole = precision - scale;
  return z
    .string({ error: 'validation:required' })
    .trim()
    .min(1, { error: 'validation:required', abort: true })
    .superRefine((value, ctx) => {
      const match = DECIMAL.exec(value);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: 'validation:number', input: value, continue: false });
        return;
      }
      const digits = match[1]!.replace(/^0+(?=\d)/, '');
      if (digits.length > whole) {
        // The limits travel as `maximum`, which both sides read as the message's {{max}}.
        ctx.addIssue({
          code: 'custom',
          message: 'validation:wholeDigits',
          maximum: whole,
          input: value,
          continue: false,
        } as never);
      } else if ((match[2] ?? '').length > scale) {
        ctx.addIssue({
          code: 'custom',
          message: 'validation:decimalPlaces',
          maximum: scale,
          input: value,
          continue: false,
        } as never);
      }
    });
}

/** A decimal string as `decimalString`, greater than zero. */
export const positiveDecimalString = (precision: DecimalPrecision) =>
  decimalString(precision).refine((value) => Number(value) > 0, 'validation:positive');
