// Collateral: the customer's lines (settled positions at the latest NAV, verified stock plans at the price
// in force), what they allow to borrow, and the pledge and release of the lines an advance picks. The units
// move in the ledger, so a pledged unit can be neither sold nor pledged again.
import { borrowingPower } from '@lombard/shared/money/borrowing-power';
import { valuedCollateral } from '@lombard/shared/money/valuation';
import type { BorrowingPower, CollateralLine } from '@lombard/shared/schemas/advances';
import Decimal from 'decimal.js';
import { eq, inArray } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client';
import { advanceCollateral } from '../../db/schema/advances';
import { AppError } from '../../lib/errors';
import type { Translate } from '../../lib/i18n';
import { customerBalances, lockBalance, postEntry } from '../ledger/service';
import { latestNavs, productsForOrders } from '../products/service';
import { plansByIds, pledgePlan, releasePlan, verifiedPlans } from '../stock-plans/service';
import { bankMaximumAdvance } from './config';

const units6 = (value: Decimal.Value) => new Decimal(value).toFixed(6);

export interface ValuedLine extends CollateralLine {
  productId: number | null;
  stockPlanId: number | null;
}

/** Units at a price: the line's value and what it secures at its loan-to-value (the shared valuation). */
function priced(units: Decimal.Value, price: Decimal.Value, loanToValue: Decimal.Value) {
  return {
    units: units6(units),
    unit_price: units6(price),
    ...valuedCollateral(units, price, loanToValue),
    loan_to_value: new Decimal(loanToValue).toFixed(4),
  };
}

/**
 * Every collateral line of the customer: each fund they hold (free units, or pledged ones shown as
 * pledged) and each verified stock plan, valued by the shared `valuedCollateral` (docs/decisions/025).
 */
export async function collateralLines(db: Queryable, userId: number, t: Translate): Promise<ValuedLine[]> {
  const { positions, planUnits } = await customerBalances(db, userId);
  const productIds = [...positions.entries()]
    .filter(([, p]) => p.units.gt(0) || p.pledgedUnits.gt(0))
    .map(([id]) => id);
  const [products, navs, plans] = await Promise.all([
    productsForOrders(db, productIds),
    latestNavs(db, productIds),
    verifiedPlans(db, userId, planUnits),
  ]);
  const lines: ValuedLine[] = [];
  for (const id of productIds) {
    const position = positions.get(id)!;
    const product = products.get(id);
    const nav = navs.get(id);
    if (!product || !nav) continue;
    const pledged = position.units.lte(0);
    const held = pledged ? position.pledgedUnits : position.units;
    lines.push({
      key: `position:${id}`,
      kind: 'position',
      label: t('advances:collateral.position', { name: product.name, isin: product.isin }),
      ...priced(held, nav.nav, product.loanToValue),
      pledged,
      productId: id,
      stockPlanId: null,
    });
  }
  for (const { row, free, pledged, price } of plans) {
    const isPledged = free.lte(0);
    const held = isPledged ? pledged : free;
    if (held.lte(0)) continue;
    lines.push({
      key: `stock-plan:${row.id}`,
      kind: 'stock_plan',
      label: t('advances:collateral.stockPlan', { company: row.companyName, plan: row.planName }),
      ...priced(held, price.price, row.loanToValue),
      pledged: isPledged,
      productId: null,
      stockPlanId: row.id,
    });
  }
  return lines;
}

/** Borrowing power over the free lines (or only the picked ones), capped by the bank's maximum. */
export function powerOf(lines: ValuedLine[], bankMaximum: string, picked?: readonly string[]) {
  const counted = lines.filter((line) => !line.pledged && (!picked || picked.includes(line.key)));
  return borrowingPower({
    lines: counted.map((line) => ({ key: line.key, value: line.value, loanToValue: line.loan_to_value })),
    bankMaximum,
  });
}

export async function borrowingPowerOf(
  db: Queryable,
  userId: number,
  t: Translate,
  minimum: string,
): Promise<BorrowingPower> {
  const [lines, bankMaximum] = await Promise.all([collateralLines(db, userId, t), bankMaximumAdvance(db)]);
  const power = powerOf(lines, bankMaximum);
  return {
    lines: lines.map(({ productId: _p, stockPlanId: _s, ...line }) => line),
    collateral_total: power.maximumApplicable,
    maximum_applicable: power.maximumApplicable,
    bank_maximum: power.bankMaximum,
    maximum_amount: power.maximumAmount,
    binding: power.binding,
    minimum_amount: minimum,
  };
}

/** Picked keys that are not free lines of the customer: already pledged ones, or unknown ones. */
export function checkPicked(lines: ValuedLine[], picked: readonly string[]) {
  for (const key of picked) {
    const line = lines.find((l) => l.key === key);
    if (!line) throw new AppError('COLLATERAL_UNAVAILABLE');
    if (line.pledged) throw new AppError('COLLATERAL_ALREADY_PLEDGED');
  }
}

