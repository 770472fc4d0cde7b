// The global settings an operator edits in the back-office (GET/PUT /api/v1/backoffice/settings/): the
// bank's advance limits, the rate bands with the day each set takes effect, the account customers pay
// into, the payout promise, and the newsletter and social links. One schema for the form and the API.
import { z } from 'zod';
import {
  ADVANCE_PAYOUT_HOURS,
  CALCULATOR_MAX_AMOUNT,
  DEFAULT_MARGIN_WARNING_RATIO,
  MINIMUM_ADVANCE_AMOUNT,
} from '../constants';
import { LANGUAGES } from '../locale';
import { ADVANCE_RATE_BANDS } from '../money/rate-bands';
import { AMOUNT_INPUT_DECIMAL, decimalString } from './decimal';
import { isoDateSchema } from './documents';
import { ibanSchema } from './profile';
import { text } from './text';

/** Keys of the messages these rules add (validation namespace). */
export const SETTINGS_MESSAGES = {
  minimumAboveMaximum: 'validation:minimumAboveMaximum',
  firstBandFromZero: 'validation:firstBandFromZero',
  bandsAscending: 'validation:bandsAscending',
  rate: 'validation:rate',
  url: 'validation:url',
  bic: 'validation:bic',
  duplicateValidFrom: 'validation:duplicateValidFrom',
  quarter: 'validation:quarter',
  duplicateQuarter: 'validation:duplicateQuarter',
  usuryRate: 'validation:usuryRate',
  /** A rate band whose APR would be above the usury threshold in force while the band prices quotes. */
  aboveUsuryThreshold: 'validation:aboveUsuryThreshold',
  warningRatio: 'validation:warningRatio',
} as const;
const M = SETTINGS_MESSAGES;

/** Networks the footer has an icon for. */
export const SOCIAL_NETWORKS = ['linkedin', 'instagram', 'x', 'facebook', 'youtube'] as const;

const amount = decimalString(AMOUNT_INPUT_DECIMAL).refine((value) => Number(value) > 0, {
  error: 'validation:positive',
});
/** A nominal annual rate as a fraction, 0.0001 to 0.2500 (a rate above 25 % is a typo, not a price). */
const annualRate = z
  .string()
  .trim()
  .regex(/^0(\.\d{1,4})?$/, { error: M.rate })
  .refine((value) => Number(value) > 0 && Number(value) <= 0.25, { error: M.rate });
/** An absolute https address (http only for a local address in development is not a customer's concern). */
const httpsUrl = text()
  .trim()
  .max(500, { error: 'validation:maxLength' })
  .refine((value) => /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value), { error: M.url });
/** The newsletter page: the site's own (a path from the root) or an https address. */
const newsletterUrl = text()
  .trim()
  .max(500, { error: 'validation:maxLength' })
  .refine((value) => /^\/[^\s]*$/.test(value) || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value), { error: M.url });

/**
 * The share of a margin call's limit at which the customer is warned (docs/decisions/038): 50 % to 99 %,
 * as a fraction ("0.90"); a warning at the limit itself would be the call.
 */
const warningRatio = z
  .string()
  .trim()
  .regex(/^0\.\d{1,4}$/, { error: M.warningRatio })
  .refine((value) => Number(value) >= 0.5 && Number(value) <= 0.99, { error: M.warningRatio });

export const rateBandSchema = z.object({ from: decimalString(AMOUNT_INPUT_DECIMAL), annual_rate: annualRate });

/** One set of rate bands and the first day it prices quotes on (earlier sets stay for the record). */
export const rateScheduleSchema = z
  .object({
    valid_from: isoDateSchema,
    bands: z.array(rateBandSchema).min(1).max(6),
  })
  .superRefine((schedule, ctx) => {
    if (Number(schedule.bands[0]?.from ?? 0) !== 0)
      ctx.addIssue({ code: 'custom', message: M.firstBandFromZero, path: ['bands', 0, 'from'] });
    schedule.bands.forEach((band, index) => {
      const previous = schedule.bands[index - 1];
      if (previous && Number(band.from) <= Number(previous.from))
        ctx.addIssue({ code: 'custom', message: M.bandsAscending, path: ['bands', index, 'from'] });
    });
  });
export type RateSchedule = z.infer<typeof rateScheduleSchema>;

/** Categories of the Bank of Italy's usury thresholds (money/usury.ts says which an advance is). */
export const usuryCategorySchema = z.enum(['other_loans', 'advances_discounts']);

/**
 * One published usury threshold: the category, the quarter it applies to ("2026-Q4") and the threshold
 * as an APR fraction with up to six decimals ("0.170400" for 17,04 %), as the Bank of Italy's table.
 */
