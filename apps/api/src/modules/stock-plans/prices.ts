// The company share's price over time (docs/decisions/046): the one place that answers "the plan's price on
// day D" — the latest price recorded on or before D — for every feature that values plan units (holdings,
// borrowing power, an advance's coverage and risk, margin checks, statements, net worth), and the operator's
// recording of a day's price, which queues the margin check of the advances pledging that plan.
import { calendarDate } from '@lombard/shared/money/business-days';
import type { ListResponse } from '@lombard/shared/schemas/common';
import {
  STOCK_PLAN_PRICE_MESSAGES as M,
  type StockPlanPrice,
  type StockPlanPriceRecord,
} from '@lombard/shared/schemas/stock-plans';
import type { StockPlanPriceSource } from '@lombard/shared/stock-plan-kinds';
import Decimal from 'decimal.js';
import { and, desc, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client';
import { stockPlanPrices, stockPlans } from '../../db/schema/stock-plans';
import { AppError, fieldError, notFound } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { formatDate } from '../../lib/format';
import { enqueueUnlessWaitingFor } from '../../lib/jobs/once';
import { recordAudit } from '../../lib/resource/audit';
import { notFoundError } from '../../lib/resource/params';
import { userEmailOf } from '../account/service';

/** A plan's price in force on a day: the price, the day it was recorded for, and where it comes from. */
export interface PlanPrice {
  price: string;
  day: string;
  source: StockPlanPriceSource;
}

/**
 * Queued in the transaction that records a plan's price, with the plan's id: the advances module checks the
 * margin of every active advance pledging it, as it does after NAVs (decision 038), so a fall is told once.
 */
export const STOCK_PLAN_PRICE_RECORDED_JOB = 'stock-plans.price-recorded';

const price6 = (value: Decimal.Value) => new Decimal(value).toFixed(6);
const idArray = (ids: number[]) => sql.raw(`ARRAY[${ids.map((id) => Number(id)).join(',')}]::int[]`);

/**
 * The price in force of each plan on `day` (YYYY-MM-DD; today when left out, no price being recorded for a
 * day to come), in one statement however many plans: one index lookup per plan. A plan with no price on or
 * before the day (not verified, or valued before its verification) is absent.
 */
export async function planPricesOn(db: Queryable, planIds: number[], day?: string): Promise<Map<number, PlanPrice>> {
  const ids = [...new Set(planIds)];
  if (ids.length === 0) return new Map();
  const onOrBefore = day === undefined ? sql`true` : sql`${stockPlanPrices.day} <= ${day}`;
  const result = await db.execute(sql`
    select p.id as plan_id, r.price::text as price, r.day::text as day, r.source as source
    from unnest(${idArray(ids)}) as p(id)
    cross join lateral (
      select ${stockPlanPrices.price} as price, ${stockPlanPrices.day} as day, ${stockPlanPrices.source} as source
      from ${stockPlanPrices}
      where ${stockPlanPrices.stockPlanId} = p.id and ${onOrBefore}
      order by ${stockPlanPrices.day} desc limit 1
    ) r`);
  const rows = (result as unknown as { rows: Array<{ plan_id: number; price: string; day: string; source: string }> })
    .rows;
  return new Map(
    rows.map((row) => [
      Number(row.plan_id),
      { price: price6(row.price), day: row.day, source: row.source as StockPlanPriceSource },
    ]),
  );
}

/**
 * The price in force today of the plan `stockPlanId` names, as SQL columns for lists that show it per row
 * (price, day, source as text; null before the verification). Aliased by hand and the plan's id qualified,
 * as `pledgedPlanUnitsOf` explains.
 */
export function priceInForceColumns(stockPlanId: SQLWrapper) {
  const latest = (column: string) =>
    sql<
      string | null
    >`(select ${sql.raw(column)} from stock_plan_prices latest where latest.stock_plan_id = ${stockPlanId} order by latest.day desc limit 1)`;
  return {
    priceNow: latest('latest.price::text'),
    priceDay: latest('latest.day::text'),
    priceSourceNow: latest('latest.source'),
  };
}

/** One plan's price in force on `day` (today when left out), or null. */
export async function planPriceOn(db: Queryable, planId: number, day?: string): Promise<PlanPrice | null> {
  return (await planPricesOn(db, [planId], day)).get(planId) ?? null;
}

/**
 * Every price of these plans from a day on, and the last one before it, ascending, by plan: net worth values
 * each past day at the price then in force.
 */
export async function planPriceHistoriesFrom(db: Queryable, planIds: number[], from: string) {
  const histories = new Map<number, { date: string; price: string }[]>();
  const ids = [...new Set(planIds)];
  if (ids.length === 0) return histories;
  const result = await db.execute(sql`
    select stock_plan_id as plan_id, day::text as day, price::text as price from ${stockPlanPrices}
    where stock_plan_id = any(${idArray(ids)}) and day >= ${from}
    union all
    select p.id, r.day::text, r.price::text from unnest(${idArray(ids)}) as p(id)
    cross join lateral (
      select day, price from ${stockPlanPrices} where stock_plan_id = p.id and day < ${from}
      order by day desc limit 1
    ) r
    order by 1, 2`);
  const rows = (result as unknown as { rows: Array<{ plan_id: number; day: string; price: string }> }).rows;
  for (const row of rows) {
    const list = histories.get(Number(row.plan_id)) ?? [];
    list.push({ date: row.day, price: price6(row.price) });
    histories.set(Number(row.plan_id), list);
  }
  return histories;
}

/** The verification's price: the verified one, on the verification day, by the operator who verified. */
export async function writeVerifiedPrice(
  tx: Transaction,
  context: FlowContext,
  plan: { id: number; unitPrice: string; priceSource: string },
) {
  await tx
    .insert(stockPlanPrices)
    .values({
      stockPlanId: plan.id,
      day: context.today,
      price: plan.unitPrice,
      source: plan.priceSource,
      recordedBy: context.actor.id,
      recordedAt: context.now,
    })
    .onConflictDoUpdate({
      target: [stockPlanPrices.stockPlanId, stockPlanPrices.day],
      set: { price: plan.unitPrice, source: plan.priceSource, recordedBy: context.actor.id, recordedAt: context.now },
    });
}

const priceColumns = {
  day: stockPlanPrices.day,
  price: stockPlanPrices.price,
  source: stockPlanPrices.source,
  note: stockPlanPrices.note,
  recordedById: stockPlanPrices.recordedBy,
  recordedByEmail: userEmailOf(sql.raw('"stock_plan_prices"."recorded_by"')),
  recordedAt: stockPlanPrices.recordedAt,
};
interface PriceRow {
  day: string;
  price: string;
  source: string;
  note: string | null;
  recordedById: number | null;
  recordedByEmail: string | null;
  recordedAt: Date;
}

function serializePrice(row: PriceRow): StockPlanPrice {
  return {
    day: row.day,
    price: price6(row.price),
    source: row.source as StockPlanPriceSource,
    note: row.note,
    recorded_by: row.recordedById === null ? null : { id: row.recordedById, email: row.recordedByEmail },
    recorded_at: row.recordedAt.toISOString(),
  };
}

/** A plan's price rows (one day's, when given) with who recorded each. */
const pricesOf = (db: Queryable, planId: number, day?: string) =>
  db
    .select(priceColumns)
    .from(stockPlanPrices)
    .where(and(eq(stockPlanPrices.stockPlanId, planId), day === undefined ? undefined : eq(stockPlanPrices.day, day)));

/** A plan's prices, latest day first, a page at a time (the shape of every list). */
export async function planPricePage(
  db: Queryable,
  planId: number,
  { page, perPage }: { page: number; perPage: number },
): Promise<ListResponse<StockPlanPrice>> {
  const [plan] = await db.select({ id: stockPlans.id }).from(stockPlans).where(eq(stockPlans.id, planId));
  if (!plan) throw notFound();
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(stockPlanPrices)
    .where(eq(stockPlanPrices.stockPlanId, planId));
  const pages = Math.max(1, Math.ceil(count / perPage));
  if (page > pages) throw notFoundError();
  const rows = await pricesOf(db, planId)
    .orderBy(desc(stockPlanPrices.day))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    results: rows.map(serializePrice),
    count,
    next: page < pages ? page + 1 : null,
    previous: page > 1 ? page - 1 : null,
    per_page: perPage,
    page,
  };
}

