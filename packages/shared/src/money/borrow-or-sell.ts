// Borrow or sell: for a cash need, what selling enough of the customer's free fund units would cost
// (tax, coupons and capital protection given up, the entry cost of buying back), beside what an advance of
// the same amount costs (its quote). Estimates, stated as such (docs/decisions/036).
import Decimal from 'decimal.js';
import { addMonths } from './calendar-days';
import { CAPITAL_GAINS_TAX_RATE, estimateSaleTax, GOVERNMENT_BOND_TAX_RATE } from './capital-gains-tax';
import { entryCost, releasedCost, saleProceeds, UNIT_DECIMALS } from './orders';

const D = Decimal.clone({ precision: 30, rounding: Decimal.ROUND_HALF_UP });
const UNIT_STEP = new D(10).pow(-UNIT_DECIMALS);

/** Coupons a year by the product's frequency code (M monthly, B every two months, Q, H, Y or A yearly). */
export const COUPONS_PER_YEAR: Record<string, number> = { M: 12, B: 6, Q: 4, H: 2, Y: 1, A: 1 };

/** A fund line the customer could sell: its free units (neither pledged nor reserved) and its product. */
export interface SellableLine {
  key: string;
  /** Units that may be sold now. */
  units: string;
  /** Every unit held (free, reserved, pledged): the position's cost is spread over them. */
  heldUnits: string;
  /** The position's cost from the ledger (what the units held cost, entry costs included). */
  cost: string;
  nav: string;
  governmentBondShare: string;
  entryCostRate: string;
  /** Annual coupon as a fraction of the value, with its frequency code; null for accumulating funds. */
  couponRate: string | null;
  couponFrequency: string | null;
  /** Capital protected at maturity, in % of the capital invested (e.g. "100.00"); null without. */
  capitalProtection: string | null;
  maturityDate: string | null;
}

export interface PlannedSale {
  key: string;
  units: string;
  proceeds: string;
  cost: string;
  gain: string;
  tax: string;
  /** Coupons the sold units would have paid over the term, after the same tax. */
  couponsGivenUp: string;
  /** How far below the protected amount at maturity the sale's proceeds fall (zero when above it). */
  protectionGivenUp: string;
  /** The product's entry cost on the proceeds, were the units bought back when the need is over. */
  buyBackCost: string;
}

export interface SalePlan {
  lines: PlannedSale[];
  proceeds: string;
  tax: string;
  /** What the customer keeps: proceeds − tax, at least the need when `enough`. */
  net: string;
  couponsGivenUp: string;
  protectionGivenUp: string;
  buyBackCost: string;
  /** Tax + coupons + protection + buy-back: the sale's cost to set beside the advance's interest. */
  totalCost: string;
  lossesCarriedForward: string;
  lossesAfter: string;
  /** Whether the free units cover the need; if not, the plan sells them all. */
  enough: boolean;
}

/** The gain a line's sale of `units` makes at its NAV, and the tax on it alone (funds: no offsets). */
function lineFigures(line: SellableLine, units: Decimal) {
  const proceeds = saleProceeds(units, line.nav);
  const cost = releasedCost(line.cost, units, line.heldUnits);
  const tax = estimateSaleTax([
    {
      kind: 'fund',
      proceeds: proceeds.toFixed(2),
      cost: cost.toFixed(2),
      governmentBondShare: line.governmentBondShare,
    },
  ]).tax;
  return { proceeds, cost, tax: new D(tax), net: proceeds.minus(tax) };
}

/** The tax a euro of this line's sale pays: what orders the lines, cheapest first. */
function taxPerEuro(line: SellableLine): Decimal {
  const nav = new D(line.nav);
  const held = new D(line.heldUnits);
  if (held.isZero() || nav.isZero()) return new D(0);
  const gainShare = Decimal.max(0, nav.minus(new D(line.cost).div(held)).div(nav));
  const share = new D(line.governmentBondShare);
  const rate = new D(1).minus(share).mul(CAPITAL_GAINS_TAX_RATE).plus(share.mul(GOVERNMENT_BOND_TAX_RATE));
  return gainShare.mul(rate);
}

/** The fewest units (six decimals) whose sale nets at least `need` after tax, or null when all do not. */
function unitsFor(line: SellableLine, need: Decimal): Decimal | null {
  const available = new D(line.units);
  if (lineFigures(line, available).net.lt(need)) return null;
  const perUnit = new D(line.nav).mul(new D(1).minus(taxPerEuro(line)));
  let units = Decimal.min(available, need.div(perUnit).toDecimalPlaces(UNIT_DECIMALS, Decimal.ROUND_UP));
  // The rounding of proceeds (down) and tax (half-up) can leave a few cents short: step up until covered.
  for (let step = 0; step < 50; step++) {
    const short = need.minus(lineFigures(line, units).net);
    if (short.lte(0)) return units;
    const more = Decimal.max(UNIT_STEP, short.div(perUnit).toDecimalPlaces(UNIT_DECIMALS, Decimal.ROUND_UP));
    units = Decimal.min(available, units.plus(more));
  }
  return available;
}

