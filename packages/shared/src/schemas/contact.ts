import { z } from 'zod';
import { VALIDATION_MESSAGES as V } from '../errors';
import { emailSchema } from './auth';
import { text } from './text';

export const CONTACT_TOPICS = ['advance', 'investments', 'account', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_LIMITS = {
  name: { min: 2, max: 100 },
  subject: { min: 0, max: 150 },
  message: { min: 10, max: 5000 },
} as const;

/** Trimmed text with one message per field: "required" when empty, else the rule it breaks. */
function boundedText({ min, max }: { min: number; max: number }, multiline = false) {
  return text({ error: V.required, multiline })
    .trim()
    .superRefine((value, ctx) => {
      if (value.length === 0 && min > 0) ctx.addIssue({ code: 'custom', message: V.required });
      else if (value.length < min)
        ctx.addIssue({
          code: 'too_small',
          origin: 'string',
          minimum: min,
          inclusive: true,
          input: value,
          message: V.minLength,
        });
      else if (value.length > max)
        ctx.addIssue({
          code: 'too_big',
          origin: 'string',
          maximum: max,
          inclusive: true,
          input: value,
          message: V.maxLength,
        });
    });
}

/** POST /api/v1/public/contact/: the contact form. Texts are trimmed. */
export const contactMessageSchema = z.object({
  name: boundedText(CONTACT_LIMITS.name),
  email: emailSchema,
  topic: z.enum(CONTACT_TOPICS, { error: V.required }),
  subject: boundedText(CONTACT_LIMITS.subject).default(''),
  message: boundedText(CONTACT_LIMITS.message, true),
  /** The visitor read the privacy notice; the form cannot be sent without it. */
  privacy_accepted: z.literal(true, { error: 'contact:privacyRequired' }),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
