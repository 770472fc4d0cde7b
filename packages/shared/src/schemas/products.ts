import { z } from 'zod';
import { FREQUENCY_CODES } from '../constants';
import { listResponseSchema, moneySchema } from './common';
import { text } from './text';

/** A decimal fraction or percentage on the wire, e.g. "0.0325" or "100.00". */
const decimalSchema = z.string().regex(/^-?\d+(\.\d+)?$/);

export const productTranslationSchema = z.object({ summary: z.string(), underlying: z.string() });

/**
 * A partner-bank product as the public site shows it (spec §3 Investment/Product): no NAV history, no
 * loan-to-value, nothing personal. GET /api/v1/public/products/.
 */
export const publicProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  isin: z.string(),
  name: z.string(),
  category: z.string(),
  /** SRI 1 (lowest risk) to 7. */
  risk_indicator: z.number().int().min(1).max(7),
  /** Spec §3 codes; null for products that reinvest their income. */
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