/**
 * Pledges the picked lines to the advance, in its transaction: every free unit of each line moves to the
 * pledged account. Each line is valued again once its units are locked, for exactly the units pledged at
 * the price read then (a sale that got there first leaves fewer units than the customer was shown), and
 * recorded so; the caller checks the advance against the lines answered, never against the ones it picked.
 */
export async function pledgeLines(
  tx: Transaction,
  userId: number,
  advanceId: number,
  picked: ValuedLine[],
): Promise<ValuedLine[]> {
  const reference = `advances:${advanceId}`;
  const pledged: ValuedLine[] = [];
  for (const line of picked) {
    let valued: ValuedLine;
    if (line.productId !== null) {
      const productId = line.productId;
      const free = await lockBalance(tx, { kind: 'customer.units', userId, productId });
      if (free.lte(0)) throw new AppError('COLLATERAL_ALREADY_PLEDGED');
      const nav = (await latestNavs(tx, [productId])).get(productId);
      const product = (await productsForOrders(tx, [productId])).get(productId);
      if (!nav || !product) throw new AppError('COLLATERAL_UNAVAILABLE');
      valued = { ...line, ...priced(free, nav.nav, product.loanToValue) };
      await postEntry(tx, {
        kind: 'advance.pledge',
        reference,
        userId,
        lines: [
          { account: { kind: 'customer.units', userId, productId }, amount: free.neg() },
          { account: { kind: 'customer.units_pledged', userId, productId }, amount: free },
        ],
      });
    } else if (line.stockPlanId !== null) {
      const plan = await pledgePlan(tx, userId, line.stockPlanId, reference);
      valued = { ...line, ...priced(plan.pledgedUnits, plan.price, plan.loanToValue) };
    } else {
      continue;
    }
    await tx.insert(advanceCollateral).values({
      advanceId,
      productId: valued.productId,
      stockPlanId: valued.stockPlanId,
      units: valued.units,
      unitPrice: valued.unit_price,
      value: valued.value,
      loanToValue: valued.loan_to_value,
      contribution: valued.contribution,
    });
    pledged.push(valued);
  }
  return pledged;
}

/** Gives every still-pledged line of the advance back to the customer (rejected, cancelled, repaid). */
export async function releaseCollateral(tx: Transaction, userId: number, advanceId: number, now: Date) {
  const reference = `advances:${advanceId}`;
  const rows = await tx.select().from(advanceCollateral).where(eq(advanceCollateral.advanceId, advanceId));
  for (const row of rows.filter((r) => r.releasedAt === null)) {
    if (row.productId !== null) {
      await postEntry(tx, {
        kind: 'advance.release',
        reference,
        userId,
        lines: [
          {
            account: { kind: 'customer.units_pledged', userId, productId: row.productId },
            amount: new Decimal(row.units).neg(),
          },
          { account: { kind: 'customer.units', userId, productId: row.productId }, amount: row.units },
        ],
      });
    } else if (row.stockPlanId !== null) {
      await releasePlan(tx, userId, row.stockPlanId, row.units, reference);
    }
  }
  const open = rows.filter((r) => r.releasedAt === null).map((r) => r.id);
  if (open.length > 0) {
    await tx.update(advanceCollateral).set({ releasedAt: now }).where(inArray(advanceCollateral.id, open));
  }
}

/** The pledged lines of advances, labelled for the reader, by advance id. */
export async function collateralOf(db: Queryable, advanceIds: number[], t: Translate) {
  if (advanceIds.length === 0) return new Map<number, Array<CollateralLine>>();
  const rows = await db.select().from(advanceCollateral).where(inArray(advanceCollateral.advanceId, advanceIds));
  const products = await productsForOrders(db, [...new Set(rows.flatMap((r) => (r.productId ? [r.productId] : [])))]);
  const plans = await plansByIds(db, [...new Set(rows.flatMap((r) => (r.stockPlanId ? [r.stockPlanId] : [])))]);
  const result = new Map<number, CollateralLine[]>();
  for (const row of rows.sort((a, b) => a.id - b.id)) {
    const product = row.productId ? products.get(row.productId) : undefined;
    const plan = row.stockPlanId ? plans.get(row.stockPlanId) : undefined;
    const line: CollateralLine = {
      key: product ? `position:${row.productId}` : `stock-plan:${row.stockPlanId}`,
      kind: product ? 'position' : 'stock_plan',
      label: product
        ? t('advances:collateral.position', { name: product.name, isin: product.isin })
        : t('advances:collateral.stockPlan', { company: plan?.companyName ?? '', plan: plan?.planName ?? '' }),
      units: units6(row.units),
      unit_price: units6(row.unitPrice),
      value: new Decimal(row.value).toFixed(2),
      loan_to_value: new Decimal(row.loanToValue).toFixed(4),
      contribution: new Decimal(row.contribution).toFixed(2),
      pledged: row.releasedAt === null,
    };
    result.set(row.advanceId, [...(result.get(row.advanceId) ?? []), line]);
  }
  return result;
}
