// A human review of the creditworthiness assessment (Directive (EU) 2023/2225): when the assessment flags
// an advance request, the customer may ask a person to look at it again and to explain it; an operator
// records the outcome with an explanation the customer reads.
import { z } from 'zod';
import { text } from './text';

export const CREDIT_REVIEW_OUTCOMES = ['upheld', 'revised'] as const;
export type CreditReviewOutcome = (typeof CREDIT_REVIEW_OUTCOMES)[number];

/** A review as the customer and the operator see it. */
export const creditReviewSchema = z.object({
  id: z.number().int(),
  status: z.enum(['requested', 'decided']),
  message: z.string().nullable(),
  requested_at: z.string(),
  outcome: z.enum(CREDIT_REVIEW_OUTCOMES).nullable(),
  explanation: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type CreditReview = z.infer<typeof creditReviewSchema>;

/** What the customer is told of the assessment of their request. */
export const creditAssessmentSchema = z.object({
  /** The assessment flagged the request (the yearly interest is high for the declared income, or none was declared). */
  flagged: z.boolean(),
  /** Whether a review may be asked for now (flagged, none asked yet, the request not yet decided). */
  can_request_review: z.boolean(),
  review: creditReviewSchema.nullable(),
});
export type CreditAssessment = z.infer<typeof creditAssessmentSchema>;

/** POST /api/v1/advances/{id}/credit-review/ */
export const creditReviewRequestSchema = z.object({
  message: text({ multiline: true })
    .trim()
    .max(1000, { error: 'validation:maxLength' })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type CreditReviewRequest = z.input<typeof creditReviewRequestSchema>;

/** POST /api/v1/backoffice/advances/{id}/credit-review/ */
export const creditReviewDecisionSchema = z.object({
  outcome: z.enum(CREDIT_REVIEW_OUTCOMES, { error: 'validation:required' }),
  explanation: text({ multiline: true })
    .trim()
    .min(20, { error: 'validation:minLength' })
    .max(2000, { error: 'validation:maxLength' }),
});
export type CreditReviewDecision = z.infer<typeof creditReviewDecisionSchema>;