/** Coupon dates from the day after `today` to `end` (inclusive), counted from the frequency alone. */
function couponsWithin(frequency: string, today: string, end: string): number {
  const perYear = COUPONS_PER_YEAR[frequency];
  if (!perYear) return 0;
  const months = 12 / perYear;
  let count = 0;
  while (addMonths(today, months * (count + 1)) <= end) count++;
  return count;
}

/**
 * Which free units to sell so that the proceeds after tax cover `need`: lines paying the least tax per
 * euro first (ties by key, so the plan is the same every time), each sold only as far as needed. Then the
 * whole sale's tax with the losses carried forward, and what it gives up over `termMonths` from `today`.
 */
export function planSale(input: {
  need: string;
  lines: readonly SellableLine[];
  lossesCarriedForward: string;
  today: string;
  termMonths: number;
}): SalePlan {
  const need = new D(input.need);
  if (need.lte(0)) throw new RangeError(`not a cash need: ${input.need}`);
  const end = addMonths(input.today, input.termMonths);
  const ordered = [...input.lines]
    .filter((line) => new D(line.units).gt(0))
    .sort((a, b) => taxPerEuro(a).comparedTo(taxPerEuro(b)) || a.key.localeCompare(b.key));
  const sold: { line: SellableLine; units: Decimal }[] = [];
  let remaining = need;
  for (const line of ordered) {
    if (remaining.lte(0)) break;
    const units = unitsFor(line, remaining) ?? new D(line.units);
    sold.push({ line, units });
    remaining = remaining.minus(lineFigures(line, units).net);
  }
  const figures = sold.map(({ line, units }) => ({ line, units, ...lineFigures(line, units) }));
  const tax = estimateSaleTax(
    figures.map((f) => ({
      kind: 'fund' as const,
      proceeds: f.proceeds.toFixed(2),
      cost: f.cost.toFixed(2),
      governmentBondShare: f.line.governmentBondShare,
    })),
    input.lossesCarriedForward,
  );
  const lines: PlannedSale[] = figures.map((f, index) => {
    const { line } = f;
    let coupons = new D(0);
    if (line.couponRate && line.couponFrequency) {
      const couponEnd = line.maturityDate && line.maturityDate < end ? line.maturityDate : end;
      const count = couponsWithin(line.couponFrequency, input.today, couponEnd);
      const perYear = COUPONS_PER_YEAR[line.couponFrequency] ?? 1;
      const each = f.proceeds.mul(line.couponRate).div(perYear).toDecimalPlaces(2);
      const gross = each.mul(count);
      const couponTax = estimateSaleTax([
        { kind: 'fund', proceeds: gross.toFixed(2), cost: '0', governmentBondShare: line.governmentBondShare },
      ]).tax;
      coupons = gross.minus(couponTax);
    }
    let protection = new D(0);
    if (line.capitalProtection && line.maturityDate && line.maturityDate > input.today) {
      const protectedAmount = f.cost.mul(line.capitalProtection).div(100).toDecimalPlaces(2);
      protection = Decimal.max(0, protectedAmount.minus(f.proceeds));
    }
    return {
      key: line.key,
      units: f.units.toFixed(UNIT_DECIMALS),
      proceeds: f.proceeds.toFixed(2),
      cost: f.cost.toFixed(2),
      gain: tax.lines[index]!.gain,
      tax: tax.lines[index]!.tax,
      couponsGivenUp: coupons.toFixed(2),
      protectionGivenUp: protection.toFixed(2),
      buyBackCost: entryCost(f.proceeds, line.entryCostRate).toFixed(2),
    };
  });
  const sum = (pick: (line: PlannedSale) => string) => lines.reduce((total, line) => total.plus(pick(line)), new D(0));
  const proceeds = sum((line) => line.proceeds);
  const net = proceeds.minus(tax.tax);
  const coupons = sum((line) => line.couponsGivenUp);
  const protection = sum((line) => line.protectionGivenUp);
  const buyBack = sum((line) => line.buyBackCost);
  return {
    lines,
    proceeds: proceeds.toFixed(2),
    tax: tax.tax,
    net: net.toFixed(2),
    couponsGivenUp: coupons.toFixed(2),
    protectionGivenUp: protection.toFixed(2),
    buyBackCost: buyBack.toFixed(2),
    totalCost: new D(tax.tax).plus(coupons).plus(protection).plus(buyBack).toFixed(2),
    lossesCarriedForward: new D(input.lossesCarriedForward).toFixed(2),
    lossesAfter: tax.lossesAfter,
    enough: net.gte(need),
  };
}
