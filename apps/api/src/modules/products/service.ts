import type { FrequencyCode } from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import type { PublicProduct } from '@lombard/shared/schemas/products';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/products';

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
  '-performance_ytd': [sql`${products.performanceYtd} desc nulls last`, asc(products.id)],
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
      .select()
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
        translated_content: translations,
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
