// Figures every product list shows, computed by the database from the NAV table at read time: the
// latest NAV and its day, year-to-date and since-launch performance. Being SQL, they sort and page like
// any column; nothing derived is stored, so a recorded or corrected NAV shows at once everywhere.
import { type SQL, sql } from 'drizzle-orm';
import { productNavs, products } from '../../db/schema/products';

const navOf = (order: SQL, where: SQL = sql`true`) =>
  sql`(select ${productNavs.nav} from ${productNavs} where ${productNavs.productId} = ${products.id} and ${where} order by ${productNavs.navDate} ${order} limit 1)`;

export const latestNav = sql<string | null>`${navOf(sql`desc`)}::text`;
export const latestNavDate = sql<
  string | null
>`(select max(${productNavs.navDate}) from ${productNavs} where ${productNavs.productId} = ${products.id})::text`;
const firstNav = navOf(sql`asc`);

/**
 * The last NAV of the year before the latest NAV's year. A product launched during that year has none:
 * its first NAV is the base instead, so its YTD equals its performance since launch.
 */
const yearStartNav = sql`coalesce(${navOf(
  sql`desc`,
  sql`${productNavs.navDate} < date_trunc('year', (select max(n2.nav_date) from product_navs n2 where n2.product_id = ${products.id}))`,
)}, ${firstNav})`;

/** A fraction with four decimals (two decimals of a percentage), rounded half away from zero. */
const growth = (base: SQL) => sql`round(${navOf(sql`desc`)} / nullif(${base}, 0) - 1, 4)`;

export const performanceYtd = sql<string | null>`${growth(yearStartNav)}::text`;
export const performanceSinceLaunch = sql<string | null>`${growth(firstNav)}::text`;

/** Sort keys: numeric, not text, so that -0.0100 sorts below 0.0020. */
export const performanceYtdOrder = growth(yearStartNav);
