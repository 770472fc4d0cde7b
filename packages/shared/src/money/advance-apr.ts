// The annual percentage rate of charge (APR, TAEG) by the consumer-credit directives' equation
// (Directive 2008/48/EC Annex I, carried into Directive (EU) 2023/2225): the rate X at which what the
// consumer receives and what they pay back are worth the same on the day of the first drawdown,
//   Σ drawdowns_k · (1 + X)^−t_k  =  Σ payments_l · (1 + X)^−s_l.
// Advances have no fees (docs/decisions/005), so the payments are the interest instalments and the
// principal; the caller passes whatever dated flows it has.
import Decimal from 'decimal.js';
import { addMonths, daysBetween } from './calendar-days';

const D = Decimal.clone({ precision: 30, rounding: Decimal.ROUND_HALF_UP });

/**
 * A dated cash flow seen from the lender: a drawdown (money paid to the consumer) is negative, a payment
 * by the consumer positive. One signed amount instead of a separate kind keeps the equation a single
 * sum that must come to zero.
 */
export interface CashFlow {
  date: string;
  amount: string;
}

/** The APR's precision: a fraction with six decimals (0.044731 = 4.4731 %); screens show two. */
export const APR_DECIMALS = 6;
/** The solver stops when the rate is known to within this. */
const TOLERANCE = new D('1e-10');
const MAX_ITERATIONS = 200;
/** Bracket widenings tried before giving up: −1 + 2^−40 and 2^40 are far past any credit's rate. */
const MAX_WIDENINGS = 40;

/** An interval as the Annex counts it: whole years, then days into a year of 365 or 366 days. */
interface YearParts {
  years: number;
  days: number;
  yearLength: number;
}

/**
 * Whole years (anniversaries of `start`) plus the remaining days over the length of the year they fall
 * in, 365 or 366. Why not days ÷ 365 throughout: the Annex says a year has 365 days "or 366 days for leap
 * years", and counting by anniversaries is the reading under which a flow exactly one year later is
 * exactly one year away, 29 February or not; days ÷ 365 would make a year spanning 29 February 1.0027
 * years and push the APR of a plain "borrow 1,000, repay 1,100 a year later" loan below 10 %.
 */
function yearParts(start: string, date: string): YearParts {
  if (date < start) throw new RangeError(`${date} is before the first drawdown ${start}`);
  // A start on 29 February has its anniversaries on 28 February (addMonths clamps to the month's end).
  let years = Math.max(0, Math.floor(daysBetween(start, date) / 366) - 1);
  while (addMonths(start, 12 * (years + 1)) <= date) years++;
  const anniversary = addMonths(start, 12 * years);
  const yearLength = daysBetween(anniversary, addMonths(start, 12 * (years + 1)));
  return { years, days: daysBetween(anniversary, date), yearLength };
}

/** Years from `start` to `date`, counted as the Annex says (see yearParts). */
export function yearFraction(start: string, date: string): Decimal {
  const { years, days, yearLength } = yearParts(start, date);
  return new D(days).div(yearLength).plus(years);
}

interface TimedFlow extends YearParts {
  amount: Decimal;
  time: Decimal;
}

/**
 * Net present value of the flows at rate X and its derivative with respect to X. (1 + X)^−t is taken as
 * v^years · w^days with v = (1 + X)^−1 and w = (1 + X)^(−1/yearLength): two exponentials per rate and
 * integer powers per flow, instead of one exponential per flow, which keeps a 40-quarter quote fast
 * enough to recompute on every keystroke.
 */
function presentValue(flows: readonly TimedFlow[], rate: Decimal): { value: Decimal; slope: Decimal } {
  const base = rate.plus(1);
  const lnBase = base.ln();
  const v = new D(1).div(base);
  const dayFactor = new Map<number, Decimal>();
  let value = new D(0);
  let slope = new D(0);
  for (const flow of flows) {
    let w = dayFactor.get(flow.yearLength);
    if (!w) {
      w = D.exp(lnBase.neg().div(flow.yearLength));
      dayFactor.set(flow.yearLength, w);
    }
    const discounted = flow.amount.mul(v.pow(flow.years)).mul(w.pow(flow.days));
    value = value.plus(discounted);
    slope = slope.minus(discounted.mul(flow.time).div(base));
  }
  return { value, slope };
}

/**
 * The APR of a credit as a fraction string with six decimals (half-up). Flows may come in any order;
 * times count from the earliest drawdown. There must be at least one drawdown and one payment, and the
 * payments must follow the first drawdown, otherwise a RangeError.
 *
 * Solved by Newton's method kept inside a bracket that always holds the root (bisecting when a Newton
 * step would leave it): with every payment after the first drawdown the present value falls from +∞ near
 * X = −1 to the (negative) drawdown at t = 0 as X grows, so a root exists.
 */