/**
 * An operator records the share's price of a day (a weekday, checked by the schema), today or earlier and
 * not before the plan's verification; a price already recorded for that day is replaced. The plan's row is
 * locked first, so two operators recording the same day take turns: one row, the later one's price, and an
 * audit trail in which the second replaced the first. Answers the stored price and the one replaced.
 */
export async function recordPlanPrice(
  tx: Transaction,
  context: FlowContext,
  planId: number,
  input: StockPlanPriceRecord,
): Promise<{ price: StockPlanPrice; previous: string | null }> {
  const [plan] = await tx.select().from(stockPlans).where(eq(stockPlans.id, planId)).for('update');
  if (!plan) throw notFound();
  if (plan.status !== 'verified' || !plan.verifiedAt) throw new AppError('STOCK_PLAN_NOT_VERIFIED');
  const verifiedOn = calendarDate(plan.verifiedAt);
  if (input.day > context.today) throw fieldError({ day: M.future });
  if (input.day < verifiedOn) {
    throw fieldError({
      day: { key: M.beforeVerification, params: { date: formatDate(verifiedOn, context.language) } },
    });
  }
  const [existing] = await tx
    .select({ price: stockPlanPrices.price, source: stockPlanPrices.source, note: stockPlanPrices.note })
    .from(stockPlanPrices)
    .where(and(eq(stockPlanPrices.stockPlanId, planId), eq(stockPlanPrices.day, input.day)));
  const values = {
    price: price6(input.price),
    source: input.source,
    note: input.note ?? null,
    recordedBy: context.actor.id,
    recordedAt: context.now,
  };
  await tx
    .insert(stockPlanPrices)
    .values({ stockPlanId: planId, day: input.day, ...values })
    .onConflictDoUpdate({ target: [stockPlanPrices.stockPlanId, stockPlanPrices.day], set: values });
  await recordAudit(tx, context.actor, {
    action: existing ? 'correct_price' : 'record_price',
    objectType: 'stock_plans',
    objectId: planId,
    before: existing
      ? { day: input.day, price: price6(existing.price), source: existing.source, note: existing.note }
      : null,
    after: { day: input.day, price: values.price, source: values.source, note: values.note },
    requestId: context.requestId,
    ip: context.ip,
  });
  await enqueueUnlessWaitingFor(tx, STOCK_PLAN_PRICE_RECORDED_JOB, { stock_plan_id: planId });
  const [stored] = await pricesOf(tx, planId, input.day);
  return { price: serializePrice(stored!), previous: existing ? price6(existing.price) : null };
}
