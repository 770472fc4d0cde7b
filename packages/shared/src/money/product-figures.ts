// Figures the product screens show before an order, computed as the ledger computes them: an example of
// costs on an amount, and the proceeds of selling units at a NAV.
import Decimal from 'decimal.js';

/** The amount the product screens use to show costs in euro. */
export const COST_EXAMPLE_AMOUNT = '10000.00';

/**
 * Costs on `amount`: the entry cost (rounded half-even to the cent, as charged), the amount invested
 * after it, and one year's fee on that.
 */
export function exampleCosts(entryCostRate: string, annualFeeRate: string, amount: string = COST_EXAMPLE_AMOUNT) {
  const entry = new Decimal(amount).mul(entryCostRate).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
  const invested = new Decimal(amount).minus(entry);
  const yearlyFee = invested.mul(annualFeeRate).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
  return { entry: entry.toFixed(2), invested: invested.toFixed(2), yearlyFee: yearlyFee.toFixed(2) };
}

/** Proceeds of selling `units` at `nav`: rounded down to the cent, as a disinvestment pays them. */
export function disinvestProceeds(units: string, nav: string): string {
  return new Decimal(units).mul(nav).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

/** -1, 0 or 1 as `a` is below, equal to or above `b` (decimal strings, compared exactly). */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  return new Decimal(a).comparedTo(b) as -1 | 0 | 1;
}

/**
 * Where an amount stands against a product's limits: the one rule of the invest form and of the API.
 * Both bounds are inclusive: exactly the minimum, or exactly the maximum, may be invested.
 */
export function investmentLimitBreach(
  amount: string,
  limits: { minimum: string; maximum: string | null },
): 'belowMinimum' | 'aboveMaximum' | null {
  if (compareDecimal(amount, limits.minimum) < 0) return 'belowMinimum';
  if (limits.maximum !== null && compareDecimal(amount, limits.maximum) > 0) return 'aboveMaximum';
  return null;
}
