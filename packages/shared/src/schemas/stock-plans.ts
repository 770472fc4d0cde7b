// Contract of the stock-plan calls: a customer registers the company stock units they hold (vested units of
// a plan at their employer), an operator verifies the plan document, and verified units become a collateral
// line of an advance (docs/decisions/012).
import { z } from 'zod';
import { isCalendarDate, isWeekday } from '../money/calendar-days';
import { STOCK_PLAN_PRICE_SOURCES, STOCK_PLAN_STATUSES } from '../stock-plan-kinds';
import { listResponseSchema, moneySchema } from './common';
import { PRICE_DECIMAL, positiveDecimalString, UNITS_DECIMAL } from './decimal';
import { text } from './text';
import { navSchema, unitsSchema } from './transactions';

/**
 * POST /api/v1/stock-plans/ (multipart: these fields plus the plan document in `file`). The employer is a
 * partner company (`partner_id`) or another listed company named by the customer (`company_name`), never
 * both.
 */
export const stockPlanRequestSchema = z
  .object({
    partner_id: z.coerce.number().int().positive().optional(),
    company_name: text().trim().min(2, 'validation:minLength').max(150).optional(),
    plan_name: text().trim().min(2, 'validation:minLength').max(150),
    vested_units: positiveDecimalString(UNITS_DECIMAL),
    unit_price: positiveDecimalString(PRICE_DECIMAL),
    price_source: z.enum(STOCK_PLAN_PRICE_SOURCES),
  })
  .refine((body) => (body.partner_id === undefined) !== (body.company_name === undefined), {
    message: 'validation:employerRequired',
    path: ['company_name'],
  });
export type StockPlanRequest = z.infer<typeof stockPlanRequestSchema>;

export const stockPlanSchema = z.object({
  id: z.number().int(),
  status: z.enum(STOCK_PLAN_STATUSES),
  status_name: z.string(),
  /** The employer's name: the partner's, or the one the customer typed. */
  company: z.string(),
  partner_id: z.number().int().nullable(),
  plan_name: z.string(),
  vested_units: unitsSchema,
  /** Units currently pledged to an advance. */
  pledged_units: unitsSchema,
  /**
   * The price in force today (the latest recorded on or before it) and its source; before verification,
   * the price the customer declared.
   */
  unit_price: navSchema,
  price_source: z.enum(STOCK_PLAN_PRICE_SOURCES),
  /** The day of that price (`YYYY-MM-DD`); null until the plan is verified. */
  price_date: z.string().nullable(),
  value: moneySchema,
  /** Loan-to-value granted on these units, as a fraction ("0.4000"). */
  loan_to_value: z.string(),
  /** The uploaded plan document (GET …/document/). */
  document_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  verified_at: z.string().nullable(),
});
export type StockPlan = z.infer<typeof stockPlanSchema>;

/** Back-office stock plans: the plan and whose it is. */
export const backofficeStockPlanSchema = stockPlanSchema.extend({
  user: z.object({ id: z.number().int(), email: z.string().nullable(), full_name: z.string().nullable() }),
});
export type BackofficeStockPlan = z.infer<typeof backofficeStockPlanSchema>;

/** Back-office: an operator verifies a plan, optionally correcting the vested units or the unit price. */
export const stockPlanVerifySchema = z.object({
  vested_units: positiveDecimalString(UNITS_DECIMAL).optional(),
  unit_price: positiveDecimalString(PRICE_DECIMAL).optional(),
});
export type StockPlanVerify = z.infer<typeof stockPlanVerifySchema>;

/** Messages of a price's day that only the server can judge (it knows today and the verification day). */
export const STOCK_PLAN_PRICE_MESSAGES = {
  workingDay: 'validation:priceWorkingDay',
  future: 'validation:priceDayFuture',
  beforeVerification: 'validation:priceBeforeVerification',
} as const;

/** The longest note an operator may leave with a price (where it was read). */
export const STOCK_PLAN_PRICE_NOTE_MAX = 200;

/**
 * POST /api/v1/backoffice/stock-plans/{id}/prices/: the company share's price on a working day, as an
 * operator reads it (market close or the employer's valuation). A later record of the same day replaces
 * it. The day must also be today or earlier and not before the plan's verification (the server's checks).
 */
export const stockPlanPriceRecordSchema = z.object({
  day: z
    .string({ error: 'validation:required' })
    .trim()
    .min(1, { error: 'validation:required', abort: true })
    .refine(isCalendarDate, { error: 'validation:date', abort: true })
    .refine(isWeekday, { error: STOCK_PLAN_PRICE_MESSAGES.workingDay }),
  price: positiveDecimalString(PRICE_DECIMAL),
  source: z.enum(STOCK_PLAN_PRICE_SOURCES, { error: 'validation:invalid' }),
  note: text()
    .trim()
    .max(STOCK_PLAN_PRICE_NOTE_MAX, 'validation:maxLength')
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type StockPlanPriceRecord = z.input<typeof stockPlanPriceRecordSchema>;

/** One recorded price of a plan's share, with who recorded it and when. */
export const stockPlanPriceSchema = z.object({
  day: z.string(),
  price: navSchema,
  source: z.enum(STOCK_PLAN_PRICE_SOURCES),
  note: z.string().nullable(),
  recorded_by: z.object({ id: z.number().int(), email: z.string().nullable() }).nullable(),
  recorded_at: z.string(),
});
export type StockPlanPrice = z.infer<typeof stockPlanPriceSchema>;

/** GET …/prices/: latest day first, a page at a time. */
export const stockPlanPriceListSchema = listResponseSchema(stockPlanPriceSchema);
export type StockPlanPriceList = z.infer<typeof stockPlanPriceListSchema>;

/** What recording answers: the price as stored, the one it replaced that day (or null), a sentence. */
export const stockPlanPriceRecordedSchema = z.object({
  price: stockPlanPriceSchema,
  previous: z.string().nullable(),
  detail: z.string(),
});
export type StockPlanPriceRecorded = z.infer<typeof stockPlanPriceRecordedSchema>;
