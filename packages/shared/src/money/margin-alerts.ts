// Staged alerts and the remedy of a margin call (docs/decisions/038). The stage of an advance follows its
// loan against the limit its pledged lines allow (`marginCall`): a warning once the loan reaches a share of
// the limit (the operator's setting, 90 % by default), a call above the limit. The remedy is worked out in
// the order the customer ranked: repay from cash, pledge free lines whole, sell pledged fund units, until
// the shortfall is covered. Decimal strings in and out.
import Decimal from 'decimal.js';
import { type CollateralLine, lineContribution } from './borrowing-power';
import { addBusinessDays } from './business-days';
import { saleProceeds } from './orders';
import { positionValue } from './valuation';

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
const UNIT_DECIMALS = 6;

export const ALERT_STAGES = ['clear', 'warning', 'call'] as const;
export type AlertStage = (typeof ALERT_STAGES)[number];

export const REMEDY_METHODS = ['cash', 'pledge', 'sell'] as const;
export type RemedyMethod = (typeof REMEDY_METHODS)[number];

/** The loan at which the warning goes out: the limit × the warning ratio, rounded up to the cent. */
export function warningAmount(limit: string, ratio: string): string {
  return new D(limit).mul(ratio).toDecimalPlaces(2, Decimal.ROUND_CEIL).toFixed(2);
}

/** Where an advance stands: above the limit a call, from the warning amount a warning, else clear. */
export function alertStage(input: { outstanding: string; limit: string; warningRatio: string }): AlertStage {
  const outstanding = new D(input.outstanding);
  if (outstanding.lte(0)) return 'clear';
  if (outstanding.gt(input.limit)) return 'call';
  return outstanding.gte(warningAmount(input.limit, input.warningRatio)) ? 'warning' : 'clear';
}

/**
 * Whether moving from one stage to the next is told to the customer: only upward crossings (clear to
 * warning, anything to call). Going back under the warning and crossing it again is a new crossing.
 */
export function isToldCrossing(from: AlertStage, to: AlertStage): boolean {
  return ALERT_STAGES.indexOf(to) > ALERT_STAGES.indexOf(from);
}

/** The last day to cure a call opened on `openedDay`: that many business days later (TARGET2 calendar). */
export function graceDeadline(openedDay: string, businessDays: number): string {
  return addBusinessDays(openedDay, businessDays);
}

/** Business days left to cure after `today`, up to the deadline (0 on the deadline, the last day, and after). */
export function businessDaysLeft(today: string, deadline: string): number {
  let count = 0;
  for (let day = addBusinessDays(today, 1); day <= deadline; day = addBusinessDays(day, 1)) count++;
  return count;
}

/** A pledged fund line that may be sold: its units and price besides its value and loan-to-value. */
export interface SellableLine extends CollateralLine {
  units: string;
  unitPrice: string;
}

export type RemedyStep =
  | { method: 'cash'; amount: string }
  | { method: 'pledge'; key: string; value: string; contribution: string }
  | { method: 'sell'; key: string; units: string; proceeds: string };

export interface Remedy {
  steps: RemedyStep[];
  /** The steps together cover the shortfall. */
  cures: boolean;
  /** What the steps leave uncovered, "0.00" when they cure. */
  uncovered: string;
  /** Cash and sale proceeds that repay the advance. */
  repayment: string;
}

/**
 * What selling units of one pledged line covers: the proceeds repay the loan and the line secures less,
 * so each euro sold covers 1 − loan-to-value. Returns the units that cover `needed` (never more than the
 * line holds), with the proceeds and what they cover, by the same rounding as the sale and the valuation.
 */
export function saleToCover(line: SellableLine, needed: string): { units: string; proceeds: string; covers: string } {
  const held = new D(line.units);
  const price = new D(line.unitPrice);
  const covers = (sold: Decimal) => {
    const proceeds = saleProceeds(sold, price);
    const before = new D(lineContribution(line.value, line.loanToValue));
    const left = positionValue(held.minus(sold), price).toFixed(2);
    const after = new D(lineContribution(left, line.loanToValue));
    return { proceeds, covers: proceeds.minus(before.minus(after)) };
  };
  const keep = new D(1).minus(line.loanToValue);
  const enough = (units: Decimal) => units.gte(held) || covers(units).covers.gte(needed);
  let sold = held;
  if (keep.gt(0) && price.gt(0)) {
    // Without rounding: needed ÷ ((1 − loan-to-value) × price). Rounding (proceeds down, values half-even)
    // moves it by a few cents: look for the fewest micro-units that cover, between a cent below and above.
    const exact = new D(needed).div(keep.mul(price));
    const cent = new D(0.01).div(keep.mul(price));
    const micro = new D(10).pow(-UNIT_DECIMALS);
    let low = D.max(exact.minus(cent.mul(4)), 0).toDecimalPlaces(UNIT_DECIMALS, Decimal.ROUND_FLOOR);
    let high = D.min(held, exact.plus(cent.mul(4)).toDecimalPlaces(UNIT_DECIMALS, Decimal.ROUND_CEIL));
    if (!enough(high)) high = held;
    // `high` covers; the fewest that cover lies in (low, high].
    while (high.minus(low).gt(micro)) {
      const middle = low.plus(high).div(2).toDecimalPlaces(UNIT_DECIMALS, Decimal.ROUND_FLOOR);
      if (enough(middle)) high = middle;
      else low = middle;
    }
    sold = high;
  }
  const result = covers(sold);
  return {
    units: sold.toFixed(UNIT_DECIMALS),
    proceeds: result.proceeds.toFixed(2),
    covers: result.covers.toFixed(2),
  };
}

/**
 * The remedy for a shortfall in the customer's ranking: each method in turn, free lines pledged whole in
 * her order, pledged fund lines sold in hers, until the shortfall is covered.
 */
export function proposeRemedy(input: {
  shortfall: string;
  methods: readonly RemedyMethod[];
  cash: string;
  free: readonly CollateralLine[];
  sellable: readonly SellableLine[];
}): Remedy {
  let left = new D(input.shortfall);
  const steps: RemedyStep[] = [];
  let repayment = new D(0);
  for (const method of input.methods) {
    if (left.lte(0)) break;
    if (method === 'cash') {
      const amount = D.min(new D(input.cash), left).toDecimalPlaces(2, Decimal.ROUND_DOWN);
      if (amount.lte(0)) continue;
      steps.push({ method, amount: amount.toFixed(2) });
      repayment = repayment.plus(amount);
      left = left.minus(amount);
    } else if (method === 'pledge') {
      for (const line of input.free) {
        if (left.lte(0)) break;
        const contribution = new D(lineContribution(line.value, line.loanToValue));
        if (contribution.lte(0)) continue;
        steps.push({ method, key: line.key, value: line.value, contribution: contribution.toFixed(2) });
        left = left.minus(contribution);
      }
    } else {
      for (const line of input.sellable) {
        if (left.lte(0)) break;
        const sale = saleToCover(line, left.toFixed(2));
        if (new D(sale.units).lte(0)) continue;
        steps.push({ method, key: line.key, units: sale.units, proceeds: sale.proceeds });
        repayment = repayment.plus(sale.proceeds);
        left = left.minus(sale.covers);
      }
    }
  }
  return {
    steps,
    cures: left.lte(0),
    uncovered: D.max(left, 0).toFixed(2),
    repayment: repayment.toFixed(2),
  };
}
