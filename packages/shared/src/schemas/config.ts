import { z } from 'zod';
import { moneySchema } from './common';
import { rateScheduleSchema, usuryThresholdSchema } from './settings';

/** The advertising's representative example: the calculator's quote at the bands in force. */
export const representativeExampleSchema = z.object({
  amount: moneySchema,
  instalments: z.number().int(),
  annual_rate: z.string(),
  apr: z.string(),
  quarterly_interest: moneySchema,
  total_interest: moneySchema,
  total_repayable: moneySchema,
});
export type RepresentativeExample = z.infer<typeof representativeExampleSchema>;

/** GET /api/get-global-config/: the global configuration. */
export const globalConfigSchema = z.object({
  environment: z.string(),
  error_reporting: z.object({
    dsn: z.string().nullable(),
    environment: z.string(),
    traces_sample_rate: z.number().min(0).max(1),
    replays_session_sample_rate: z.number().min(0).max(1),
    replays_on_error_sample_rate: z.number().min(0).max(1),
  }),
  newsletter_settings: z.record(z.string(), z.object({ url: z.string() })),
  currency: z.string(),
  default_locale: z.string(),
  fallback_locale: z.string(),
  minimum_advance_amount: moneySchema,
  bank_maximum_advance_amount: moneySchema,
  /** The rate bands pricing today's quotes (operator settings), with the day they took effect. */
  advance_rate_bands: rateScheduleSchema,
  /** The representative example every public page with a rate shows (Directive (EU) 2023/2225). */
  representative_example: representativeExampleSchema,
  /** The usury threshold in force for advances: no quote above its APR is offered. */
  advance_usury_threshold: usuryThresholdSchema.nullable(),
  /** Hours from a signed contract to the money on the customer's account. */
  advance_payout_hours: z.number().int(),
  calculator_max_amount: moneySchema,
  max_instalments: z.number().int(),
  deposit_guarantee_amount: moneySchema,
  cookie_consent_days: z.number().int(),
  map: z.object({ tile_url: z.string().nullable(), attribution: z.string().nullable() }),
  social_links: z.array(z.object({ network: z.string(), url: z.string() })),
  support_email: z.string(),
});
export type GlobalConfig = z.infer<typeof globalConfigSchema>;
