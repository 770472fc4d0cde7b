import { z } from 'zod';
import { LANGUAGES } from '../locale';
import { emailSchema } from './auth';
import { text } from './text';

/** POST /api/v1/public/newsletter/subscriptions/: starts the double opt-in. */
export const newsletterSubscribeSchema = z.object({
  email: emailSchema,
  /** Language of the newsletter; defaults to the request's language. */
  language: z.enum(LANGUAGES).optional(),
});
export type NewsletterSubscribeInput = z.input<typeof newsletterSubscribeSchema>;

/** POST /api/v1/public/newsletter/confirm/: the token from the confirmation e-mail. */
export const newsletterConfirmSchema = z.object({ token: text().trim().min(20).max(200) });
