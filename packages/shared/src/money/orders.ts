// The arithmetic of orders, shared by the quote the customer sees and the settlement the operator runs,
// so that the two never disagree. Euro amounts have two decimals, fund units six, NAVs six.
import Decimal from 'decimal.js';

export const EURO_DECIMALS = 2;
export const UNIT_DECIMALS = 6;

/** Entry cost of an investment: amount × rate, half-even to the cent. */
export function entryCost(amount: Decimal.Value, rate: Decimal.Value): Decimal {
  return new Decimal(amount).mul(rate).toDecimalPlaces(EURO_DECIMALS, Decimal.ROUND_HALF_EVEN);
}

/** What an investment buys: (amount − entry cost) ÷ NAV, rounded down to six decimals. */
export function investmentBreakdown(amount: Decimal.Value, rate: Decimal.Value, nav: Decimal.Value) {
  const gross = new Decimal(amount);
  const fee = entryCost(gross, rate);
  const net = gross.minus(fee);
  const units = net.div(nav).toDecimalPlaces(UNIT_DECIMALS, Decimal.ROUND_DOWN);
  return { fee, net, units };
}

/** Proceeds of a sale: units × NAV, rounded down to the cent. */
export function saleProceeds(units: Decimal.Value, nav: Decimal.Value): Decimal {
  return new Decimal(units).mul(nav).toDecimalPlaces(EURO_DECIMALS, Decimal.ROUND_DOWN);
}

/**
 * The share of a position's cost that a sale releases: cost × sold ÷ held, half-even to the cent; selling
 * everything releases all of it, so no cent is left behind by rounding.
 */
export function releasedCost(cost: Decimal.Value, sold: Decimal.Value, held: Decimal.Value): Decimal {
  const total = new Decimal(cost);
  if (new Decimal(sold).gte(held)) return total;
  return total.mul(sold).div(held).toDecimalPlaces(EURO_DECIMALS, Decimal.ROUND_HALF_EVEN);
}

export const money = (value: Decimal.Value): string => new Decimal(value).toFixed(EURO_DECIMALS);
export const units = (value: Decimal.Value): string => new Decimal(value).toFixed(UNIT_DECIMALS);
