// Net worth with the advance as a debt: what the customer holds (fund units at their NAV, cash) less the
// principal she owes, today and on past days rebuilt from the ledger and the NAV history, and after a
// forced sale of her pledged units at today's prices (docs/decisions/036).
import Decimal from 'decimal.js';
import { planSale, type SellableLine } from './borrow-or-sell';
import { addMonths } from './calendar-days';
import { positionValue } from './valuation';

/** What a ledger line moved on a customer's account, on the Rome calendar day of its entry. */
export interface NetWorthMovement {
  date: string;
  /** Fund units (free, reserved or pledged), cash (available or reserved), or principal owed. */
  account: 'units' | 'cash' | 'advance';
  /** The fund, for units. */
  productId?: number;
  amount: string;
}

export interface NavOnDay {
  date: string;
  nav: string;
}

export interface NetWorthPoint {
  date: string;
  investments: string;
  cash: string;
  /** Assets: investments + cash. */
  assets: string;
  /** Principal of the advance owed on that day. */
  advance: string;
  netWorth: string;
}

/** `count` monthly days ending today, oldest first: today, then the same day of each earlier month. */
export function monthlyDays(today: string, count = 13): string[] {
  return Array.from({ length: count }, (_, index) => addMonths(today, index - (count - 1)));
}

/** The latest NAV on or before `date` in a list sorted by date, or null before the first. */
function navOn(history: readonly NavOnDay[], date: string): string | null {
  let low = 0;
  let high = history.length - 1;
  let found: string | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const point = history[middle]!;
    if (point.date <= date) {
      found = point.nav;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * Net worth on each of `days`: units held at the day's end × the latest NAV on or before it (each fund's
 * value rounded as every valuation is, half-even to the cent), plus cash, less principal owed. Movements
 * may come in any order; `navs` per fund sorted by date. Units held before a fund's first NAV count nothing
 * (cannot happen through orders, which need a NAV).
 */
export function netWorthSeries(input: {
  days: readonly string[];
  movements: readonly NetWorthMovement[];
  navs: ReadonlyMap<number, readonly NavOnDay[]>;
}): NetWorthPoint[] {
  const movements = [...input.movements].sort((a, b) => a.date.localeCompare(b.date));
  const units = new Map<number, Decimal>();
  let cash = new Decimal(0);
  let advance = new Decimal(0);
  let next = 0;
  return [...input.days].sort().map((day) => {
    for (; next < movements.length && movements[next]!.date <= day; next++) {
      const movement = movements[next]!;
      if (movement.account === 'cash') cash = cash.plus(movement.amount);
      else if (movement.account === 'advance') advance = advance.plus(movement.amount);
      else if (movement.productId !== undefined) {
        units.set(movement.productId, (units.get(movement.productId) ?? new Decimal(0)).plus(movement.amount));
      }
    }
    let investments = new Decimal(0);
    for (const [productId, held] of units) {
      const nav = navOn(input.navs.get(productId) ?? [], day);
      if (nav && !held.isZero()) investments = investments.plus(positionValue(held, nav));
    }
    const assets = investments.plus(cash);
    return {
      date: day,
      investments: investments.toFixed(2),
      cash: cash.toFixed(2),
      assets: assets.toFixed(2),
      advance: advance.toFixed(2),
      netWorth: assets.minus(advance).toFixed(2),
    };
  });
}

export interface ForcedSale {
  /** Net worth today (assets − advance). */
  before: string;
  /** Units sold, what they were worth, what the sale paid and the tax withheld. */
  soldValue: string;
  proceeds: string;
  tax: string;
  /** What the sale loses against today's valuation: value − proceeds (rounding) + tax. */
  loss: string;
  /** The principal repaid from the sale, and what would still be owed if the pledged units fall short. */
  repaid: string;
  stillOwed: string;
  after: string;
  lines: { key: string; units: string; proceeds: string; tax: string }[];
}

/**
 * Net worth after the lender sold pledged units at today's prices to repay the principal: enough of the
 * pledged lines (least tax first, as `planSale` orders them) to cover what is owed after tax, or all of
 * them. The sale turns units worth their valuation into proceeds rounded down, less tax; the debt falls by
 * what is repaid; the rest of the proceeds stays as cash. Funds charge no exit cost: the proceeds are
 * units × NAV, rounded down to the cent, as every disinvestment.
 */
export function forcedSaleNetWorth(input: {
  assets: string;
  advance: string;
  pledged: readonly SellableLine[];
  lossesCarriedForward: string;
  today: string;
}): ForcedSale {
  const owed = new Decimal(input.advance);
  const before = new Decimal(input.assets).minus(owed);
  if (owed.lte(0) || input.pledged.length === 0) {
    const zero = '0.00';
    return {
      before: before.toFixed(2),
      soldValue: zero,
      proceeds: zero,
      tax: zero,
      loss: zero,
      repaid: zero,
      stillOwed: owed.toFixed(2),
      after: before.toFixed(2),
      lines: [],
    };
  }
  const plan = planSale({
    need: owed.toFixed(2),
    lines: input.pledged,
    lossesCarriedForward: input.lossesCarriedForward,
    today: input.today,
    termMonths: 0,
  });
  const byKey = new Map(input.pledged.map((line) => [line.key, line]));
  const soldValue = plan.lines.reduce(
    (sum, line) => sum.plus(positionValue(line.units, byKey.get(line.key)!.nav)),
    new Decimal(0),
  );
  const net = new Decimal(plan.net);
  const repaid = Decimal.min(owed, net);
  const loss = soldValue.minus(plan.proceeds).plus(plan.tax);
  return {
    before: before.toFixed(2),
    soldValue: soldValue.toFixed(2),
    proceeds: plan.proceeds,
    tax: plan.tax,
    loss: loss.toFixed(2),
    repaid: repaid.toFixed(2),
    stillOwed: owed.minus(repaid).toFixed(2),
    after: before.minus(loss).toFixed(2),
    lines: plan.lines.map((line) => ({ key: line.key, units: line.units, proceeds: line.proceeds, tax: line.tax })),
  };
}
