// Contract of the "deciding whether to borrow" calls: borrow versus sell for a cash need, net worth with
// the advance as a debt (over time and after a forced sale), and the APR explained. Money is a decimal
// string with two decimals, rates fractions ("0.050149" for 5.0149 %), dates YYYY-MM-DD.
import { z } from 'zod';
import { instalmentsInputSchema } from './advances';
import { moneySchema } from './common';
import { amountInputSchema } from './transactions';

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const fractionSchema = z.string().regex(/^-?\d+(\.\d+)?$/);
const signedMoneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

/** GET /api/v1/advances/borrow-or-sell/?amount=&term= (term: quarterly instalments, 1 to 40). */
export const borrowOrSellQuerySchema = z.object({ amount: amountInputSchema, term: instalmentsInputSchema });
export type BorrowOrSellQuery = z.infer<typeof borrowOrSellQuerySchema>;

export const saleLineSchema = z.object({
  product_id: z.number().int(),
  label: z.string(),
  units: z.string(),
  proceeds: moneySchema,
  cost: moneySchema,
  gain: signedMoneySchema,
  tax: moneySchema,
  coupons_given_up: moneySchema,
  protection_given_up: moneySchema,
  buy_back_cost: moneySchema,
  government_bond_share: fractionSchema,
});
export type SaleLine = z.infer<typeof saleLineSchema>;

export const borrowOrSellSchema = z.object({
  amount: moneySchema,
  term: z.number().int(),
  /** The day the term ends (the advance's maturity). */
  term_end: dateSchema,
  borrow: z.object({
    annual_rate: fractionSchema,
    apr: fractionSchema,
    quarterly_interest: moneySchema,
    total_interest: moneySchema,
    /** What borrowing costs over the term: the interest (advances have no fees). */
    total_cost: moneySchema,
    /** What the free lines and the bank's maximum let her borrow now. */
    maximum: moneySchema,
    possible: z.boolean(),
  }),
  sell: z.object({
    lines: z.array(saleLineSchema),
    proceeds: moneySchema,
    tax: moneySchema,
    net: moneySchema,
    coupons_given_up: moneySchema,
    protection_given_up: moneySchema,
    buy_back_cost: moneySchema,
    total_cost: moneySchema,
    losses_carried_forward: moneySchema,
    losses_after: moneySchema,
    /** Whether her free units cover the need after tax. */
    possible: z.boolean(),
  }),
  /** Which costs less over the term; null when they cost the same or one is not possible. */
  cheaper: z.enum(['borrow', 'sell']).nullable(),
  difference: moneySchema,
  tax_rates: z.object({ standard: fractionSchema, government_bonds: fractionSchema }),
});
export type BorrowOrSell = z.infer<typeof borrowOrSellSchema>;

export const netWorthPointSchema = z.object({
  date: dateSchema,
  /** Fund units at their NAV. */
  investments: moneySchema,
  /** Stock-plan units at their plan's price. */
  stock_plans: moneySchema,
  cash: moneySchema,
  assets: moneySchema,
  advance: moneySchema,
  net_worth: signedMoneySchema,
});
export type NetWorthPoint = z.infer<typeof netWorthPointSchema>;

/** GET /api/v1/wallet/net-worth/: today, month by month over the last year, and after a forced sale. */
export const netWorthSchema = z.object({
  today: netWorthPointSchema,
  history: z.array(netWorthPointSchema),
  forced_sale: z.object({
    sold_value: moneySchema,
    proceeds: moneySchema,
    tax: moneySchema,
    loss: moneySchema,
    repaid: moneySchema,
    still_owed: moneySchema,
    net_worth: signedMoneySchema,
    lines: z.array(
      z.object({
        /** Fund units the lender sells, or plan units the plan's administrator sells. */
        kind: z.enum(['fund', 'stock_plan']),
        product_id: z.number().int().nullable(),
        stock_plan_id: z.number().int().nullable(),
        label: z.string(),
        units: z.string(),
        proceeds: moneySchema,
      }),
    ),
  }),
});
export type NetWorth = z.infer<typeof netWorthSchema>;

/** GET /api/v1/advances/apr/?amount=&instalments= and /api/v1/advances/{id}/apr/. */
export const aprQuerySchema = z.object({ amount: amountInputSchema, instalments: instalmentsInputSchema });
export type AprQuery = z.infer<typeof aprQuerySchema>;

export const aprExplanationSchema = z.object({
  amount: moneySchema,
  apr: fractionSchema,
  annual_rate: fractionSchema,
  flows: z.array(
    z.object({
      date: dateSchema,
      kind: z.enum(['payout', 'instalment']),
      number: z.number().int().nullable(),
      interest: moneySchema,
      principal: moneySchema,
      amount: moneySchema,
      years: fractionSchema,
      discount_factor: fractionSchema,
      present_value: moneySchema,
    }),
  ),
  payout_present_value: moneySchema,
  repayments_present_value: moneySchema,
});
export type AprExplanation = z.infer<typeof aprExplanationSchema>;