export function annualPercentageRate(flows: readonly CashFlow[]): string {
  const parsed = flows.map((flow) => ({ date: flow.date, amount: new D(flow.amount) }));
  const drawdowns = parsed.filter((flow) => flow.amount.isNegative() && !flow.amount.isZero());
  if (drawdowns.length === 0) throw new RangeError('an APR needs at least one drawdown (a negative amount)');
  const start = drawdowns.map((flow) => flow.date).sort()[0]!;
  const timed = parsed
    .filter((flow) => !flow.amount.isZero())
    .map((flow) => {
      const parts = yearParts(start, flow.date);
      return { amount: flow.amount, ...parts, time: new D(parts.days).div(parts.yearLength).plus(parts.years) };
    });
  if (!timed.some((flow) => flow.amount.isPositive() && flow.time.isPositive())) {
    throw new RangeError('an APR needs a payment after the first drawdown');
  }

  // A first estimate in binary floating point costs microseconds and is good to about 1e−13, a thousand
  // times finer than the decimal solver's tolerance: unless it lies next to a rounding boundary of the
  // sixth decimal, its rounding is the answer (a 40-quarter quote went from about 3 ms to a tenth of
  // that). Next to a boundary, the decimal solver decides, starting from the estimate.
  const estimate = floatEstimate(timed);
  if (estimate !== null && clearOfRoundingBoundary(estimate)) {
    return new D(estimate).toDecimalPlaces(APR_DECIMALS).toFixed(APR_DECIMALS);
  }
  if (estimate !== null) {
    const rate = new D(estimate);
    const { value, slope } = presentValue(timed, rate);
    if (!slope.isZero()) {
      const refined = rate.minus(value.div(slope));
      if (refined.minus(rate).abs().lt(TOLERANCE)) return refined.toDecimalPlaces(APR_DECIMALS).toFixed(APR_DECIMALS);
    }
  }

  // Bracket: f(low) > 0 > f(high). Widen until it holds; flows that never change sign have no APR.
  let low = new D('-0.5');
  let high = new D('1');
  for (let widen = 0; presentValue(timed, low).value.lte(0); widen++) {
    if (widen === MAX_WIDENINGS) throw new RangeError('no rate solves these flows');
    low = low.minus(1).div(2); // halves the distance to −1
  }
  for (let widen = 0; presentValue(timed, high).value.gte(0); widen++) {
    if (widen === MAX_WIDENINGS) throw new RangeError('no rate solves these flows');
    high = high.mul(2);
  }

  let rate = new D('0.05');
  if (rate.lte(low) || rate.gte(high)) rate = low.plus(high).div(2);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const { value, slope } = presentValue(timed, rate);
    if (value.isZero()) break;
    if (value.isPositive()) low = rate;
    else high = rate;
    let next = slope.isZero() ? low.plus(high).div(2) : rate.minus(value.div(slope));
    if (next.lte(low) || next.gte(high)) next = low.plus(high).div(2);
    const step = next.minus(rate).abs();
    rate = next;
    if (step.lt(TOLERANCE) || high.minus(low).lt(TOLERANCE)) break;
  }
  return rate.toDecimalPlaces(APR_DECIMALS).toFixed(APR_DECIMALS);
}

/**
 * Newton's method on the same equation in floating point, from 5 %, or null when it does not settle
 * (the decimal solver's bracket then does the whole work).
 */
function floatEstimate(flows: readonly TimedFlow[]): number | null {
  const parts = flows.map((flow) => ({ amount: flow.amount.toNumber(), time: flow.time.toNumber() }));
  let rate = 0.05;
  for (let iteration = 0; iteration < 50; iteration++) {
    let value = 0;
    let slope = 0;
    for (const flow of parts) {
      const discounted = flow.amount * (1 + rate) ** -flow.time;
      value += discounted;
      slope -= (discounted * flow.time) / (1 + rate);
    }
    if (slope === 0 || !Number.isFinite(value)) return null;
    const next = rate - value / slope;
    if (!Number.isFinite(next) || next <= -1) return null;
    if (Math.abs(next - rate) < 1e-13) return next;
    rate = next;
  }
  return null;
}

/** Whether a rate is far enough from a half-unit of the sixth decimal for its rounding to be certain. */
function clearOfRoundingBoundary(rate: number): boolean {
  const scaled = rate * 10 ** APR_DECIMALS;
  return Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6;
}
