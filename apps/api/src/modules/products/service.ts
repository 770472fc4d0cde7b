import type { FrequencyCode } from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import type { PublicProduct } from '@lombard/shared/schemas/products';
import { and, asc, count, desc, eq, getTableColumns, inArray, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { productNavs, products } from '../../db/schema/products';
import { performanceYtd, performanceYtdOrder } from './performance';
import { type ProductRow, productColumns } from './product-view';

/** Queued when NAVs are recorded; other modules register its handler to react to new prices. */
export { NAVS_RECORDED_JOB } from './navs';

export interface PublicProductsQuery {
  per_page: number;
  page: number;
  order_by__: 'position' | 'name' | '-performance_ytd' | 'risk_indicator';
  category?: string | undefined;
}

type ProductTranslations = Record<string, { summary: string; underlying: string }>;

const ORDER: Record<PublicProductsQuery['order_by__'], SQL[]> = {
  position: [asc(products.position), asc(products.id)],
  name: [asc(products.name), asc(products.id)],
  '-performance_ytd': [sql`${performanceYtdOrder} desc nulls last`, asc(products.id)],
  risk_indicator: [asc(products.riskIndicator), asc(products.id)],
};

export function createProductsService(db: Database) {
  /** Products on sale as the public site shows them: what a visitor may know before signing up. */
  async function listPublicProducts(query: PublicProductsQuery, language: Language) {
    const where = and(
      eq(products.status, 1),
      eq(products.onSale, true),
      query.category ? eq(products.category, query.category) : undefined,
    );
    const [total] = await db.select({ value: count() }).from(products).where(where);
    const rows = await db
      .select({ ...getTableColumns(products), performanceYtd })
      .from(products)
      .where(where)
      .orderBy(...ORDER[query.order_by__])
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page);
    const countValue = total?.value ?? 0;
    const results: PublicProduct[] = rows.map((row) => {
      const translations = (row.translatedContent ?? {}) as ProductTranslations;
      const text = translations[language] ?? translations.it ?? { summary: '', underlying: '' };
      return {
        id: row.id,
        slug: row.slug,
        isin: row.isin,
        name: row.name,
        category: row.category,
        risk_indicator: row.riskIndicator,
        coupon_frequency: (row.couponFrequency as FrequencyCode | null) ?? null,
        coupon_rate: row.couponRate,
        min_investment: row.minInvestment,
        max_investment: row.maxInvestment,
        min_holding_days: row.minHoldingDays,
        capital_protection: row.capitalProtection,
        maturity_date: row.maturityDate,
        performance_ytd: row.performanceYtd,
        summary: text.summary,
        underlying: text.underlying,
        // Only what the public card shows: the long description stays in the signed-in detail.
        translated_content: Object.fromEntries(
          Object.entries(translations).map(([lang, t]) => [lang, { summary: t.summary, underlying: t.underlying }]),
        ),
      };
    });
    const lastPage = Math.max(1, Math.ceil(countValue / query.per_page));
    return {
      results,
      count: countValue,
      next: query.page < lastPage ? query.page + 1 : null,
      previous: query.page > 1 ? Math.min(query.page - 1, lastPage) : null,
      per_page: query.per_page,
      page: query.page,
    };
  }

  return { listPublicProducts };
}

