// Net worth with the advance as a debt: what the customer holds (fund units at their NAV, stock-plan units
// at their plan's price, cash) less the principal she owes, today and on past days rebuilt from the ledger
// and the NAV and plan price histories, and after a forced sale of her pledged units at today's prices (docs/decisions/036).
import Decimal from 'decimal.js';
import { planSale, type SellableLine } from './borrow-or-sell';
import { addMonths } from './calendar-days';
import { positionValue } from './valuation';

/** What a ledger line moved on a customer's account, on the Rome calendar day of its entry. */
export interface NetWorthMovement {
  date: string;
  /**
   * Fund units (free, reserved or pledged), stock-plan units (free or pledged), cash (available or
   * reserved), or principal owed.
   */
  account: 'units' | 'plan_units' | 'cash' | 'advance';
  /** The fund, for units. */
  productId?: number;
  /** The stock plan, for plan units. */
  stockPlanId?: number;
  amount: string;
}

export interface NavOnDay {
  date: string;
  nav: string;
}

export interface NetWorthPoint {
  date: string;
  /** Fund units at their NAV. */
  investments: string;
  /** Stock-plan units at their plan's price. */
  stockPlans: string;
  cash: string;
  /** Assets: investments + stock plans + cash. */
  assets: string;
  /** Principal of the advance owed on that day. */
  advance: string;
  netWorth: string;
}

/** `count` monthly days ending today, oldest first: today, then the same day of each earlier month. */
export function monthlyDays(today: string, count = 13): string[] {
  return Array.from({ length: count }, (_, index) => addMonths(today, index - (count - 1)));
}

/** A stock plan's share price recorded for a day (docs/decisions/046). */
export interface PriceOnDay {
  date: string;
  price: string;
}

