// The advance (Lombard loan) calculator: the one function the public site, the customer area and the
// server use to quote an advance. Interest-only, paid quarterly in arrears, principal at maturity
// (docs/decisions/005). Every figure is a decimal string computed with decimal.js, never a float.
//
// Pricing, decided for this product and shown to customers as the TAN/APR of the quote:
//   - The nominal annual rate depends on the amount band (larger advances cost less, as the bank's fixed
//     handling cost weighs less): see ADVANCE_RATE_BANDS.
//   - There are no fees: no arrangement, management, pledge-registration or early-repayment fee.
//   - APR (TAEG) per the EU consumer-credit equation (advance-apr.ts): the rate equating the payout with
//     the dated instalments and the principal. With no fees it is close to (1 + r/4)^4 − 1 but not equal:
//     quarters are not exactly a quarter of a year in days, and the instalment is rounded to the cent.
//   - The quarterly payment is rounded half-up to the cent once; every instalment pays exactly that,
//     so total interest = quarterly payment × instalments.
import Decimal from 'decimal.js';
import {
  CALCULATOR_MAX_AMOUNT,
  INSTALMENTS_PER_YEAR,
  MAX_INSTALMENTS,
  MIN_INSTALMENTS,
  MINIMUM_ADVANCE_AMOUNT,
} from '../constants';
import { annualPercentageRate, type CashFlow } from './advance-apr';
import { addMonths } from './calendar-days';
import { ADVANCE_RATE_BANDS, type RateBand } from './rate-bands';

/** Re-exported: the schedule's due dates and the screens that show them use the same month arithmetic. */
export { addMonths };

/** A private Decimal: ROUND_HALF_UP for money, enough precision for powers of rates. */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** Months between two instalments: payments are quarterly. */
const MONTHS_PER_INSTALMENT = 12 / INSTALMENTS_PER_YEAR;

export interface AdvanceInput {
  /** Principal, a decimal string (or a number from a form input) in EUR. */
  amount: string | number;
  /** Number of quarterly instalments, 1 to MAX_INSTALMENTS. */
  instalments: number;
  /** Payout date, `YYYY-MM-DD`; the first instalment falls three months later. */
  startDate: string;
}

export interface AdvanceInstalment {
  /** 1-based instalment number. */
  number: number;
  /** Expiry (due) date, `YYYY-MM-DD`. */
  dueDate: string;
  interest: string;
  /** Principal repaid with this instalment: the whole amount on the last one, zero before. */
  principal: string;
  total: string;
}

export interface AdvanceQuote {
  amount: string;
  instalments: number;
  /** Nominal annual rate as a fraction, e.g. "0.0440" for 4.40 %. */
  annualRate: string;
  /** Annual percentage rate of charge by the directive's equation, a fraction with six decimals, e.g. "0.044736". */
  apr: string;
  quarterlyInterest: string;
  totalInterest: string;
  /** Principal plus total interest. */
  totalRepayable: string;
  startDate: string;
  maturityDate: string;
  schedule: AdvanceInstalment[];
}

/** A message key (i18n `namespace:key`) and its interpolation values. */
export interface CalculatorMessage {
  key: string;
  params?: Record<string, string | number>;
}

export interface CalculatorIssues {
  amount?: CalculatorMessage;
  instalments?: CalculatorMessage;
}

/**
 * Message keys; the texts live in the `validation` catalogues of both apps. Amount messages carry euro
 * amounts (`min`, `max`, `minimumInvestment`), the instalments message a count (`max`): the caller
 * formats them for the reader's language.
 */
export const CALCULATOR_MESSAGES = {
  amount: 'validation:advanceAmountRange',
  instalments: 'validation:instalments',
  minimumAdvance: 'validation:minimumAdvance',
} as const;

function toDecimal(value: string | number): Decimal | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = String(value).trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return new D(text);
}

/**
 * Rules of the calculator form: the amount is greater than 0 and at most `maximum` (the bank's, capped by
 * CALCULATOR_MAX_AMOUNT: `calculatorMaximum`), and at
 * least the minimum advance; instalments are a whole number from 1 to MAX_INSTALMENTS. A missing, zero
 * or too large amount gets the range a person may enter (from the minimum advance, so that the message
 * never invites an amount that is then refused); one between 0 and the minimum is told the minimum.
 * Returns no keys when the input is valid.
 */
