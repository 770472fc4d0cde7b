// Contract of passkeys (WebAuthn): the customer's list, enrolment (a step-up with the password and the
// strongest code factor, then the browser's registration), removal, and the answers a browser gives to
// `navigator.credentials.create/get` as @simplewebauthn/browser hands them over (base64url fields).
// The same assertion shape signs the customer in and confirms an act (docs/decisions/039).
import { z } from 'zod';
import { VALIDATION_MESSAGES as V } from '../errors';
import { currentPasswordSchema } from './auth';
import { confirmationCodeSchema, recoveryCodeSchema } from './authenticator';
import { text } from './text';
import { passkeyAssertionSchema, passkeyRegistrationSchema } from './webauthn';

/** A name the customer gives a passkey, to tell them apart ("iPhone di Giulia"). */
export const passkeyNameSchema = text().trim().min(1, { error: V.required }).max(60);

/** GET /api/v1/profile/passkeys/ */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ results: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/**
 * POST /api/v1/profile/passkeys/options/: the password, and — when the server asks for it — the code of the
 * customer's strongest factor (the authenticator app, a recovery code, or the SMS just sent).
 */
export const passkeyStepUpSchema = z.object({
  password: currentPasswordSchema,
  code: confirmationCodeSchema.optional(),
  recovery_code: recoveryCodeSchema.optional(),
});
export type PasskeyStepUpInput = z.input<typeof passkeyStepUpSchema>;

/** Either a code is still needed (and which factor gives it), or the browser's registration may start. */
export const passkeyStepUpAnswerSchema = z.object({
  detail: z.string(),
  code_factor: z.enum(['sms', 'authenticator']).nullable(),
  /** PublicKeyCredentialCreationOptionsJSON for `startRegistration`, once the step-up is done. */
  options: z.record(z.string(), z.unknown()).nullable(),
});
export type PasskeyStepUpAnswer = z.infer<typeof passkeyStepUpAnswerSchema>;

/** POST /api/v1/profile/passkeys/ */
export const passkeyEnrolSchema = z.object({ name: passkeyNameSchema, response: passkeyRegistrationSchema });
export type PasskeyEnrolInput = z.input<typeof passkeyEnrolSchema>;

/** POST /api/v1/profile/passkeys/{id}/remove/: the password, as for adding one. */
export const passkeyRemoveSchema = z.object({ password: currentPasswordSchema });
export type PasskeyRemoveInput = z.input<typeof passkeyRemoveSchema>;

/** POST /api/account/token/passkey/options/: PublicKeyCredentialRequestOptionsJSON for `startAuthentication`. */
export const passkeyOptionsAnswerSchema = z.object({ options: z.record(z.string(), z.unknown()) });
export type PasskeyOptionsAnswer = z.infer<typeof passkeyOptionsAnswerSchema>;

/** POST /api/account/token/passkey/ */
export const passkeySignInSchema = z.object({
  response: passkeyAssertionSchema,
  rememberMe: z.boolean().default(false),
});
export type PasskeySignInInput = z.input<typeof passkeySignInSchema>;
