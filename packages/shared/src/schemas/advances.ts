// Contract of the advance calls (docs/decisions/012): borrowing power, the calculator's quote, requests and
// their life (signing, repayments, withdrawal, swap, margin calls) and the back-office views. Money is a
// decimal string with two decimals; rates are fractions ("0.0490"); dates are YYYY-MM-DD.
import { z } from 'zod';
import { ADVANCE_STATUSES, type AdvanceStatus } from '../advance-status';
import {
  confirmationAskedFields,
  confirmationFactorSchema,
  confirmationProofFields,
  hasProof,
  proofRequired,
} from './authenticator';
import { moneySchema } from './common';
import { creditAssessmentSchema, creditReviewSchema } from './credit-review';
import { text } from './text';
import { amountInputSchema, navSchema, unitsSchema } from './transactions';

/** A decimal fraction on the wire ("0.0490" for 4.90 %). */
const fractionSchema = z.string().regex(/^-?\d+(\.\d+)?$/);
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const advanceStatusSchema = z
  .number()
  .int()
  .refine((value): value is AdvanceStatus => (ADVANCE_STATUSES as readonly number[]).includes(value));

/** A collateral line's key: `position:<productId>` or `stock-plan:<planId>`. */
export const collateralKeySchema = z.string().regex(/^(position|stock-plan):\d{1,10}$/, 'validation:invalid');
export const COLLATERAL_KINDS = ['position', 'stock_plan'] as const;
export type CollateralKind = (typeof COLLATERAL_KINDS)[number];

/**
 * A number of quarterly instalments. The range (MIN_INSTALMENTS–MAX_INSTALMENTS) is the calculator's own
 * rule (`validateAdvanceInput`), answered with its message and its {{max}}.
 */
export const instalmentsInputSchema = z.coerce.number({ error: 'validation:required' }).int('validation:integer');

/** One line of collateral: what it is worth, at which loan-to-value, and what it contributes. */
export const collateralLineSchema = z.object({
  key: collateralKeySchema,
  kind: z.enum(COLLATERAL_KINDS),
  label: z.string(),
  units: unitsSchema,
  unit_price: navSchema,
  value: moneySchema,
  loan_to_value: fractionSchema,
  contribution: moneySchema,
  /** Already pledged to an advance (its units cannot be picked again). */
  pledged: z.boolean(),
});
export type CollateralLine = z.infer<typeof collateralLineSchema>;

/** GET /api/v1/advances/borrowing-power/ */
export const borrowingPowerSchema = z.object({
  lines: z.array(collateralLineSchema),
  /** Σ contributions of the free lines. */
  collateral_total: moneySchema,
  maximum_applicable: moneySchema,
  /** The bank's maximum advance, from the global configuration. */
  bank_maximum: moneySchema,
  /** The lower of the two: the largest advance the customer may ask for now. */
  maximum_amount: moneySchema,
  binding: z.enum(['collateral', 'bank']),
  minimum_amount: moneySchema,
});
export type BorrowingPower = z.infer<typeof borrowingPowerSchema>;

/** A message key with its values, to translate on the reader's side (the calculator's messages). */
export const ruleMessageSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** The message already translated for the caller's language. */
  text: z.string(),
});
export type RuleMessage = z.infer<typeof ruleMessageSchema>;

/**
 * GET /api/v1/advances/quote/?amount=&instalments=&collateral=&collateral=: a quote moves nothing, so it
 * is a GET (asked again at every change of the calculator: a GET costs the server a quarter less than a
 * POST with a body). Repeated `collateral` parameters name the lines the customer picked; without them
 * the quote is checked against every free line.
 */
export const advanceQuoteQuerySchema = z.object({
  amount: amountInputSchema,
  instalments: instalmentsInputSchema,
  collateral: z
    .preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(collateralKeySchema).max(100))
    .optional(),
});
export type AdvanceQuoteRequest = z.infer<typeof advanceQuoteQuerySchema>;

export const scheduleItemSchema = z.object({
  number: z.number().int(),
  due_date: dateSchema,
  interest: moneySchema,
  principal: moneySchema,
  total: moneySchema,
});
export type ScheduleItem = z.infer<typeof scheduleItemSchema>;

