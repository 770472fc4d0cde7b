// How far an advance is from a margin call, and what a fall in prices would do to it. A margin call opens
// when the principal owed is above the limit, Σ value × loan-to-value of the pledged lines (`marginCall`,
// borrowing-power.ts); every figure here is that same rule solved for the fall in value that reaches it.
// Decimal strings in, decimal strings out; falls are fractions ("0.2500" for a 25 % fall).
//
// Rounding: a fall that opens a call is rounded up (to the hundredth of a percent, to the cent), so the
// figure shown is never smaller than the fall that really opens one; a line's value after a fall is rounded
// half-even to the cent like every valuation (`positionValue`), and its contribution half-up.
import Decimal from 'decimal.js';
import { type CollateralLine, lineContribution, type MarginCall, marginCall } from './borrowing-power';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const FRACTION_DECIMALS = 4;

/** A pledged line and, optionally, the fall its kind of asset has suffered at worst (a fraction). */
export interface RiskLine extends CollateralLine {
  /** The worst historical fall of the line's asset class: weighs which line is the weak one. */
  typicalFall?: string;
}

export interface LineDistance {
  key: string;
  value: string;
  contribution: string;
  /** The fall of this line alone, the others unchanged, that opens a call; null when even losing it all would not. */
  fall: string | null;
  /** The same fall in euros of the line's value. */
  fallAmount: string | null;
}

export interface MarginDistance {
  outstanding: string;
  /** Σ values of the pledged lines. */
  collateralValue: string;
  /** Σ contributions: the most the loan may be before a call opens. */
  limit: string;
  /** limit − outstanding, never below zero. */
  headroom: string;
  /** outstanding ÷ collateral value: the loan-to-value now; null without collateral value. */
  loanToValue: string | null;
  /** limit ÷ collateral value: the loan-to-value at which a call opens; null without collateral value. */
  limitLoanToValue: string | null;
  /** The loan is above its limit today. */
  inCall: boolean;
  /** The fall of every line at once that opens a call; "0.0000" in a call, null with nothing pledged. */
  fall: string | null;
  /** The same fall in euros of the collateral's value. */
  fallAmount: string | null;
  lines: LineDistance[];
  /** The key of the line whose own fall most readily opens a call, weighed by how far its kind falls. */
  weakLine: string | null;
}

const ceilFraction = (value: Decimal) => value.toDecimalPlaces(FRACTION_DECIMALS, Decimal.ROUND_CEIL);
const ceilCents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_CEIL).toFixed(2);
const ratio = (part: Decimal, whole: Decimal) =>
  whole.isZero() ? null : part.div(whole).toDecimalPlaces(FRACTION_DECIMALS).toFixed(FRACTION_DECIMALS);

/**
 * The weak line: the lowest fall that opens a call, measured against the fall its asset class has seen
 * (a company's shares that need a 40 % fall are weaker than a bond fund that needs 20 %, when bonds have
 * fallen 17 % at worst and shares 60 %). Lines without a typical fall compare by their fall alone.
 */
function weakest(lines: readonly LineDistance[], typical: ReadonlyMap<string, string | undefined>): string | null {
  let best: { key: string; score: Decimal } | null = null;
  for (const line of lines) {
    if (line.fall === null) continue;
    const reference = typical.get(line.key);
    const score =
      reference && new D(reference).gt(0) ? new D(line.fall).div(reference) : new D(line.fall).mul(1_000_000);
    if (!best || score.lt(best.score)) best = { key: line.key, score };
  }
  return best?.key ?? null;
}

/** The distance to a margin call: overall, for a fall of every line at once, and line by line. */
export function marginDistance(input: { outstanding: string; lines: readonly RiskLine[] }): MarginDistance {
  const outstanding = new D(input.outstanding);
  const valued = input.lines.map((line) => ({
    line,
    value: new D(line.value),
    contribution: new D(lineContribution(line.value, line.loanToValue)),
  }));
  const collateralValue = valued.reduce((sum, l) => sum.plus(l.value), new D(0));
  const limit = valued.reduce((sum, l) => sum.plus(l.contribution), new D(0));
  const headroom = limit.minus(outstanding);
  const inCall = headroom.lt(0);
  const positive = D.max(headroom, 0);
  // Every line falling by f lowers the limit to limit × (1 − f): a call once f > headroom ÷ limit.
  const fall = limit.isZero() ? null : inCall ? new D(0) : ceilFraction(positive.div(limit));
  const lines = valued.map(({ line, value, contribution }) => {
    // This line alone falling by f lowers the limit by its contribution × f.
    const own = contribution.isZero() ? null : positive.div(contribution);
    const reaching = own?.lt(1) ? own : null;
    return {
      key: line.key,
      value: value.toFixed(2),
      contribution: contribution.toFixed(2),
      fall: reaching ? ceilFraction(reaching).toFixed(FRACTION_DECIMALS) : null,
      // In euros: the headroom ÷ the line's loan-to-value.
      fallAmount: reaching ? ceilCents(positive.div(line.loanToValue)) : null,
    };
  });
  return {
    outstanding: outstanding.toFixed(2),
    collateralValue: collateralValue.toFixed(2),
    limit: limit.toFixed(2),
    headroom: positive.toFixed(2),
    loanToValue: ratio(outstanding, collateralValue),
    limitLoanToValue: ratio(limit, collateralValue),
    inCall,
    fall: fall?.toFixed(FRACTION_DECIMALS) ?? null,
    fallAmount: fall === null || limit.isZero() ? null : ceilCents(positive.mul(collateralValue).div(limit)),
    lines,
    weakLine: inCall ? null : weakest(lines, new Map(input.lines.map((l) => [l.key, l.typicalFall]))),
  };
}