export const usuryThresholdSchema = z.object({
  category: usuryCategorySchema,
  quarter: z
    .string()
    .trim()
    .regex(/^\d{4}-Q[1-4]$/, { error: M.quarter }),
  threshold_apr: z
    .string()
    .trim()
    .regex(/^0(\.\d{1,6})?$/, { error: M.usuryRate })
    .refine((value) => Number(value) > 0, { error: M.usuryRate }),
});
export type UsuryThreshold = z.infer<typeof usuryThresholdSchema>;

export const partnerBankSchema = z.object({
  beneficiary: text().trim().min(1, { error: 'validation:required' }).max(140, { error: 'validation:maxLength' }),
  iban: ibanSchema,
  bic: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { error: M.bic }),
  bank_name: text().trim().min(1, { error: 'validation:required' }).max(140, { error: 'validation:maxLength' }),
});
export type PartnerBankSettings = z.infer<typeof partnerBankSchema>;

export const operatorSettingsSchema = z
  .object({
    minimum_advance_amount: amount,
    bank_maximum_advance_amount: amount,
    rate_schedules: z.array(rateScheduleSchema).min(1).max(20),
    /** The usury thresholds recorded quarter by quarter (the latest begun one is in force). */
    usury_thresholds: z.array(usuryThresholdSchema).min(1).max(80),
    /** Hours from the signed contract to the money on the customer's account. */
    advance_payout_hours: z.number().int('validation:integer').min(24, 'validation:min').max(240, 'validation:max'),
    /** Loan ÷ limit at which the margin warning goes out. */
    margin_warning_ratio: warningRatio,
    partner_bank: partnerBankSchema,
    newsletter_settings: z.partialRecord(z.enum(LANGUAGES), z.object({ url: newsletterUrl })),
    social_links: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: httpsUrl })).max(SOCIAL_NETWORKS.length),
  })
  .superRefine((settings, ctx) => {
    // Nothing above what the calculators offer: a larger cap would promise what no screen can quote.
    if (Number(settings.bank_maximum_advance_amount) > Number(CALCULATOR_MAX_AMOUNT))
      ctx.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: Number(CALCULATOR_MAX_AMOUNT),
        message: 'validation:max',
        path: ['bank_maximum_advance_amount'],
      });
    if (Number(settings.minimum_advance_amount) > Number(settings.bank_maximum_advance_amount))
      ctx.addIssue({ code: 'custom', message: M.minimumAboveMaximum, path: ['minimum_advance_amount'] });
    const seen = new Set<string>();
    settings.rate_schedules.forEach((schedule, index) => {
      if (seen.has(schedule.valid_from))
        ctx.addIssue({ code: 'custom', message: M.duplicateValidFrom, path: ['rate_schedules', index, 'valid_from'] });
      seen.add(schedule.valid_from);
    });
    const quarters = new Set<string>();
    settings.usury_thresholds.forEach((item, index) => {
      const key = `${item.category}:${item.quarter}`;
      if (quarters.has(key))
        ctx.addIssue({ code: 'custom', message: M.duplicateQuarter, path: ['usury_thresholds', index, 'quarter'] });
      quarters.add(key);
    });
  });
export type OperatorSettings = z.infer<typeof operatorSettingsSchema>;
export type OperatorSettingsInput = z.input<typeof operatorSettingsSchema>;

/** The rate schedule every data set starts from: the product's published bands, in force from the start. */
export const DEFAULT_RATE_SCHEDULE: RateSchedule = {
  valid_from: '2020-01-01',
  bands: ADVANCE_RATE_BANDS.map((band) => ({ from: band.from, annual_rate: band.annualRate })),
};
/**
 * The threshold a data set starts with for advances ("altri finanziamenti alle famiglie e alle imprese"),
 * until an operator records the quarter's published one. 17.04 % is a starting value that has not been
 * checked against a published decree (the quarter's table of the Ministry of Economy on the Bank of
 * Italy's survey): an operator records the published figure of each quarter in the settings.
 */
export const DEFAULT_USURY_THRESHOLDS: UsuryThreshold[] = [
  { category: 'other_loans', quarter: '2026-Q4', threshold_apr: '0.170400' },
];
export const DEFAULT_ADVANCE_LIMITS = {
  minimum_advance_amount: MINIMUM_ADVANCE_AMOUNT,
  advance_payout_hours: ADVANCE_PAYOUT_HOURS,
  margin_warning_ratio: DEFAULT_MARGIN_WARNING_RATIO,
} as const;

/**
 * The set of bands that prices a quote on `today` (YYYY-MM-DD): the latest one in force; before the
 * first one, the first (an operator never leaves a day unpriced).
 */
export function ratesInForce(schedules: readonly RateSchedule[], today: string): RateSchedule {
  const ordered = [...schedules].sort((a, b) => a.valid_from.localeCompare(b.valid_from));
  let current = ordered[0] ?? DEFAULT_RATE_SCHEDULE;
  for (const schedule of ordered) if (schedule.valid_from <= today) current = schedule;
  return current;
}
