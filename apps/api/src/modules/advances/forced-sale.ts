// Selling pledged fund units to cure a margin call, the customer's remedy or the bank's enforcement: at
// the fund's latest NAV, booked as a redemption is (units back to the fund, the position's cost released,
// proceeds to the customer's cash, the fund's gain or loss), straight from the pledged units. The pledge
// row keeps the units still pledged; a line sold whole is released.
import { releasedCost, saleProceeds } from '@lombard/shared/money/orders';
import Decimal from 'decimal.js';
import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { advanceCollateral } from '../../db/schema/advances';
import { AppError } from '../../lib/errors';
import { lockBalance, postEntry } from '../ledger/service';
import { latestNavs } from '../products/service';
import { recordCollateralSale } from '../transactions/service';

/** Sells `units` of the advance's pledged line of `productId`; answers the proceeds credited to cash. */
export async function sellPledgedUnits(
  tx: Transaction,
  input: { userId: number; advanceId: number; productId: number; units: string; actorId: number; now: Date },
): Promise<Decimal> {
  const { userId, productId } = input;
  const [row] = await tx
    .select()
    .from(advanceCollateral)
    .where(
      and(
        eq(advanceCollateral.advanceId, input.advanceId),
        eq(advanceCollateral.productId, productId),
        isNull(advanceCollateral.releasedAt),
      ),
    )
    .for('update');
  const sold = new Decimal(input.units);
  const pledged = await lockBalance(tx, { kind: 'customer.units_pledged', userId, productId });
  if (!row || sold.lte(0) || sold.gt(row.units) || sold.gt(pledged)) throw new AppError('COLLATERAL_UNAVAILABLE');
  const nav = (await latestNavs(tx, [productId])).get(productId);
  if (!nav) throw new AppError('COLLATERAL_UNAVAILABLE');
  // The cost released depends on everything held of the fund, locked as a settlement locks it.
  let held = pledged;
  for (const kind of ['customer.units', 'customer.units_reserved'] as const) {
    held = held.plus(await lockBalance(tx, { kind, userId, productId }));
  }
  const cost = releasedCost(await lockBalance(tx, { kind: 'customer.position_cost', userId, productId }), sold, held);
  const proceeds = saleProceeds(sold, nav.nav);
  const order = await recordCollateralSale(tx, {
    userId,
    productId,
    units: sold.toFixed(6),
    proceeds: proceeds.toFixed(2),
    nav: nav.nav,
    navDate: nav.navDate,
    now: input.now,
    actorId: input.actorId,
  });
  await postEntry(tx, {
    kind: 'advance.collateral_sale',
    reference: order.reference,
    userId,
    actorId: input.actorId,
    lines: [
      { account: { kind: 'customer.units_pledged', userId, productId }, amount: sold.neg() },
      { account: { kind: 'platform.fund_units', productId }, amount: sold },
      { account: { kind: 'customer.position_cost', userId, productId }, amount: cost.neg() },
      { account: { kind: 'customer.cash', userId }, amount: proceeds },
      { account: { kind: 'platform.fund_capital', productId }, amount: cost.minus(proceeds) },
    ],
  });
  const left = new Decimal(row.units).minus(sold);
  await tx
    .update(advanceCollateral)
    .set({ units: left.toFixed(6), releasedAt: left.isZero() ? input.now : null })
    .where(eq(advanceCollateral.id, row.id));
  return proceeds;
}