export function validateAdvanceInput(input: {
  amount: string | number | null | undefined;
  instalments: unknown;
  /** The largest amount offered: `calculatorMaximum` of the configured bank maximum. */
  maximum?: string;
  /** The smallest advance (operator settings); the product's published one until they are known. */
  minimum?: string;
}) {
  const issues: CalculatorIssues = {};
  const maximum = input.maximum ?? CALCULATOR_MAX_AMOUNT;
  const minimum = input.minimum ?? MINIMUM_ADVANCE_AMOUNT;
  const amount = input.amount === null || input.amount === undefined ? null : toDecimal(input.amount);
  if (!amount || amount.lte(0) || amount.gt(maximum)) {
    issues.amount = {
      key: CALCULATOR_MESSAGES.amount,
      params: { min: new D(minimum).toFixed(2), max: new D(maximum).toFixed(2) },
    };
  } else if (amount.lt(minimum)) {
    issues.amount = {
      key: CALCULATOR_MESSAGES.minimumAdvance,
      params: { minimumInvestment: new D(minimum).toFixed(2) },
    };
  }
  const n = input.instalments;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < MIN_INSTALMENTS || n > MAX_INSTALMENTS) {
    issues.instalments = { key: CALCULATOR_MESSAGES.instalments, params: { max: MAX_INSTALMENTS } };
  }
  return issues;
}

/** The nominal annual rate (fraction string) for an amount. */
export function annualRateFor(amount: string | number, bands: readonly RateBand[] = ADVANCE_RATE_BANDS): string {
  const value = toDecimal(amount);
  if (!value) throw new RangeError(`not an amount: ${amount}`);
  let rate: string = bands[0]!.annualRate;
  for (const band of bands) if (value.gte(band.from)) rate = band.annualRate;
  return rate;
}

/**
 * The dated flows a quote's APR solves for, seen from the lender: the payout (negative) on the start date,
 * then each instalment's interest and principal on its due date. The APR's explanation shows these.
 */
export function aprCashFlows(amount: string, startDate: string, schedule: readonly AdvanceInstalment[]): CashFlow[] {
  return [
    { date: startDate, amount: new D(amount).neg().toFixed(2) },
    ...schedule.map((row) => ({ date: row.dueDate, amount: row.total })),
  ];
}

/**
 * Quotes an advance. The input must pass the amount range and instalment rules (the minimum advance is
 * a business rule the caller reports, so smaller amounts still get a quote); otherwise a RangeError.
 */
export function quoteAdvance(input: AdvanceInput, bands: readonly RateBand[] = ADVANCE_RATE_BANDS): AdvanceQuote {
  const amount = toDecimal(input.amount);
  if (!amount || amount.lte(0) || amount.gt(CALCULATOR_MAX_AMOUNT)) {
    throw new RangeError(`amount out of range: ${input.amount}`);
  }
  const { instalments } = input;
  if (!Number.isInteger(instalments) || instalments < MIN_INSTALMENTS || instalments > MAX_INSTALMENTS) {
    throw new RangeError(`instalments out of range: ${instalments}`);
  }
  const principal = amount.toDecimalPlaces(2);
  const annualRate = new D(annualRateFor(principal.toFixed(2), bands));
  const quarterlyRate = annualRate.div(INSTALMENTS_PER_YEAR);
  const quarterlyInterest = principal.mul(quarterlyRate).toDecimalPlaces(2);
  const totalInterest = quarterlyInterest.mul(instalments);

  const schedule: AdvanceInstalment[] = [];
  for (let number = 1; number <= instalments; number++) {
    const last = number === instalments;
    const repaid = last ? principal : new D(0);
    schedule.push({
      number,
      dueDate: addMonths(input.startDate, number * MONTHS_PER_INSTALMENT),
      interest: quarterlyInterest.toFixed(2),
      principal: repaid.toFixed(2),
      total: quarterlyInterest.plus(repaid).toFixed(2),
    });
  }

  const apr = annualPercentageRate(aprCashFlows(principal.toFixed(2), input.startDate, schedule));

  return {
    amount: principal.toFixed(2),
    instalments,
    annualRate: annualRate.toFixed(4),
    apr,
    quarterlyInterest: quarterlyInterest.toFixed(2),
    totalInterest: totalInterest.toFixed(2),
    totalRepayable: principal.plus(totalInterest).toFixed(2),
    startDate: input.startDate,
    maturityDate: schedule[schedule.length - 1]!.dueDate,
    schedule,
  };
}
