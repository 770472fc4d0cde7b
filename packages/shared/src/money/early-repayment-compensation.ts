// The compensation a lender may ask for an early repayment, under Directive (EU) 2023/2225 (Art. 29):
// at most 1 % of the amount repaid early when more than one year remains until the contract's end,
// 0.5 % otherwise, and never more than the interest the borrower would have paid on that amount in the
// remaining period. Lombard asks nothing (EARLY_REPAYMENT_COMPENSATION_RATE); the cap is still computed
// and shown, so the customer sees what the law would allow and that they pay none of it.
import Decimal from 'decimal.js';
import {
  EARLY_REPAYMENT_CAP_OVER_A_YEAR,
  EARLY_REPAYMENT_CAP_WITHIN_A_YEAR,
  EARLY_REPAYMENT_COMPENSATION_RATE,
} from '../constants';
import { addMonths, daysBetween } from './calendar-days';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** Days of a year for the remaining interest: the contract's nominal rate is yearly, counted actual/365. */
const DAYS_PER_YEAR = 365;

export interface CompensationInput {
  /** Principal repaid early, a decimal string in EUR. */
  amount: string;
  /** The contract's nominal annual rate, a fraction ("0.0490"). */
  annualRate: string;
  /** Day of the repayment, `YYYY-MM-DD`. */
  date: string;
  /** The contract's end (the last instalment's due date), `YYYY-MM-DD`. */
  maturityDate: string;
  /** The lender's own compensation as a fraction of the amount; Lombard's by default (none). */
  rate?: string;
}

export interface Compensation {
  /** What is charged: the lender's own figure within the cap, to the cent. */
  charged: string;
  /** The most the directive allows for this repayment: the lower of the percentage and the interest. */
  cap: string;
  /** The percentage that applies: "0.01" (more than a year left) or "0.005". */
  capRate: string;
  /** Amount × capRate, to the cent. */
  percentageCap: string;
  /** The interest the amount would have borne from the repayment day to the contract's end. */
  remainingInterest: string;
  /** Whether more than one year remains until the contract's end. */
  overAYear: boolean;
  /** Which limit binds the cap: the percentage or the remaining interest. */
  binding: 'percentage' | 'interest';
}

export function earlyRepaymentCompensation(input: CompensationInput): Compensation {
  const amount = new D(input.amount);
  if (!amount.isFinite() || amount.lt(0)) throw new RangeError(`not an amount: ${input.amount}`);
  const days = Math.max(0, daysBetween(input.date, input.maturityDate));
  // "More than one year": the contract ends after the same day of next year.
  const overAYear = input.maturityDate > addMonths(input.date, 12);
  const capRate = overAYear ? EARLY_REPAYMENT_CAP_OVER_A_YEAR : EARLY_REPAYMENT_CAP_WITHIN_A_YEAR;
  const percentageCap = amount.mul(capRate).toDecimalPlaces(2);
  const remainingInterest = amount.mul(input.annualRate).mul(days).div(DAYS_PER_YEAR).toDecimalPlaces(2);
  const cap = D.min(percentageCap, remainingInterest);
  const asked = amount.mul(input.rate ?? EARLY_REPAYMENT_COMPENSATION_RATE).toDecimalPlaces(2);
  return {
    charged: D.min(asked, cap).toFixed(2),
    cap: cap.toFixed(2),
    capRate,
    percentageCap: percentageCap.toFixed(2),
    remainingInterest: remainingInterest.toFixed(2),
    overAYear,
    binding: remainingInterest.lt(percentageCap) ? 'interest' : 'percentage',
  };
}
