// Borrowing power and margin calls (docs/decisions/012, "Collateral and borrowing power", "Margin calls").
// A collateral line is a position or a stock plan already valued by the caller (units × price); this
// module only applies loan-to-value ratios and the bank's cap. Decimal strings in, decimal strings out.
import Decimal from 'decimal.js';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export interface CollateralLine {
  /** The caller's identifier of the line (a position or a stock plan), echoed back. */
  key: string;
  /** Market value of the line's units, EUR. */
  value: string;
  /** Loan-to-value ratio as a fraction, e.g. "0.7000". */
  loanToValue: string;
}

export interface ValuedCollateralLine extends CollateralLine {
  /** value × loan-to-value, rounded half-up to the cent: what the line lets the customer borrow. */
  contribution: string;
}

export interface BorrowingPower {
  lines: ValuedCollateralLine[];
  /** Σ values of the lines: the collateral's market value. */
  collateralTotal: string;
  /** Σ contributions: the most the collateral allows, before the bank's cap. */
  maximumApplicable: string;
  /** The bank's maximum advance (global configuration), echoed to the cent. */
  bankMaximum: string;
  /** The amount that may be requested: the lower of the two. */
  maximumAmount: string;
  /** Which limit gives `maximumAmount`; on a tie the collateral. */
  binding: 'collateral' | 'bank';
}

function amount(value: string, what: string): Decimal {
  if (!/^\d+(\.\d+)?$/.test(value.trim())) throw new RangeError(`${what} is not a non-negative decimal: ${value}`);
  return new D(value.trim());
}

/** A line's contribution: value × loan-to-value, half-up to the cent. */
export function lineContribution(value: string, loanToValue: string): string {
  return amount(value, 'value').mul(amount(loanToValue, 'loan-to-value')).toDecimalPlaces(2).toFixed(2);
}

/** What a set of collateral lines lets the customer borrow, and which limit binds. */
export function borrowingPower(input: { lines: readonly CollateralLine[]; bankMaximum: string }): BorrowingPower {
  const lines = input.lines.map((line) => ({
    ...line,
    contribution: lineContribution(line.value, line.loanToValue),
  }));
  const collateralTotal = lines.reduce((sum, line) => sum.plus(line.value), new D(0));
  const maximumApplicable = lines.reduce((sum, line) => sum.plus(line.contribution), new D(0));
  const bankMaximum = amount(input.bankMaximum, 'bank maximum').toDecimalPlaces(2);
  const binding = bankMaximum.lt(maximumApplicable) ? 'bank' : 'collateral';
  return {
    lines,
    collateralTotal: collateralTotal.toFixed(2),
    maximumApplicable: maximumApplicable.toFixed(2),
    bankMaximum: bankMaximum.toFixed(2),
    maximumAmount: D.min(bankMaximum, maximumApplicable).toFixed(2),
    binding,
  };
}

export interface MarginCall {
  /** Loan-to-value limit: Σ contributions of the pledged lines at today's prices. */
  limit: string;
  /** Outstanding principal − limit: what repaying would bring the loan back within the limit. */
  shortfall: string;
  /**
   * Collateral value to pledge instead: shortfall ÷ the pledged lines' weighted loan-to-value
   * (Σ value × LTV ÷ Σ value), rounded up to the cent so that adding it is always enough. Null when the
   * pledged lines are worth nothing or lend nothing, as then no weighted ratio exists.
   */
  collateralToAdd: string | null;
}

/** The margin call on an advance, or null when the outstanding principal is within the limit. */
export function marginCall(input: { outstanding: string; pledgedLines: readonly CollateralLine[] }): MarginCall | null {
  const outstanding = amount(input.outstanding, 'outstanding');
  const limit = input.pledgedLines.reduce(
    (sum, line) => sum.plus(lineContribution(line.value, line.loanToValue)),
    new D(0),
  );
  if (outstanding.lte(limit)) return null;
  const shortfall = outstanding.minus(limit);
  const totalValue = input.pledgedLines.reduce((sum, line) => sum.plus(amount(line.value, 'value')), new D(0));
  const lent = input.pledgedLines.reduce((sum, line) => sum.plus(new D(line.value).mul(line.loanToValue)), new D(0));
  const collateralToAdd =
    totalValue.isZero() || lent.isZero()
      ? null
      : shortfall.mul(totalValue).div(lent).toDecimalPlaces(2, Decimal.ROUND_CEIL).toFixed(2);
  return { limit: limit.toFixed(2), shortfall: shortfall.toFixed(2), collateralToAdd };
}