/** A line's value after a fall (a fraction, 0 to 1), half-even to the cent as every valuation. */
export function valueAfterFall(value: string, fall: string): string {
  const kept = D.max(new D(1).minus(fall), 0);
  return new D(value).mul(kept).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);
}

export interface StressLine extends CollateralLine {
  /** The fall this line suffers in the scenario, a fraction. */
  fall: string;
}

export interface StressedPosition {
  collateralValue: string;
  limit: string;
  /** outstanding ÷ the collateral's value after the falls; null when nothing is left. */
  loanToValue: string | null;
  /** How much the limit fell, a fraction of what it was: the falls weighted by what each line secured. */
  limitFall: string | null;
  /** The margin call the falls would open, with what curing it takes; null when none opens. */
  call: MarginCall | null;
  /** What the free lines, after the same falls, could secure if pledged. */
  freeContribution: string;
  /** Free value to pledge to cure the call at the free lines' own loan-to-value; null without a call or free lines. */
  freeValueToPledge: string | null;
  /** The free lines, after the falls, secure at least the shortfall. */
  curableByPledge: boolean;
}

const afterFall = (line: StressLine): CollateralLine => ({
  key: line.key,
  value: valueAfterFall(line.value, line.fall),
  loanToValue: line.loanToValue,
});

/**
 * The advance after a scenario's falls: the loan-to-value, whether a call opens and how to cure it —
 * repay the shortfall, or pledge more collateral (the pledged lines' weighted ratio, as a margin call
 * asks, and what it takes from the customer's free lines, themselves fallen).
 */
export function stressedPosition(input: {
  outstanding: string;
  pledged: readonly StressLine[];
  free?: readonly StressLine[];
}): StressedPosition {
  const pledged = input.pledged.map(afterFall);
  const free = (input.free ?? []).map(afterFall);
  const collateralValue = pledged.reduce((sum, l) => sum.plus(l.value), new D(0));
  const limit = pledged.reduce((sum, l) => sum.plus(lineContribution(l.value, l.loanToValue)), new D(0));
  const before = input.pledged.reduce((sum, l) => sum.plus(lineContribution(l.value, l.loanToValue)), new D(0));
  const freeValue = free.reduce((sum, l) => sum.plus(l.value), new D(0));
  const freeContribution = free.reduce((sum, l) => sum.plus(lineContribution(l.value, l.loanToValue)), new D(0));
  const call = marginCall({ outstanding: input.outstanding, pledgedLines: pledged });
  // The free lines pledged in proportion: value × (shortfall ÷ what they secure), rounded up to the cent.
  const freeValueToPledge =
    call && freeContribution.gt(0) ? ceilCents(new D(call.shortfall).mul(freeValue).div(freeContribution)) : null;
  return {
    collateralValue: collateralValue.toFixed(2),
    limit: limit.toFixed(2),
    loanToValue: ratio(new D(input.outstanding), collateralValue),
    limitFall: ratio(before.minus(limit), before),
    call,
    freeContribution: freeContribution.toFixed(2),
    freeValueToPledge,
    curableByPledge: call !== null && freeContribution.gte(call.shortfall),
  };
}

/**
 * The date a call would have opened on a fall assumed steady from its start to its trough: the share of
 * the way the threshold lies, of the days between. Null when the trough does not reach the threshold.
 */
export function dayOfCall(input: { threshold: string; trough: string; start: string; end: string }): string | null {
  const threshold = new D(input.threshold);
  const trough = new D(input.trough);
  if (trough.lte(0) || threshold.gte(trough)) return null;
  const start = Date.parse(`${input.start}T00:00:00Z`);
  const days = Math.round((Date.parse(`${input.end}T00:00:00Z`) - start) / 86_400_000);
  const offset = threshold.div(trough).mul(days).toDecimalPlaces(0, Decimal.ROUND_CEIL).toNumber();
  return new Date(start + offset * 86_400_000).toISOString().slice(0, 10);
}