export const advanceQuoteSchema = z.object({
  amount: moneySchema,
  instalments: z.number().int(),
  annual_rate: fractionSchema,
  apr: fractionSchema,
  quarterly_interest: moneySchema,
  total_interest: moneySchema,
  total_repayable: moneySchema,
  start_date: dateSchema,
  maturity_date: dateSchema,
  schedule: z.array(scheduleItemSchema),
  /** Rule messages by field (`amount`, `instalments`, `collateral`); empty when the request may be made. */
  messages: z.record(z.string(), ruleMessageSchema),
  /** True when nothing blocks a request with these figures. */
  valid: z.boolean(),
});
export type AdvanceQuote = z.infer<typeof advanceQuoteSchema>;

/** GET /api/v1/advances/secci/?amount=&instalments= */
export const secciQuerySchema = z.object({ amount: amountInputSchema, instalments: instalmentsInputSchema });

/** POST /api/v1/advances/ (Idempotency-Key) */
export const advanceRequestSchema = z.object({
  amount: amountInputSchema,
  instalments: instalmentsInputSchema,
  collateral: z.array(collateralKeySchema).min(1, 'validation:collateralRequired').max(100),
});
export type AdvanceRequest = z.infer<typeof advanceRequestSchema>;

export const INSTALMENT_STATES = ['scheduled', 'paid', 'overdue'] as const;
export type InstalmentState = (typeof INSTALMENT_STATES)[number];

export const advanceInstalmentSchema = scheduleItemSchema.extend({
  state: z.enum(INSTALMENT_STATES),
  paid_at: z.string().nullable(),
});
export type AdvanceInstalmentItem = z.infer<typeof advanceInstalmentSchema>;

/** A pledged line of an advance: what was pledged when, at the value of the request. */
export const advanceCollateralSchema = z.object({
  key: collateralKeySchema,
  kind: z.enum(COLLATERAL_KINDS),
  label: z.string(),
  units: unitsSchema,
  unit_price: navSchema,
  value: moneySchema,
  loan_to_value: fractionSchema,
  contribution: moneySchema,
  /** False once the advance ended and the units went back to the customer. */
  pledged: z.boolean(),
});
export type AdvanceCollateral = z.infer<typeof advanceCollateralSchema>;

