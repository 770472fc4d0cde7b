// What a holding is worth, computed once for every screen and rule that shows or uses it: the portfolio,
// the home, borrowing power, pledges, swaps, margin calls and statements (docs/decisions/025). A sale's
// proceeds are not a valuation: they are paid rounded down (orders.ts, `saleProceeds`).
import Decimal from 'decimal.js';
import { lineContribution } from './borrowing-power';

/**
 * Value of `units` at a unit price (a fund's NAV or a stock plan's price): units × price, rounded half-even
 * to the cent. Every figure built from a position's value starts from this rounded amount, so a value is
 * the same cent wherever it appears.
 */
export function positionValue(units: Decimal.Value, price: Decimal.Value): Decimal {
  return new Decimal(units).mul(price).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
}

/**
 * A collateral line valued: its value (`positionValue`, as a string with two decimals) and what it lets
 * the customer borrow, that value × loan-to-value rounded half-up to the cent (`lineContribution`).
 */
export function valuedCollateral(units: Decimal.Value, price: Decimal.Value, loanToValue: Decimal.Value) {
  const value = positionValue(units, price).toFixed(2);
  return { value, contribution: lineContribution(value, new Decimal(loanToValue).toString()) };
}
