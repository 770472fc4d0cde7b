// Contract of staged alerts, the remedy chosen in advance and forbearance (docs/decisions/038): the
// customer's ranking, the alert state of an advance with its proposed remedy and grace deadline, her
// answers, and the operator's margin-call desk. Money is a decimal string with two decimals, loan-to-values
// fractions ("0.6300").
import { z } from 'zod';
import { ALERT_STAGES, REMEDY_METHODS } from '../money/margin-alerts';
import { COLLATERAL_KINDS, collateralKeySchema } from './advances';
import { moneySchema } from './common';

const fractionSchema = z.string().regex(/^\d+(\.\d+)?$/);
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const positionKeySchema = z.string().regex(/^position:\d{1,10}$/, 'validation:invalid');

const unique = <T>(items: readonly T[]) => new Set(items).size === items.length;

/** The customer's ranking: the three methods in her order, free lines to pledge and fund lines to sell in hers. */
export const remedyRankingSchema = z.object({
  methods: z
    .array(z.enum(REMEDY_METHODS))
    .length(REMEDY_METHODS.length)
    .refine(unique, { error: 'validation:remedyDuplicate' }),
  pledge_order: z.array(collateralKeySchema).max(50).refine(unique, { error: 'validation:remedyDuplicate' }),
  /** Only fund lines can be sold (stock-plan units are sold by the plan's administrator). */
  sell_order: z.array(positionKeySchema).max(50).refine(unique, { error: 'validation:remedyDuplicate' }),
});
export type RemedyRanking = z.infer<typeof remedyRankingSchema>;

/** The ranking a customer who never chose one has: cash, then pledging, then selling, lines as held. */
export const DEFAULT_REMEDY_RANKING: RemedyRanking = {
  methods: ['cash', 'pledge', 'sell'],
  pledge_order: [],
  sell_order: [],
};

export const rankedLineSchema = z.object({
  key: collateralKeySchema,
  kind: z.enum(COLLATERAL_KINDS),
  label: z.string(),
  value: moneySchema,
});

/** GET /api/v1/advances/remedy-ranking/: the ranking with the lines it orders, labelled. */
export const remedyRankingViewSchema = z.object({
  ranking: remedyRankingSchema,
  /** Free lines, in her pledge order first, then the others as held. */
  pledge_lines: z.array(rankedLineSchema),
  /** Pledged fund lines, in her sell order first. */
  sell_lines: z.array(rankedLineSchema),
  /** She has saved a ranking (not the default). */
  saved: z.boolean(),
});
export type RemedyRankingView = z.infer<typeof remedyRankingViewSchema>;

export const remedyStepSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('cash'), amount: moneySchema }),
  z.object({
    method: z.literal('pledge'),
    key: collateralKeySchema,
    label: z.string(),
    value: moneySchema,
    contribution: moneySchema,
  }),
  z.object({
    method: z.literal('sell'),
    key: collateralKeySchema,
    label: z.string(),
    units: z.string(),
    proceeds: moneySchema,
  }),
]);
export type RemedyStepView = z.infer<typeof remedyStepSchema>;

export const remedySchema = z.object({
  steps: z.array(remedyStepSchema),
  cures: z.boolean(),
  uncovered: moneySchema,
  repayment: moneySchema,
});
export type RemedyView = z.infer<typeof remedySchema>;

export const FORBEARANCE_OPTIONS = ['more_time', 'partial_repayment', 'deferral'] as const;
export type ForbearanceOption = (typeof FORBEARANCE_OPTIONS)[number];
export const FORBEARANCE_ANSWERS = [...FORBEARANCE_OPTIONS, 'declined'] as const;
export type ForbearanceAnswer = (typeof FORBEARANCE_ANSWERS)[number];

export const forbearanceSchema = z.object({
  offered_at: z.string().nullable(),
  answer: z.enum(FORBEARANCE_ANSWERS).nullable(),
  answered_at: z.string().nullable(),
});

export const alertEventSchema = z.object({
  stage: z.enum(ALERT_STAGES),
  loan_to_value: fractionSchema.nullable(),
  created_at: z.string(),
});

/** GET /api/v1/advances/{id}/margin-alert/: where the advance stands and what happens on a call. */
export const marginAlertSchema = z.object({
  stage: z.enum(ALERT_STAGES),
  outstanding: moneySchema,
  limit: moneySchema,
  /** The loan at which the warning goes out. */
  warning_amount: moneySchema,
  loan_to_value: fractionSchema.nullable(),
  warning_loan_to_value: fractionSchema.nullable(),
  limit_loan_to_value: fractionSchema.nullable(),
  call: z
    .object({
      id: z.number().int(),
      shortfall: moneySchema,
      opened_at: z.string(),
      grace_until: dateSchema,
      business_days_left: z.number().int().nonnegative(),
      remedy: remedySchema,
      forbearance: forbearanceSchema,
      /** customer_remedy | enforced once settled; null while open. */
      resolution: z.enum(['customer_remedy', 'enforced']).nullable(),
    })
    .nullable(),
  grace_business_days: z.number().int(),
  events: z.array(alertEventSchema),
});
export type MarginAlert = z.infer<typeof marginAlertSchema>;

/** POST …/margin-call/remedy/: she confirms the remedy computed for this shortfall. */
export const remedyConfirmSchema = z.object({ shortfall: moneySchema });
export type RemedyConfirm = z.infer<typeof remedyConfirmSchema>;

/** POST …/margin-call/forbearance/: her answer to the offer. */
export const forbearanceAnswerSchema = z.object({ answer: z.enum(FORBEARANCE_ANSWERS) });
export type ForbearanceAnswerInput = z.infer<typeof forbearanceAnswerSchema>;

/** POST /api/v1/backoffice/margin-calls/{id}/enforce/: what was sold and repaid. */
export const enforcementResultSchema = z.object({
  call_id: z.number().int(),
  sold: z.array(z.object({ key: collateralKeySchema, units: z.string(), proceeds: moneySchema })),
  /** Repaid from the customer's cash, when her ranking puts it before a sale. */
  from_cash: moneySchema,
  /** Free lines pledged, when her ranking puts pledging before a sale. */
  pledged: z.array(collateralKeySchema),
  repayment: moneySchema,
  cured: z.boolean(),
});
export type EnforcementResult = z.infer<typeof enforcementResultSchema>;
