// Contract of the operators' KYC review: the queue of people waiting, one person's data and documents,
// and the approve or reject decision on one step.
import { z } from 'zod';
import { VALIDATION_MESSAGES as V } from '../errors';
import { PROFILES } from '../permissions';
import { listResponseSchema } from './common';
import { documentItemSchema } from './documents';
import { REJECTION_REASON_MAX_LENGTH } from './profile';
import { profileProgressSchema, profileStepSchema, profileViewSchema } from './profile-views';
import { text } from './text';

/** GET /api/v1/backoffice/kyc-reviews/: oldest submission first; filter by step, search name or e-mail. */
export const kycReviewQuerySchema = z.object({
  page: z.coerce.number().int().min(1).optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
  step: profileStepSchema.optional(),
  search: text().trim().max(150).optional(),
});
export type KycReviewQuery = z.input<typeof kycReviewQuerySchema>;

export const kycReviewItemSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  full_name: z.string(),
  attributes: z.array(z.enum(PROFILES)),
  submitted_steps: z.array(profileStepSchema),
  /** When the oldest submitted step was submitted. */
  submitted_at: z.string(),
});
export type KycReviewItem = z.infer<typeof kycReviewItemSchema>;
export const kycReviewListSchema = listResponseSchema(kycReviewItemSchema);

/** GET /api/v1/backoffice/kyc-reviews/{userId}/ */
export const kycReviewDetailSchema = z.object({
  user: z.object({
    id: z.number().int(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    attributes: z.array(z.enum(PROFILES)),
    language: z.string(),
    created_at: z.string(),
  }),
  profile: profileViewSchema,
  documents: z.array(documentItemSchema),
  /** Other accounts whose saved bank account has the same IBAN: not refused, shown to the operator. */
  iban_shared_with: z.array(z.object({ id: z.number().int(), email: z.string() })),
});
export type KycReviewDetail = z.infer<typeof kycReviewDetailSchema>;

/** POST …/steps/{step}/reject/ (the reason is shown to the person). Approve takes no body. */
export const kycRejectSchema = z.object({
  reason: text({ multiline: true, error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(REJECTION_REASON_MAX_LENGTH, { error: V.maxLength }),
});
export type KycRejectInput = z.input<typeof kycRejectSchema>;

/** Answer of approve and reject: the person's progress after the decision. */
export const kycDecisionSchema = z.object({
  detail: z.string(),
  progress: profileProgressSchema,
  /** The person's profiles after the decision (`lead` added when the last step was approved). */
  attributes: z.array(z.enum(PROFILES)),
});
export type KycDecision = z.infer<typeof kycDecisionSchema>;
