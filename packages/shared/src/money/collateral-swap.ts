// A collateral swap (docs/decisions/019): what the new collateral must secure and how many units of each
// offered line are pledged for it. Pure, so that the screen shows exactly what the server will pledge.
// A line's value is `positionValue` (units × price, half-even to the cent) and its contribution value ×
// loan-to-value half-up (`lineContribution`), as for every collateral line.
import Decimal from 'decimal.js';
import { lineContribution } from './borrowing-power';
import { positionValue } from './valuation';

export interface SwapOfferLine {
  key: string;
  /** Free units of the line. */
  units: string;
  unitPrice: string;
  loanToValue: string;
  /** Decimals a unit may be split into: 6 for fund units, 0 for shares of a stock plan. */
  unitDecimals: number;
}

export interface SwapPledge {
  key: string;
  units: string;
  value: string;
  contribution: string;
  /** Every free unit of the line. */
  whole: boolean;
}

export interface SwapPlan {
  /** What the new collateral must secure. */
  required: string;
  /** Σ contributions of every offered line, whole. */
  offered: string;
  /** The lines that are pledged, in the order offered; lines not needed are left out. */
  pledges: SwapPledge[];
  /** Σ contributions of `pledges`. */
  pledged: string;
  /** False when the offered lines together secure less than `required`. */
  covered: boolean;
}

const worth = (units: Decimal, price: string) => positionValue(units, price);

/**
 * What the new collateral must secure: what the returned lines secure at today's prices, but never more
 * than the principal still owed, so that the new collateral alone covers the advance whenever the
 * returned lines did.
 */
export function swapRequirement(input: { returnedContribution: string; outstanding: string }): string {
  return Decimal.min(input.returnedContribution, input.outstanding).toFixed(2);
}

/** The fewest units of a line whose contribution reaches `missing` (a positive amount), or all of them. */
function unitsFor(line: SwapOfferLine, missing: Decimal): { units: Decimal; whole: boolean } {
  const free = new Decimal(line.units);
  const ltv = new Decimal(line.loanToValue);
  const price = new Decimal(line.unitPrice);
  if (ltv.lte(0) || price.lte(0)) return { units: free, whole: true };
  // The smallest cent value whose contribution rounds half-up to `missing` or more, then the units it takes.
  const value = missing.minus('0.005').div(ltv).toDecimalPlaces(2, Decimal.ROUND_UP);
  let units = value.div(price).toDecimalPlaces(line.unitDecimals, Decimal.ROUND_UP);
  const step = new Decimal(1).div(new Decimal(10).pow(line.unitDecimals));
  // Rounding could leave it a cent short; a few more steps settle it.
  for (
    let i = 0;
    i < 3 && new Decimal(lineContribution(worth(units, line.unitPrice).toFixed(2), line.loanToValue)).lt(missing);
    i++
  ) {
    units = units.plus(step);
  }
  return units.gte(free) ? { units: free, whole: true } : { units, whole: false };
}

/**
 * The units pledged from the offered lines, in their order: each whole while it secures no more than is
 * still missing, the last one only for the units that make up the rest.
 */
export function planSwapPledges(input: { required: string; lines: readonly SwapOfferLine[] }): SwapPlan {
  let missing = new Decimal(input.required);
  let offered = new Decimal(0);
  let pledged = new Decimal(0);
  const pledges: SwapPledge[] = [];
  for (const line of input.lines) {
    const whole = lineContribution(worth(new Decimal(line.units), line.unitPrice).toFixed(2), line.loanToValue);
    offered = offered.plus(whole);
    if (missing.lte(0) || new Decimal(line.units).lte(0)) continue;
    const taken = unitsFor(line, missing);
    const value = worth(taken.units, line.unitPrice).toFixed(2);
    const contribution = lineContribution(value, line.loanToValue);
    pledges.push({
      key: line.key,
      units: taken.units.toFixed(6),
      value,
      contribution,
      whole: taken.whole,
    });
    pledged = pledged.plus(contribution);
    missing = missing.minus(contribution);
  }
  return {
    required: new Decimal(input.required).toFixed(2),
    offered: offered.toFixed(2),
    pledges,
    pledged: pledged.toFixed(2),
    covered: missing.lte(0),
  };
}