export const TIMELINE_KINDS = [
  'requested',
  'pre_approved',
  'signature_sent',
  'signed',
  'approved',
  'disbursed',
  'rejected',
  'cancelled',
  'interest_paid',
  'instalment_overdue',
  'repayment',
  'repaid',
  'withdrawn',
  'margin_call',
  'margin_call_closed',
  'swapped',
  'margin_warning',
  'forbearance_offered',
  'forbearance_answered',
  'instalment_deferred',
  'margin_remedy',
  'margin_enforced',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/**
 * An event of an advance's timeline: its kind and the values of its sentence (amounts as decimal strings,
 * counts, the signed hash, a reason), so that the reader's screen words it in the reader's language and
 * voice (the customer's own, or an operator's third person).
 */
export const timelineEventSchema = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;
/** The timeline values that are amounts of money, written as money by the reader. */
export const TIMELINE_MONEY_PARAMS: readonly string[] = [
  'amount',
  'principal',
  'interest',
  'outstanding',
  'collateral_to_add',
  'cash',
  'sold',
  'limit',
];
/** The timeline values that are calendar dates (`YYYY-MM-DD`), written as dates by the reader. */
export const TIMELINE_DATE_PARAMS: readonly string[] = ['from', 'to', 'maturity'];

export const advanceDocumentSchema = z.object({
  kind: z.enum(['secci', 'contract']),
  name: z.string(),
  url: z.string(),
  /** SHA-256 of the signed contract, once signed. */
  hash: z.string().nullable(),
  signed_at: z.string().nullable(),
});

/** What the operator weighs: declared income and occupation, and yearly interest over the income. */
export const creditworthinessSchema = z.object({
  income_band: z.string().nullable(),
  occupation: z.string().nullable(),
  yearly_interest: moneySchema,
  /** Yearly interest ÷ the income band's lower bound; null when no income was declared or it is zero. */
  interest_to_income: fractionSchema.nullable(),
  maximum_ratio: fractionSchema,
  flagged: z.boolean(),
  /** The customer's request for a human review of this assessment, and its outcome. */
  review: creditReviewSchema.nullable().optional(),
});
export type Creditworthiness = z.infer<typeof creditworthinessSchema>;

/** A margin call: the loan is above the limit its collateral allows today. */
export const marginCallSchema = z.object({
  id: z.number().int(),
  advance_id: z.number().int(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  outstanding: moneySchema,
  limit: moneySchema,
  /** Amount to repay to be back within the limit. */
  shortfall: moneySchema,
  /** Or collateral value to add. */
  collateral_to_add: moneySchema,
});
export type MarginCall = z.infer<typeof marginCallSchema>;

export const pendingRepaymentSchema = z.object({ id: z.number().int(), amount: moneySchema, created_at: z.string() });

export const advanceSummarySchema = z.object({
  id: z.number().int(),
  status: advanceStatusSchema,
  status_name: z.string(),
  amount: moneySchema,
  outstanding: moneySchema,
  instalments_count: z.number().int(),
  annual_rate: fractionSchema,
  apr: fractionSchema,
  created_at: z.string(),
  disbursed_at: z.string().nullable(),
  maturity_date: dateSchema.nullable(),
});
export type AdvanceSummary = z.infer<typeof advanceSummarySchema>;

/** GET /api/v1/advances/{id}/ */
export const advanceDetailSchema = advanceSummarySchema.extend({
  paid_back: moneySchema,
  total_interest: moneySchema,
  instalments: z.array(advanceInstalmentSchema),
  collateral: z.array(advanceCollateralSchema),
  timeline: z.array(timelineEventSchema),
  documents: z.array(advanceDocumentSchema),
  signed_at: z.string().nullable(),
  /** Last day of the right of withdrawal (14 days from signing), once signed. */
  withdrawal_deadline: dateSchema.nullable(),
  can_withdraw: z.boolean(),
  pending_repayment: pendingRepaymentSchema.nullable(),
  margin_call: marginCallSchema.nullable(),
  /** What the caller may do now (the transition table's actions for their role). */
  allowed_actions: z.array(z.string()),
  /** Why an operator rejected it. */
  reason: z.string().nullable(),
  /** Operators only. */
  creditworthiness: creditworthinessSchema.nullable(),
  /** Customers: whether the assessment flagged the request and their review (optional for older fixtures). */
  credit_assessment: creditAssessmentSchema.nullable().optional(),
  /** Operators only: whose advance it is (optional, so that detail fixtures written before it still fit). */
  customer: z
    .object({ id: z.number().int(), email: z.string().nullable(), full_name: z.string().nullable() })
    .nullable()
    .optional(),
});
export type AdvanceDetail = z.infer<typeof advanceDetailSchema>;

/** POST /api/v1/advances/{id}/signature/: the contract's one-time code went out by SMS. */
export const advanceSignatureSchema = z.object({
  document_hash: z.string(),
  detail: z.string(),
  expires_at: z.string(),
  ...confirmationAskedFields,
});
export type AdvanceSignature = z.infer<typeof advanceSignatureSchema>;

/** POST /api/v1/advances/{id}/sign/ */
export const advanceSignRequestSchema = z.object(confirmationProofFields).refine(hasProof, proofRequired);

/** POST /api/v1/advances/{id}/repayment-quote/ and /repayments/ (Idempotency-Key). */
export const repaymentRequestSchema = z.object({ amount: amountInputSchema });
export type RepaymentRequest = z.infer<typeof repaymentRequestSchema>;

export const repaymentQuoteSchema = z.object({
  amount: moneySchema,
  outstanding_before: moneySchema,
  outstanding_after: moneySchema,
  /** Interest accrued in the running quarter settled with a full repayment. */
  accrued_interest: moneySchema,
  available_cash: moneySchema,
  full: z.boolean(),
  schedule: z.array(scheduleItemSchema),
  apr: fractionSchema,
  /** The compensation for repaying early (none at Lombard) and the directive's cap on it. */
  compensation: z.object({
    charged: moneySchema,
    cap: moneySchema,
    cap_rate: fractionSchema,
    percentage_cap: moneySchema,
    remaining_interest: moneySchema,
    over_a_year: z.boolean(),
    maturity_date: dateSchema,
  }),
  messages: z.record(z.string(), ruleMessageSchema),
  valid: z.boolean(),
});
export type RepaymentQuote = z.infer<typeof repaymentQuoteSchema>;

export const repaymentResultSchema = z.object({ detail: z.string(), advance: advanceDetailSchema });
export type RepaymentResult = z.infer<typeof repaymentResultSchema>;

/** GET /api/v1/advances/{id}/withdrawal-quote/: what withdrawing today takes from cash (nothing before payout). */
export const withdrawalQuoteSchema = z.object({
  principal: moneySchema,
  /** Interest accrued from the payout to today. */
  interest: moneySchema,
  total: moneySchema,
  available_cash: moneySchema,
  /** The last day of the right of withdrawal. */
  deadline: dateSchema,
});
export type WithdrawalQuote = z.infer<typeof withdrawalQuoteSchema>;

/** POST /api/v1/advances/{id}/withdrawal/ (Idempotency-Key): what was paid back to end the contract. */
export const withdrawalResultSchema = z.object({
  detail: z.string(),
  principal: moneySchema,
  interest: moneySchema,
  total: moneySchema,
  advance: advanceDetailSchema,
});
export type WithdrawalResult = z.infer<typeof withdrawalResultSchema>;

/**
 * POST /api/v1/advances/{id}/swap/: lines given back, lines offered instead, and the amount the new collateral
 * secures (the quote's `required`; a different one, after prices moved, is refused with the new amount).
 */
export const swapRequestSchema = z.object({
  give_back: z.array(collateralKeySchema).min(1).max(100),
  pledge: z.array(collateralKeySchema).min(1).max(100),
  amount: amountInputSchema,
  /** With the proof (SMS or authenticator code, or a recovery code): signs the swap; without, asks for it. */
  ...confirmationProofFields,
});
export type SwapRequest = z.infer<typeof swapRequestSchema>;

/** GET /api/v1/advances/{id}/swap-quote/?give_back=&pledge=: what the swap would pledge today. */
export const swapQuoteQuerySchema = z.object({
  give_back: z.preprocess(
    (value) => (typeof value === 'string' ? [value] : value),
    z.array(collateralKeySchema).min(1).max(100),
  ),
  pledge: z.preprocess(
    (value) => (typeof value === 'string' ? [value] : value),
    z.array(collateralKeySchema).min(1).max(100),
  ),
});

export const swapQuoteSchema = z.object({
  /** What the returned lines secure at today's prices. */
  returned: moneySchema,
  outstanding: moneySchema,
  /** What the new collateral must secure: the lower of the two; the swap request's `amount`. */
  required: moneySchema,
  /** What the offered lines would secure, pledged whole. */
  offered: moneySchema,
  /** What the pledged units secure. */
  pledged: moneySchema,
  /** False when the offered lines cannot secure `required`. */
  covered: z.boolean(),
  /** The units pledged from each offered line that is needed, in order. */
  pledges: z.array(
    z.object({
      key: collateralKeySchema,
      kind: z.enum(COLLATERAL_KINDS),
      label: z.string(),
      units: unitsSchema,
      free_units: unitsSchema,
      value: moneySchema,
      contribution: moneySchema,
      whole: z.boolean(),
    }),
  ),
});
export type SwapQuote = z.infer<typeof swapQuoteSchema>;

export const swapResultSchema = z.object({
  detail: z.string(),
  swappable_amount: moneySchema,
  advance: advanceDetailSchema.nullable(),
  /** When the swap's confirmation was just asked for: how to confirm it, and what (null once swapped). */
  factor: confirmationFactorSchema.nullable(),
  challenge: z.string().nullable(),
  passkey: confirmationAskedFields.passkey,
});
export type SwapResult = z.infer<typeof swapResultSchema>;

/** Back-office list of advances: the row, whose it is, and whether it is flagged for review. */
export const backofficeAdvanceSchema = advanceSummarySchema.extend({
  user: z.object({ id: z.number().int(), email: z.string().nullable(), full_name: z.string().nullable() }),
  flagged: z.boolean(),
});
export type BackofficeAdvance = z.infer<typeof backofficeAdvanceSchema>;

/** Back-office: an instalment of an advance (the overdue list). */
export const backofficeInstalmentSchema = advanceInstalmentSchema.extend({
  id: z.number().int(),
  advance_id: z.number().int(),
  user: z.object({ id: z.number().int(), email: z.string().nullable(), full_name: z.string().nullable() }),
});

export const backofficeMarginCallSchema = marginCallSchema.extend({
  user: z.object({ id: z.number().int(), email: z.string().nullable(), full_name: z.string().nullable() }),
  /** The last day to cure before the bank may sell (docs/decisions/038). */
  grace_until: z.string().nullable(),
  forbearance_offered_at: z.string().nullable(),
  forbearance_answer: z.string().nullable(),
  /** customer_remedy | enforced, null while open. */
  resolution: z.string().nullable(),
});

/** Back-office reject: the reason the customer reads. */
export const advanceRejectSchema = z.object({ reason: text().trim().min(3, 'validation:minLength').max(500) });