/** A product with its latest NAV and performance, whatever its status (null when there is none). */
export async function findProduct(db: Queryable, id: number): Promise<ProductRow | null> {
  const [row] = await db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

/** Every NAV of a product, ascending (the KID's scenarios). */
export async function productNavHistory(db: Queryable, productId: number): Promise<string[]> {
  const rows = await db
    .select({ nav: productNavs.nav })
    .from(productNavs)
    .where(eq(productNavs.productId, productId))
    .orderBy(asc(productNavs.navDate));
  return rows.map((row) => row.nav);
}

// Reads for orders and the wallet (transactions and wallet modules): what an order needs of a product and
// the NAV it is priced at. Kept together at the end of the file.

/** What an order needs of a product. */
export interface OrderProduct {
  id: number;
  name: string;
  isin: string;
  category: string;
  riskIndicator: number;
  minInvestment: string;
  maxInvestment: string | null;
  minHoldingDays: number;
  entryCost: string;
  onSale: boolean;
  status: number;
  /** What an advance may lend on the product's units, as a fraction. */
  loanToValue: string;
}

const orderProductColumns = {
  id: products.id,
  name: products.name,
  isin: products.isin,
  category: products.category,
  riskIndicator: products.riskIndicator,
  minInvestment: products.minInvestment,
  maxInvestment: products.maxInvestment,
  minHoldingDays: products.minHoldingDays,
  entryCost: products.entryCost,
  onSale: products.onSale,
  status: products.status,
  loanToValue: products.loanToValue,
};

export async function productForOrder(db: Queryable, id: number): Promise<OrderProduct | null> {
  const [row] = await db.select(orderProductColumns).from(products).where(eq(products.id, id));
  return row ?? null;
}

/** Several products at once (a wallet, a list), by id. */
export async function productsForOrders(db: Queryable, ids: number[]): Promise<Map<number, OrderProduct>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(orderProductColumns).from(products).where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

export interface NavPoint {
  nav: string;
  navDate: string;
}

/** The latest NAV recorded on or before a day (YYYY-MM-DD), or null when there is none. */
export async function navOn(db: Queryable, productId: number, date: string): Promise<NavPoint | null> {
  const [row] = await db
    .select({ nav: productNavs.nav, navDate: productNavs.navDate })
    .from(productNavs)
    .where(and(eq(productNavs.productId, productId), lte(productNavs.navDate, date)))
    .orderBy(desc(productNavs.navDate))
    .limit(1);
  return row ?? null;
}

/**
 * The latest NAV of each product, in one query whatever the number of products: one index lookup per
 * product (its newest row), never a sort of the whole history.
 */
export async function latestNavs(db: Queryable, productIds: number[]): Promise<Map<number, NavPoint>> {
  if (productIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select p.id as product_id, n.nav::text as nav, n.nav_date::text as nav_date
    from unnest(${sql.raw(`ARRAY[${productIds.map((id) => Number(id)).join(',')}]::int[]`)}) as p(id)
    cross join lateral (
      select ${productNavs.nav} as nav, ${productNavs.navDate} as nav_date from ${productNavs}
      where ${productNavs.productId} = p.id order by ${productNavs.navDate} desc limit 1
    ) n`);
  const rows = (result as unknown as { rows: Array<{ product_id: number; nav: string; nav_date: string }> }).rows;
  return new Map(rows.map((row) => [Number(row.product_id), { nav: row.nav, navDate: row.nav_date }]));
}

/** Product ids by slug (demo data refers to products by their slug). */
export async function productIdsBySlug(db: Queryable, slugs: string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(inArray(products.slug, slugs));
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** A product's name and ISIN as SQL expressions over another table's product id (lists join nothing). */
export function productNameOf(productId: SQLWrapper) {
  return sql<string | null>`(select ${products.name} from ${products} where ${products.id} = ${productId})`;
}
export function productIsinOf(productId: SQLWrapper) {
  return sql<string | null>`(select ${products.isin} from ${products} where ${products.id} = ${productId})`;
}

/** What selling a fund's units gives up and pays, by product: the borrow-or-sell comparison reads it. */
export async function saleTermsOf(db: Queryable, ids: number[]) {
  if (ids.length === 0) return new Map<number, SaleTerms>();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      entryCost: products.entryCost,
      couponRate: products.couponRate,
      couponFrequency: products.couponFrequency,
      capitalProtection: products.capitalProtection,
      maturityDate: products.maturityDate,
      governmentBondShare: products.governmentBondShare,
      minHoldingDays: products.minHoldingDays,
    })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
export type SaleTerms = {
  id: number;
  name: string;
  entryCost: string;
  couponRate: string | null;
  couponFrequency: string | null;
  capitalProtection: string | null;
  maturityDate: string | null;
  governmentBondShare: string;
  minHoldingDays: number;
};

/** Every NAV of these products from a day on (and the last one before it), ascending, by product. */
export async function navHistoriesFrom(db: Queryable, ids: number[], from: string) {
  const histories = new Map<number, { date: string; nav: string }[]>();
  if (ids.length === 0) return histories;
  const idList = sql.raw(`ARRAY[${ids.map((id) => Number(id)).join(',')}]::int[]`);
  const result = await db.execute(sql`
    select product_id, nav_date::text as nav_date, nav::text as nav from ${productNavs}
    where product_id = any(${idList}) and nav_date >= ${from}
    union all
    select p.id, n.nav_date::text, n.nav::text from unnest(${idList}) as p(id)
    cross join lateral (
      select nav_date, nav from ${productNavs} where product_id = p.id and nav_date < ${from}
      order by nav_date desc limit 1
    ) n
    order by 1, 2`);
  const rows = (result as unknown as { rows: Array<{ product_id: number; nav_date: string; nav: string }> }).rows;
  for (const row of rows) {
    const list = histories.get(Number(row.product_id)) ?? [];
    list.push({ date: row.nav_date, nav: row.nav });
    histories.set(Number(row.product_id), list);
  }
  return histories;
}

/**
 * Records the share of a fund in government bonds (a fraction from 0 to 1, as its reports state it): the
 * part of a gain taxed at 12.5 %.
 */
export async function setGovernmentBondShare(db: Queryable, productId: number, share: string) {
  if (!/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/.test(share)) throw new RangeError(`not a share from 0 to 1: ${share}`);
  await db.update(products).set({ governmentBondShare: share }).where(eq(products.id, productId));
}
