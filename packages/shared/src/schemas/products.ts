import { z } from 'zod';
import { FREQUENCY_CODES } from '../constants';
import { isIsin } from '../isin';
import { NAV_PERIODS, PRODUCT_CATEGORIES } from '../product-catalogue';
import { listResponseSchema, moneySchema } from './common';
import {
  type DecimalPrecision,
  decimalString,
  LOAN_TO_VALUE_DECIMAL,
  PERCENT_DECIMAL,
  PRICE_DECIMAL,
  positiveDecimalString,
  RATE_DECIMAL,
} from './decimal';
import { text } from './text';
import { amountInputSchema } from './transactions';

/** A decimal fraction or percentage on the wire, e.g. "0.0325" or "100.00". */
const decimalSchema = z.string().regex(/^-?\d+(\.\d+)?$/);

export const productTranslationSchema = z.object({ summary: z.string(), underlying: z.string() });

/**
 * A partner-bank product as the public site shows it: no NAV history, no loan-to-value, nothing
 * personal. GET /api/v1/public/products/.
 */
export const publicProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  isin: z.string(),
  name: z.string(),
  category: z.string(),
  /** SRI 1 (lowest risk) to 7. */
  risk_indicator: z.number().int().min(1).max(7),
  /** Coupon frequency code (M, B, Q, H, Y, A); null for products that reinvest their income. */
  coupon_frequency: z.enum(FREQUENCY_CODES).nullable(),
  coupon_rate: decimalSchema.nullable(),
  min_investment: moneySchema,
  max_investment: moneySchema.nullable(),
  min_holding_days: z.number().int(),
  /** Percentage of capital protected at maturity, e.g. "100.00"; null when not protected. */
  capital_protection: decimalSchema.nullable(),
  maturity_date: z.string().nullable(),
  /** Year-to-date performance as a fraction, e.g. "0.0213". */
  performance_ytd: decimalSchema.nullable(),
  /** In the request's language. */
  summary: z.string(),
  underlying: z.string(),
  translated_content: z.record(z.string(), productTranslationSchema),
});
export type PublicProduct = z.infer<typeof publicProductSchema>;

export const publicProductListSchema = listResponseSchema(publicProductSchema);

export const publicProductsQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  page: z.coerce.number().int().min(1).default(1),
  order_by__: z.enum(['position', 'name', '-performance_ytd', 'risk_indicator']).default('position'),
  category: text().max(50).optional(),
});

// ——— Signed-in catalogue, NAV history, back office ———

const navValueSchema = z.string().regex(/^\d+(\.\d{1,6})?$/);
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One product in GET /api/v1/products/ (every signed-in profile). Rates are fractions ("0.0150"). */
export const productItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isin: z.string(),
  category: z.string(),
  /** In the request's language. */
  underlying: z.string(),
  summary: z.string(),
  risk_indicator: z.number().int().min(1).max(7),
  coupon_frequency: z.enum(FREQUENCY_CODES).nullable(),
  coupon_rate: decimalSchema.nullable(),
  min_investment: moneySchema,
  max_investment: moneySchema.nullable(),
  min_holding_days: z.number().int(),
  entry_cost: decimalSchema,
  annual_fee: decimalSchema,
  maturity_date: z.string().nullable(),
  capital_protection: decimalSchema.nullable(),
  on_sale: z.boolean(),
  loan_to_value: decimalSchema,
  /** Latest NAV per unit and its day; null before the first NAV is recorded. */
  nav: navValueSchema.nullable(),
  nav_date: z.string().nullable(),
  /** Latest NAV over the last NAV of the previous year, minus one (a fraction, 4 decimals). */
  performance_ytd: decimalSchema.nullable(),
  /** Latest NAV over the first NAV ever recorded, minus one. */
  performance_since_launch: decimalSchema.nullable(),
  status: z.union([z.literal(0), z.literal(1)]),
  status_name: z.string(),
});
export type ProductItem = z.infer<typeof productItemSchema>;
export const productListSchema = listResponseSchema(productItemSchema);

export const productContentSchema = z.object({ summary: z.string(), underlying: z.string(), description: z.string() });
export type ProductContent = z.infer<typeof productContentSchema>;

export const productDocumentSchema = z.object({
  type: z.literal('kid'),
  language: z.enum(['it', 'en']),
  title: z.string(),
  /** API path of the download. */
  url: z.string(),
});

