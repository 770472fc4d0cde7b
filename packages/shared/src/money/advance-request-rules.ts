// The customer-facing rules of an advance request and an early repayment
// (docs/decisions/012). Like validateAdvanceInput, each answers message keys of the `validation`
// catalogues with their parameters as decimal strings, which the caller formats for the reader's
// language; no keys means valid. The web form shows them and the server answers them in a 422.
import Decimal from 'decimal.js';
import { MAX_INSTALMENTS, MIN_INSTALMENTS } from '../constants';
import { CALCULATOR_MESSAGES, type CalculatorMessage } from './advance-calculator';

export const ADVANCE_REQUEST_MESSAGES = {
  number: 'validation:number',
  minimumAdvance: CALCULATOR_MESSAGES.minimumAdvance,
  maximumApplicable: 'validation:maximumApplicableAdvance',
  bankMaximum: 'validation:bankMaximumAdvance',
  instalments: CALCULATOR_MESSAGES.instalments,
  repaymentPositive: 'validation:repaymentPositive',
  repaymentAboveCash: 'validation:repaymentAboveCash',
  repaymentAboveOutstanding: 'validation:repaymentAboveOutstanding',
} as const;

const M = ADVANCE_REQUEST_MESSAGES;

/** A decimal from a form value, or null when it is not a plain non-negative or negative number. */
function parse(value: string | number | null | undefined): Decimal | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = String(value).trim();
  return /^-?\d+(\.\d+)?$/.test(text) ? new Decimal(text) : null;
}

const cents = (value: string | number) => new Decimal(value).toFixed(2);

/**
 * An advance request: amount at least `minimum` and within the tighter of the two maximums, instalments
 * a whole number from 1 to MAX_INSTALMENTS. `maximumApplicable` is what the pledged collateral allows
 * (Σ contributions, `borrowingPower().maximumApplicable`), `bankMaximum` the bank's cap. When an amount
 * exceeds both, the message names the lower one, which is the limit the customer can act on; on a tie
 * the collateral.
 */
export function validateAdvanceRequest(input: {
  amount: string | number | null | undefined;
  instalments: unknown;
  minimum: string;
  maximumApplicable: string;
  bankMaximum: string;
}): { amount?: CalculatorMessage; instalments?: CalculatorMessage } {
  const issues: { amount?: CalculatorMessage; instalments?: CalculatorMessage } = {};
  const amount = parse(input.amount);
  if (!amount) {
    issues.amount = { key: M.number };
  } else if (amount.lt(input.minimum)) {
    issues.amount = { key: M.minimumAdvance, params: { minimumInvestment: cents(input.minimum) } };
  } else if (amount.gt(Decimal.min(input.maximumApplicable, input.bankMaximum))) {
    issues.amount = new Decimal(input.maximumApplicable).lte(input.bankMaximum)
      ? { key: M.maximumApplicable, params: { maximumApplicable: cents(input.maximumApplicable) } }
      : { key: M.bankMaximum, params: { maximumInvestment: cents(input.bankMaximum) } };
  }
  const n = input.instalments;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < MIN_INSTALMENTS || n > MAX_INSTALMENTS) {
    issues.instalments = { key: M.instalments, params: { max: MAX_INSTALMENTS } };
  }
  return issues;
}

/**
 * An early repayment: more than 0, at most the outstanding principal and at most the available cash.
 * Above both, the message names the outstanding principal: more cash would not make it repayable.
 */
export function validateRepayment(input: {
  amount: string | number | null | undefined;
  availableCash: string;
  outstanding: string;
}): { amount?: CalculatorMessage } {
  const amount = parse(input.amount);
  if (!amount) return { amount: { key: M.number } };
  if (amount.lte(0)) return { amount: { key: M.repaymentPositive } };
  if (amount.gt(input.outstanding)) {
    return { amount: { key: M.repaymentAboveOutstanding, params: { outstanding: cents(input.outstanding) } } };
  }
  if (amount.gt(input.availableCash)) {
    return { amount: { key: M.repaymentAboveCash, params: { availableCash: cents(input.availableCash) } } };
  }
  return {};
}
