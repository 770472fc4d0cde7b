// NAV history: the chart's series for a period, thinned out evenly for long periods, and an operator's
// recording (or correction) of one day's NAV.

import { NAV_CHART_MAX_POINTS, type NavPeriod } from '@lombard/shared/product-catalogue';
import type { NavPoint } from '@lombard/shared/schemas/products';
import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { productNavs } from '../../db/schema/products';
import { fieldError } from '../../lib/errors';
import { enqueueUnlessWaiting } from '../../lib/jobs/once';
import { addDays, isWeekend, romeClock } from './nav-calendar';

const PERIOD_DAYS: Record<Exclude<NavPeriod, 'max'>, number> = { '1m': 31, '6m': 183, '1y': 366, '2y': 731 };

/** At most `max` points, evenly spaced, always keeping the first and the last. */
export function downsample<T>(points: T[], max: number = NAV_CHART_MAX_POINTS): T[] {
  if (points.length <= max) return points;
  const step = (points.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => points[Math.round(i * step)]!);
}

/** The series of a period, ending at the latest NAV (ascending). */
export async function navSeries(db: Queryable, productId: number, period: NavPeriod): Promise<NavPoint[]> {
  const [last] = await db
    .select({ date: productNavs.navDate })
    .from(productNavs)
    .where(eq(productNavs.productId, productId))
    .orderBy(desc(productNavs.navDate))
    .limit(1);
  if (!last) return [];
  const from = period === 'max' ? null : addDays(last.date, -PERIOD_DAYS[period]);
  const rows = await db
    .select({ date: productNavs.navDate, nav: productNavs.nav })
    .from(productNavs)
    .where(and(eq(productNavs.productId, productId), from ? gte(productNavs.navDate, from) : undefined))
    .orderBy(asc(productNavs.navDate));
  return downsample(rows);
}

/** The latest NAVs of a product, newest first (back office). */
export async function recentNavs(db: Queryable, productId: number, limit = 10): Promise<NavPoint[]> {
  return db
    .select({ date: productNavs.navDate, nav: productNavs.nav })
    .from(productNavs)
    .where(eq(productNavs.productId, productId))
    .orderBy(desc(productNavs.navDate))
    .limit(limit);
}

/**
 * The job queued whenever NAVs are recorded, in the same transaction: modules that value holdings at the
 * latest NAV (the advances' margin calls) register its handler, so products need not know about them.
 */
export const NAVS_RECORDED_JOB = 'products.navs-recorded';

export async function announceNavsRecorded(db: Queryable): Promise<void> {
  await enqueueUnlessWaiting(db, NAVS_RECORDED_JOB, {});
}

/**
 * Records one day's NAV, replacing the one of that day if any; returns the previous value. A NAV is
 * published for a past or present working day only.
 */
export async function recordNav(
  db: Queryable,
  productId: number,
  input: { date: string; nav: string },
  now: Date,
): Promise<{ previous: string | null }> {
  if (input.date > romeClock(now).date) throw fieldError({ date: 'products:validation.navFuture' });
  if (isWeekend(input.date)) throw fieldError({ date: 'products:validation.navWeekend' });
  const [existing] = await db
    .select({ nav: productNavs.nav })
    .from(productNavs)
    .where(and(eq(productNavs.productId, productId), eq(productNavs.navDate, input.date)))
    .for('update');
  await db
    .insert(productNavs)
    .values({ productId, navDate: input.date, nav: input.nav })
    .onConflictDoUpdate({ target: [productNavs.productId, productNavs.navDate], set: { nav: input.nav } });
  await announceNavsRecorded(db);
  return { previous: existing?.nav ?? null };
}