/** The latest point on or before `date` in a list sorted by date, or null before the first. */
export function latestOnOrBefore<T extends { date: string }>(history: readonly T[], date: string): T | null {
  let low = 0;
  let high = history.length - 1;
  let found: T | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const point = history[middle]!;
    if (point.date <= date) {
      found = point;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * A plan's price on `date`: the latest recorded on or before it; before the first one, the first one (the
 * price verified when the units entered the ledger stands for any earlier day they were held).
 */
export function planPriceOn(history: readonly PriceOnDay[], date: string): string | null {
  return (latestOnOrBefore(history, date) ?? history[0])?.price ?? null;
}

const add = (held: Map<number, Decimal>, id: number, amount: string) =>
  held.set(id, (held.get(id) ?? new Decimal(0)).plus(amount));

/**
 * Net worth on each of `days`: units held at the day's end × the latest NAV on or before it (each fund's
 * value rounded as every valuation is, half-even to the cent), plus stock-plan units held × the plan's
 * price in force that day (`planPriceOn`, rounded the same way), plus cash, less principal owed. Movements may come in any order; `navs` per fund sorted by date. Units held
 * before a fund's first NAV count nothing (cannot happen through orders, which need a NAV).
 */
export function netWorthSeries(input: {
  days: readonly string[];
  movements: readonly NetWorthMovement[];
  navs: ReadonlyMap<number, readonly NavOnDay[]>;
  /** Each plan's recorded prices, sorted by date. */
  planPrices?: ReadonlyMap<number, readonly PriceOnDay[]>;
}): NetWorthPoint[] {
  const movements = [...input.movements].sort((a, b) => a.date.localeCompare(b.date));
  const units = new Map<number, Decimal>();
  const planUnits = new Map<number, Decimal>();
  let cash = new Decimal(0);
  let advance = new Decimal(0);
  let next = 0;
  return [...input.days].sort().map((day) => {
    for (; next < movements.length && movements[next]!.date <= day; next++) {
      const movement = movements[next]!;
      if (movement.account === 'cash') cash = cash.plus(movement.amount);
      else if (movement.account === 'advance') advance = advance.plus(movement.amount);
      else if (movement.account === 'plan_units') {
        if (movement.stockPlanId !== undefined) add(planUnits, movement.stockPlanId, movement.amount);
      } else if (movement.productId !== undefined) add(units, movement.productId, movement.amount);
    }
    let investments = new Decimal(0);
    for (const [productId, held] of units) {
      const nav = latestOnOrBefore(input.navs.get(productId) ?? [], day)?.nav;
      if (nav && !held.isZero()) investments = investments.plus(positionValue(held, nav));
    }
    let plans = new Decimal(0);
    for (const [planId, held] of planUnits) {
      const price = planPriceOn(input.planPrices?.get(planId) ?? [], day);
      if (price && !held.isZero()) plans = plans.plus(positionValue(held, price));
    }
    const assets = investments.plus(plans).plus(cash);
    return {
      date: day,
      investments: investments.toFixed(2),
      stockPlans: plans.toFixed(2),
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
  lines: { key: string; kind: 'fund' | 'stock_plan'; units: string; proceeds: string; tax: string }[];
}

/** Pledged stock-plan units and the plan's price in force today. */
export interface PledgedPlanLine {
  key: string;
  units: string;
  price: string;
}

/**
 * The plan units sold to raise `need`: whole shares, as a plan's administrator sells them (all the
 * pledged units when a fraction is left or they fall short), for units × price rounded down to the cent.
 * No tax: the plan's price is the one price Lombard knows for its units, the reference that values them
 * at vesting (taxed then as income), so at that price the sale makes no capital gain.
 */
function planUnitsFor(line: PledgedPlanLine, need: Decimal) {
  const available = new Decimal(line.units);
  const price = new Decimal(line.price);
  let units = price.isZero() ? available : Decimal.min(available, need.div(price).ceil());
  const proceeds = (held: Decimal) => held.mul(price).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  if (proceeds(units).lt(need)) units = available;
  return { units, proceeds: proceeds(units) };
}

/**
 * Net worth after a forced sale at today's prices to repay the principal: the lender sells pledged fund
 * units first (least tax first, as `planSale` orders them) to cover what is owed after tax; what they do
 * not cover, the plan's administrator raises by selling pledged plan units (plans in key order), or all of
 * them. The sale turns units worth their valuation into proceeds rounded down, less tax; the debt falls by
 * what is repaid; the rest of the proceeds stays as cash. Funds charge no exit cost: the proceeds are
 * units × NAV, rounded down to the cent, as every disinvestment.
 */
export function forcedSaleNetWorth(input: {
  assets: string;
  advance: string;
  pledged: readonly SellableLine[];
  pledgedPlans?: readonly PledgedPlanLine[];
  lossesCarriedForward: string;
  today: string;
}): ForcedSale {
  const owed = new Decimal(input.advance);
  const before = new Decimal(input.assets).minus(owed);
  const plans = [...(input.pledgedPlans ?? [])]
    .filter((line) => new Decimal(line.units).gt(0))
    .sort((a, b) => a.key.localeCompare(b.key));
  const lines: ForcedSale['lines'] = [];
  let soldValue = new Decimal(0);
  let proceeds = new Decimal(0);
  let tax = new Decimal(0);
  let net = new Decimal(0);
  if (owed.gt(0) && input.pledged.length > 0) {
    const plan = planSale({
      need: owed.toFixed(2),
      lines: input.pledged,
      lossesCarriedForward: input.lossesCarriedForward,
      today: input.today,
      termMonths: 0,
    });
    const byKey = new Map(input.pledged.map((line) => [line.key, line]));
    for (const line of plan.lines) {
      soldValue = soldValue.plus(positionValue(line.units, byKey.get(line.key)!.nav));
      lines.push({ key: line.key, kind: 'fund', units: line.units, proceeds: line.proceeds, tax: line.tax });
    }
    proceeds = proceeds.plus(plan.proceeds);
    tax = tax.plus(plan.tax);
    net = net.plus(plan.net);
  }
  for (const line of plans) {
    const short = owed.minus(net);
    if (short.lte(0)) break;
    const sold = planUnitsFor(line, short);
    soldValue = soldValue.plus(positionValue(sold.units, line.price));
    proceeds = proceeds.plus(sold.proceeds);
    net = net.plus(sold.proceeds);
    lines.push({
      key: line.key,
      kind: 'stock_plan',
      units: sold.units.toFixed(6),
      proceeds: sold.proceeds.toFixed(2),
      tax: '0.00',
    });
  }
  const repaid = Decimal.max(0, Decimal.min(owed, net));
  const loss = soldValue.minus(proceeds).plus(tax);
  return {
    before: before.toFixed(2),
    soldValue: soldValue.toFixed(2),
    proceeds: proceeds.toFixed(2),
    tax: tax.toFixed(2),
    loss: loss.toFixed(2),
    repaid: repaid.toFixed(2),
    stillOwed: Decimal.max(0, owed.minus(repaid)).toFixed(2),
    after: before.minus(loss).toFixed(2),
    lines,
  };
}
