// Contract of the margin-risk calls: how far an advance (or a requested amount) is from a margin call, the
// crisis replay and a custom fall on its collateral, and the same after a proposed swap. Money is a decimal
// string with two decimals; falls and loan-to-values are fractions ("0.2771" for 27.71 %).
import { z } from 'zod';
import { ASSET_CLASSES } from '../data/market-crises';
import { advanceQuoteQuerySchema, COLLATERAL_KINDS, collateralKeySchema, swapQuoteQuerySchema } from './advances';
import { moneySchema } from './common';

const fractionSchema = z.string().regex(/^-?\d+(\.\d+)?$/);
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A fall asked for with the slider: a fraction from 0 to 1, at most four decimals. */
export const fallInputSchema = z.string().regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/, 'validation:invalid');

export const riskLineSchema = z.object({
  key: collateralKeySchema,
  kind: z.enum(COLLATERAL_KINDS),
  label: z.string(),
  asset_class: z.enum(ASSET_CLASSES),
  value: moneySchema,
  loan_to_value: fractionSchema,
  contribution: moneySchema,
  /** The fall of this line alone that opens a call; null when even losing all of it would not. */
  fall: fractionSchema.nullable(),
  fall_amount: moneySchema.nullable(),
  /** The line whose own fall most readily opens a call, weighed by how far its kind of asset falls. */
  weak: z.boolean(),
});
export type RiskLine = z.infer<typeof riskLineSchema>;

/** The advance after a scenario's falls. */
export const stressResultSchema = z.object({
  collateral_value: moneySchema,
  limit: moneySchema,
  loan_to_value: fractionSchema.nullable(),
  /** A margin call would open. */
  call: z.boolean(),
  /** On a steady fall from the crisis's start to its trough, the day the call would have opened. */
  call_date: dateSchema.nullable(),
  /** To repay to cure it. */
  shortfall: moneySchema.nullable(),
  /** Or collateral value to pledge, at the pledged lines' weighted loan-to-value. */
  collateral_to_add: moneySchema.nullable(),
  /** What the customer's free lines, fallen as well, would secure. */
  free_contribution: moneySchema,
  /** Value of the free lines to pledge to cure it; null without a call or free lines. */
  free_value_to_pledge: moneySchema.nullable(),
  curable_by_pledge: z.boolean(),
});
export type StressResult = z.infer<typeof stressResultSchema>;

export const crisisReplaySchema = z.object({
  id: z.string(),
  start: dateSchema,
  end: dateSchema,
  drawdowns: z.array(
    z.object({
      asset_class: z.enum(ASSET_CLASSES),
      fall: fractionSchema,
      source: z.string(),
      from: dateSchema,
      to: dateSchema,
      approximate: z.boolean(),
    }),
  ),
  result: stressResultSchema,
});
export type CrisisReplay = z.infer<typeof crisisReplaySchema>;

/** GET /api/v1/advances/{id}/risk/?fall= and GET /api/v1/advances/risk-preview/?amount=&collateral= */
export const advanceRiskSchema = z.object({
  outstanding: moneySchema,
  collateral_value: moneySchema,
  limit: moneySchema,
  headroom: moneySchema,
  /** The gauge: the loan-to-value now against the one at which a call opens. */
  loan_to_value: fractionSchema.nullable(),
  limit_loan_to_value: fractionSchema.nullable(),
  in_call: z.boolean(),
  /** The fall of every line at once that opens a call. */
  fall: fractionSchema.nullable(),
  fall_amount: moneySchema.nullable(),
  weak_line: collateralKeySchema.nullable(),
  lines: z.array(riskLineSchema),
  crises: z.array(crisisReplaySchema),
  /** The custom fall asked for, applied to every line alike; null when none was asked. */
  custom: stressResultSchema.nullable(),
});
export type AdvanceRisk = z.infer<typeof advanceRiskSchema>;

export const advanceRiskQuerySchema = z.object({ fall: fallInputSchema.optional() });

export const riskPreviewQuerySchema = advanceQuoteQuerySchema
  .pick({ amount: true, collateral: true })
  .extend(advanceRiskQuerySchema.shape);
export type RiskPreviewQuery = z.infer<typeof riskPreviewQuerySchema>;

export const swapRiskQuerySchema = swapQuoteQuerySchema;

/** GET /api/v1/advances/{id}/swap-risk/?give_back=&pledge=: the distance to a call before and after. */
export const swapRiskSchema = z.object({
  before: advanceRiskSchema.pick({ loan_to_value: true, limit_loan_to_value: true, fall: true, limit: true }),
  after: advanceRiskSchema.pick({ loan_to_value: true, limit_loan_to_value: true, fall: true, limit: true }),
  /** The largest new advance the free lines would allow after the swap (before the bank's cap). */
  borrowing_power_after: moneySchema,
  borrowing_power_before: moneySchema,
});
export type SwapRisk = z.infer<typeof swapRiskSchema>;
