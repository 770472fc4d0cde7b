// The daily NAV run. After the publication hour of each working day (Rome) one job per day is queued;
// it records that day's NAV for every product on sale that has none. Where the NAVs come from is the
// configured source: `simulated` (the embedded demo) draws them, `manual` invents nothing and tells the
// operators which NAVs they still have to record.
import Decimal from 'decimal.js';
import { and, desc, eq, notExists, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { productNavs, products } from '../../db/schema/products';
import { enqueueOnce } from '../../lib/jobs/once';
import type { JobHandler } from '../../lib/jobs/queue';
import { operatorUserView } from '../account/service';
import { notifyUser } from '../notifications/service';
import { navDueOn } from './nav-calendar';
import { announceNavsRecorded } from './navs';

export const DAILY_NAVS_JOB = 'products.daily-navs';
export type NavSource = 'simulated' | 'manual';

export interface DailyNavsPayload {
  date: string;
}

/** Queues the run of the day whose NAVs are due at `now`, once; false when none is due or it is queued. */
export async function scheduleDailyNavs(db: Database, now: Date): Promise<boolean> {
  const date = navDueOn(now);
  if (!date) return false;
  return enqueueOnce(db, DAILY_NAVS_JOB, { date } satisfies DailyNavsPayload);
}

/** Products on sale without a NAV on `date`. */
async function missingNavs(db: Queryable, date: string) {
  return db
    .select({ id: products.id, name: products.name, isin: products.isin })
    .from(products)
    .where(
      and(
        eq(products.onSale, true),
        eq(products.status, 1),
        notExists(
          db
            .select({ one: sql`1` })
            .from(productNavs)
            .where(and(eq(productNavs.productId, products.id), eq(productNavs.navDate, date))),
        ),
      ),
    )
    .orderBy(products.position, products.id);
}

/** How many past NAVs the simulation learns its drift and step size from (about a year). */
const SIMULATION_WINDOW = 260;

/** A number in [-1, 1) fixed by the text: the same product and day always draw the same step. */
function deterministicUnit(text: string): Decimal {
  let hash = 2_166_136_261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16_777_619) >>> 0;
  return new Decimal(hash)
    .div(2 ** 32)
    .mul(2)
    .minus(1);
}

/**
 * The next NAV of a random walk from the latest one: the product's own average daily growth over the
 * window plus a step as large as its average daily move, in a direction fixed by product and day.
 */
export function simulatedNav(history: string[], isin: string, date: string): string | null {
  if (history.length === 0) return null;
  const navs = history.map((nav) => new Decimal(nav));
  const last = navs.at(-1)!;
  if (navs.length < 2) return last.toFixed(6);
  const days = navs.length - 1;
  const drift = last.div(navs[0]!).pow(new Decimal(1).div(days)).minus(1);
  let moves = new Decimal(0);
  for (let i = 1; i < navs.length; i++)
    moves = moves.plus(
      navs[i]!.div(navs[i - 1]!)
        .minus(1)
        .abs(),
    );
  const step = moves.div(days);
  const next = last.mul(new Decimal(1).plus(drift).plus(step.mul(deterministicUnit(`${isin}:${date}`))));
  return next.toDecimalPlaces(6, Decimal.ROUND_HALF_EVEN).toFixed(6);
}

async function historyOf(db: Queryable, productId: number, date: string): Promise<string[]> {
  const rows = await db
    .select({ nav: productNavs.nav })
    .from(productNavs)
    .where(and(eq(productNavs.productId, productId), sql`${productNavs.navDate} < ${date}`))
    .orderBy(desc(productNavs.navDate))
    .limit(SIMULATION_WINDOW);
  return rows.map((r) => r.nav).reverse();
}

async function operatorIds(db: Queryable): Promise<number[]> {
  const { table, columns } = operatorUserView;
  const rows = await db
    .select({ id: columns.id })
    .from(table)
    .where(and(sql`'admin' = any(${columns.attributes})`, eq(columns.status, 1)));
  return rows.map((r) => r.id);
}

export const BACKOFFICE_PRODUCTS_LINK = '/customer/backoffice/products/';

export function dailyNavsHandler(source: NavSource): JobHandler<DailyNavsPayload> {
  return async ({ date }, { db, log }) => {
    await db.transaction(async (tx) => {
      const missing = await missingNavs(tx, date);
      if (missing.length === 0) return;
      if (source === 'manual') {
        const names = missing.map((p) => p.name).join(', ');
        for (const userId of await operatorIds(tx)) {
          await notifyUser(tx, {
            userId,
            kind: 'navs_missing',
            params: { date, count: missing.length, products: names },
            link: BACKOFFICE_PRODUCTS_LINK,
          });
        }
        log.warn({ date, products: missing.map((p) => p.isin) }, 'NAVs missing: operators notified');
        return;
      }
      for (const product of missing) {
        const nav = simulatedNav(await historyOf(tx, product.id, date), product.isin, date);
        if (nav === null) continue;
        await tx.insert(productNavs).values({ productId: product.id, navDate: date, nav }).onConflictDoNothing();
      }
      await announceNavsRecorded(tx);
      log.info({ date, count: missing.length }, 'simulated NAVs recorded');
    });
  };
}
