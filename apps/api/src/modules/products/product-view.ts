// How a product row reads on the wire: the columns every product resource selects, and the item and
// detail shapes built from them in the reader's language.
import type { FrequencyCode } from '@lombard/shared/constants';
import { LANGUAGES, type Language } from '@lombard/shared/locale';
import type { ProductContent, ProductDetail, ProductItem } from '@lombard/shared/schemas/products';
import { products } from '../../db/schema/products';
import type { Translate } from '../../lib/i18n';
import { statusName } from '../../lib/resource/routes';
import { latestNav, latestNavDate, performanceSinceLaunch, performanceYtd } from './performance';

export const productColumns = {
  id: products.id,
  slug: products.slug,
  isin: products.isin,
  name: products.name,
  translatedContent: products.translatedContent,
  category: products.category,
  riskIndicator: products.riskIndicator,
  couponFrequency: products.couponFrequency,
  couponRate: products.couponRate,
  minInvestment: products.minInvestment,
  maxInvestment: products.maxInvestment,
  minHoldingDays: products.minHoldingDays,
  capitalProtection: products.capitalProtection,
  entryCost: products.entryCost,
  annualFee: products.annualFee,
  maturityDate: products.maturityDate,
  loanToValue: products.loanToValue,
  recommendedHoldingYears: products.recommendedHoldingYears,
  onSale: products.onSale,
  status: products.status,
  position: products.position,
  nav: latestNav,
  navDate: latestNavDate,
  performanceYtd,
  performanceSinceLaunch,
};

export interface ProductRow {
  id: number;
  slug: string;
  isin: string;
  name: string;
  translatedContent: unknown;
  category: string;
  riskIndicator: number;
  couponFrequency: string | null;
  couponRate: string | null;
  minInvestment: string;
  maxInvestment: string | null;
  minHoldingDays: number;
  capitalProtection: string | null;
  entryCost: string;
  annualFee: string;
  maturityDate: string | null;
  loanToValue: string;
  recommendedHoldingYears: number;
  onSale: boolean;
  status: number;
  position: number;
  nav: string | null;
  navDate: string | null;
  performanceYtd: string | null;
  performanceSinceLaunch: string | null;
}

const EMPTY: ProductContent = { summary: '', underlying: '', description: '' };

/** The product's texts in each language; a missing language borrows the other one's. */
export function contentOf(translatedContent: unknown): Record<Language, ProductContent> {
  const raw = (translatedContent ?? {}) as Partial<Record<Language, Partial<ProductContent>>>;
  const read = (language: Language): ProductContent | null => (raw[language] ? { ...EMPTY, ...raw[language] } : null);
  const it = read('it');
  const en = read('en');
  return { it: it ?? en ?? EMPTY, en: en ?? it ?? EMPTY };
}

/** A NAV as stored has six decimals; the wire carries them as they are. */
export function toProductItem(row: ProductRow, language: Language, t: Translate): ProductItem {
  const text = contentOf(row.translatedContent)[language];
  return {
    id: row.id,
    name: row.name,
    isin: row.isin,
    category: row.category,
    underlying: text.underlying,
    summary: text.summary,
    risk_indicator: row.riskIndicator,
    coupon_frequency: (row.couponFrequency as FrequencyCode | null) ?? null,
    coupon_rate: row.couponRate,
    min_investment: row.minInvestment,
    max_investment: row.maxInvestment,
    min_holding_days: row.minHoldingDays,
    entry_cost: row.entryCost,
    annual_fee: row.annualFee,
    maturity_date: row.maturityDate,
    capital_protection: row.capitalProtection,
    on_sale: row.onSale,
    loan_to_value: row.loanToValue,
    nav: row.nav,
    nav_date: row.navDate,
    performance_ytd: row.performanceYtd,
    performance_since_launch: row.performanceSinceLaunch,
    status: row.status === 1 ? 1 : 0,
    status_name: statusName(undefined, row.status, t),
  };
}

export const kidPath = (productId: number, language: Language) =>
  `/api/v1/products/${productId}/kid/?language=${language}`;

export function toProductDetail(row: ProductRow, language: Language, t: Translate): ProductDetail {
  const content = contentOf(row.translatedContent);
  return {
    ...toProductItem(row, language, t),
    description: content[language].description,
    recommended_holding_years: row.recommendedHoldingYears,
    translated_content: content,
    documents: LANGUAGES.map((documentLanguage) => ({
      type: 'kid' as const,
      language: documentLanguage,
      title: t(`products:kid.documentTitle.${documentLanguage}`),
      url: kidPath(row.id, documentLanguage),
    })),
  };
}
