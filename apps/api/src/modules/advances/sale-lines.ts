// The customer's fund lines as a sale would take them, and her losses carried forward: what the
// borrow-or-sell comparison sells from (free units whose holding period is over) and what a forced sale
// of an advance's collateral sells (pledged units). Read without locks: estimates, nothing moves.

import type { SellableLine } from '@lombard/shared/money/borrow-or-sell';
import { addCalendarDays } from '@lombard/shared/money/business-days';
import { oldestUsableLossYear, taxableEquivalent } from '@lombard/shared/money/capital-gains-tax';
import Decimal from 'decimal.js';
import type { Queryable } from '../../db/client';
import { customerBalances, realisedSales } from '../ledger/service';
import { latestNavs, type SaleTerms, saleTermsOf } from '../products/service';
import { firstInvestmentDays } from '../transactions/service';

export interface NamedSellableLine extends SellableLine {
  productId: number;
  label: string;
}

function lineOf(productId: number, terms: SaleTerms, units: Decimal, held: Decimal, cost: Decimal, nav: string) {
  return {
    key: `position:${productId}`,
    productId,
    label: terms.name,
    units: units.toFixed(6),
    heldUnits: held.toFixed(6),
    cost: cost.toFixed(2),
    nav,
    governmentBondShare: terms.governmentBondShare,
    entryCostRate: terms.entryCost,
    couponRate: terms.couponRate,
    couponFrequency: terms.couponFrequency,
    capitalProtection: terms.capitalProtection,
    maturityDate: terms.maturityDate,
  } satisfies NamedSellableLine;
}

/**
 * Fund lines at their latest NAV: `free` takes the units a disinvestment could sell today (not pledged,
 * not reserved, minimum holding period over); `pledged` the units pledged to an advance.
 */
export async function sellableLines(
  db: Queryable,
  userId: number,
  today: string,
  which: 'free' | 'pledged',
): Promise<NamedSellableLine[]> {
  const { positions } = await customerBalances(db, userId);
  const ids = [...positions.entries()]
    .filter(([, p]) => (which === 'free' ? p.units : p.pledgedUnits).gt(0))
    .map(([id]) => id);
  const [terms, navs, opened] = await Promise.all([
    saleTermsOf(db, ids),
    latestNavs(db, ids),
    which === 'free' ? firstInvestmentDays(db, userId) : Promise.resolve(new Map<number, string>()),
  ]);
  const lines: NamedSellableLine[] = [];
  for (const id of ids) {
    const p = positions.get(id)!;
    const product = terms.get(id);
    const nav = navs.get(id);
    if (!product || !nav) continue;
    const start = opened.get(id);
    if (
      which === 'free' &&
      product.minHoldingDays > 0 &&
      start &&
      addCalendarDays(start, product.minHoldingDays) > today
    ) {
      continue;
    }
    const held = p.units.plus(p.reservedUnits).plus(p.pledgedUnits);
    lines.push(lineOf(id, product, which === 'free' ? p.units : p.pledgedUnits, held, p.cost, nav.nav));
  }
  return lines;
}

/**
 * Losses still usable: each disinvestment since 1 January of the oldest year whose losses can be used
 * that sold below its cost (cost released − proceeds, from the entry's own lines), counted at 26 % after
 * the fund's government-bond share. Fund gains never used them, so none are subtracted.
 */
export async function lossesCarriedForward(db: Queryable, userId: number, today: string): Promise<string> {
  const since = new Date(`${oldestUsableLossYear(Number(today.slice(0, 4)))}-01-01T00:00:00+01:00`);
  const sales = await realisedSales(db, userId, since);
  const losing = sales.filter((sale) => sale.cost.gt(sale.proceeds));
  const terms = await saleTermsOf(db, [...new Set(losing.map((sale) => sale.productId).filter((id) => id !== null))]);
  let total = new Decimal(0);
  for (const sale of losing) {
    const share = (sale.productId !== null && terms.get(sale.productId)?.governmentBondShare) || '0';
    total = total.plus(taxableEquivalent(sale.cost.minus(sale.proceeds), share).toDecimalPlaces(2));
  }
  return total.toFixed(2);
}