/** GET /api/v1/products/{id}/ */
export const productDetailSchema = productItemSchema.extend({
  /** In the request's language. */
  description: z.string(),
  recommended_holding_years: z.number().int(),
  translated_content: z.object({ it: productContentSchema, en: productContentSchema }),
  documents: z.array(productDocumentSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productNavsQuerySchema = z.object({ period: z.enum(NAV_PERIODS).default('1y') });
export const navPointSchema = z.object({ date: z.string(), nav: navValueSchema });
export type NavPoint = z.infer<typeof navPointSchema>;
/** GET /api/v1/products/{id}/navs/?period= : ascending by date. */
export const navSeriesSchema = z.array(navPointSchema);

const rate = (max: number, column: DecimalPrecision = RATE_DECIMAL) =>
  decimalString(column).refine((v) => Number(v) >= 0 && Number(v) <= max, 'products:validation.rateRange');

const content = z.object({
  summary: text().trim().min(10, 'validation:minLength').max(400),
  underlying: text().trim().min(3, 'validation:minLength').max(200),
  description: text({ multiline: true }).trim().max(4000).default(''),
});

/** Highest loan-to-value an operator may give a product. */
export const MAX_LOAN_TO_VALUE = 0.9;

/**
 * Every field an operator sets on a product (POST, PUT; PATCH takes any part of it). The rule that the
 * minimum stays below the maximum is checked on the whole product, also after a partial change.
 */
export const productWriteObjectSchema = z.object({
  name: text().trim().min(3, 'validation:minLength').max(120),
  isin: z
    .string({ error: 'validation:required' })
    .trim()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine(isIsin, 'products:validation.isin'),
  category: z.enum(PRODUCT_CATEGORIES),
  risk_indicator: z.coerce.number().int('validation:integer').min(1, 'validation:min').max(7, 'validation:max'),
  coupon_frequency: z.enum(FREQUENCY_CODES).nullable(),
  coupon_rate: rate(1).nullable(),
  min_investment: amountInputSchema,
  max_investment: amountInputSchema.nullable(),
  min_holding_days: z.coerce.number().int('validation:integer').min(0, 'validation:min').max(3650, 'validation:max'),
  capital_protection: decimalString(PERCENT_DECIMAL)
    .refine((v) => Number(v) <= 100, 'validation:max')
    .nullable(),
  entry_cost: rate(1),
  annual_fee: rate(1),
  maturity_date: isoDay.nullable(),
  loan_to_value: rate(MAX_LOAN_TO_VALUE, LOAN_TO_VALUE_DECIMAL),
  recommended_holding_years: z.coerce
    .number()
    .int('validation:integer')
    .min(1, 'validation:min')
    .max(30, 'validation:max'),
  on_sale: z.boolean(),
  /**
   * The share of the fund invested in government bonds (Italian and white-list states), in % (0–100, two
   * decimals): that part of a gain is taxed at 12.5 % in the borrow-versus-sell estimate. Left out, it
   * stays as it is (0 for a new product).
   */
  government_bond_share: decimalString(PERCENT_DECIMAL)
    .refine((v) => Number(v) <= 100, 'validation:max')
    .optional(),
  translated_content: z.object({ it: content, en: content }),
});
export type ProductWrite = z.infer<typeof productWriteObjectSchema>;

/** Whether the minimum is below the maximum (no maximum: nothing to compare). */
export function minBelowMax(value: { min_investment?: string; max_investment?: string | null }): boolean {
  if (!value.min_investment || !value.max_investment) return true;
  return Number(value.min_investment) < Number(value.max_investment);
}

export const productWriteSchema = productWriteObjectSchema.refine(minBelowMax, {
  path: ['max_investment'],
  message: 'products:validation.minBelowMax',
});

/** POST /api/v1/backoffice/products/{id}/navs/: record or correct one day's NAV. */
export const navRecordSchema = z.object({
  date: isoDay,
  nav: positiveDecimalString(PRICE_DECIMAL),
});
export type NavRecord = z.infer<typeof navRecordSchema>;

/** A back-office product: everything, with its slug, order on the public site and latest NAVs. */
export const backofficeProductSchema = productDetailSchema.extend({
  slug: z.string(),
  /** In % (0–100), as the form writes it. */
  government_bond_share: z.string(),
  position: z.number().int(),
  recent_navs: z.array(navPointSchema),
});
export type BackofficeProduct = z.infer<typeof backofficeProductSchema>;
