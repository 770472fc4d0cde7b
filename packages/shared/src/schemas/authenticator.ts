// Contract of the authenticator app (TOTP) and of the confirmation of money-moving acts: enrolment,
// status, disabling, and the proof a confirming request carries. A confirmation is bound to the act it was
// asked for (dynamic linking): the server answers the act's `challenge` with the request for it, the
// confirming screen shows it beside the amount and payee, and the confirming request must bring it back.
import { z } from 'zod';
import { ONE_TIME_CODE_LENGTH } from '../constants';
import { VALIDATION_MESSAGES as V } from '../errors';
import { text } from './text';
import { passkeyAssertionSchema } from './webauthn';

/**
 * The strongest factor a customer has: a passkey (its assertion signs the act's challenge), else the code
 * of the authenticator app, else one sent by SMS.
 */
export const CONFIRMATION_FACTORS = ['sms', 'authenticator', 'passkey'] as const;
export const confirmationFactorSchema = z.enum(CONFIRMATION_FACTORS);
export type ConfirmationFactor = z.infer<typeof confirmationFactorSchema>;

const sixDigits = new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`);

/** A six-digit code: from the SMS, or from the authenticator app when that is the factor. */
export const confirmationCodeSchema = text().trim().regex(sixDigits, { error: V.oneTimeCode });

/** Ten letters and digits, as shown (`ABCDE-FGHJK`); dashes, spaces and case do not matter. */
export const recoveryCodeSchema = text()
  .trim()
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[0-9A-Z]{10}$/, { error: V.recoveryCode }));

/** The act's short fingerprint shown on the confirming screen. */
export const challengeSchema = text()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(/^[0-9A-F]{8}$/, { error: V.required }));

/**
 * The proof of a confirming request: the code (SMS or authenticator), or a recovery code instead of the
 * authenticator's; with the authenticator, the challenge of the act being confirmed.
 */
export const confirmationProofFields = {
  code: confirmationCodeSchema.optional(),
  recovery_code: recoveryCodeSchema.optional(),
  challenge: challengeSchema.optional(),
  /** With a passkey: its assertion over the act's WebAuthn challenge (`passkey.challenge` of the request). */
  assertion: passkeyAssertionSchema.optional(),
};
export type ConfirmationProof = {
  code?: string;
  recovery_code?: string;
  challenge?: string;
  assertion?: z.infer<typeof passkeyAssertionSchema>;
};

/** A confirming request must carry a code, a recovery code or a passkey's assertion (the error lands on the code field). */
export const hasProof = (value: ConfirmationProof) => Boolean(value.code || value.recovery_code || value.assertion);
export const proofRequired = { path: ['code'], error: V.oneTimeCode };

/** What a request to confirm an act answers besides its own fields: how to confirm, and what. */
export const confirmationAskedFields = {
  factor: confirmationFactorSchema,
  /** The act's fingerprint (amount, payee or document hash): shown on screen, sent back with the code. */
  challenge: z.string(),
  /**
   * With a passkey: PublicKeyCredentialRequestOptionsJSON whose challenge is derived from this act, for
   * `startAuthentication`; `fallback` names the next factor the customer may use instead (or null).
   */
  passkey: z
    .object({ options: z.record(z.string(), z.unknown()), fallback: z.enum(['authenticator']).nullable() })
    .nullable()
    .optional(),
};
export type PasskeyAsked = NonNullable<z.infer<typeof confirmationAskedFields.passkey>>;

/**
 * An act done only once it is confirmed (a withdrawal, a change of IBAN, e-mail or phone): asked without a
 * confirmation, the request answers 202 with this, nothing done; sent again with `confirmation`, it is done.
 */
export const pendingConfirmationSchema = z.object({
  signature_id: z.number().int(),
  /** What is confirmed, as the confirming screen shows it: an amount and a masked IBAN, or the new value. */
  confirming: z.object({ amount: z.string().nullable(), iban: z.string().nullable(), value: z.string().nullable() }),
  /** The sentence for the customer: the act and how to confirm it (the SMS just sent, the app, the passkey). */
  detail: z.string(),
  expires_at: z.string(),
  ...confirmationAskedFields,
});
export type PendingConfirmation = z.infer<typeof pendingConfirmationSchema>;

/** What an act's request carries to be done: the signature asked for it and, unless confirmed before, the proof. */
export const actConfirmationSchema = z.object({
  signature_id: z.number().int().positive(),
  ...confirmationProofFields,
});
export type ActConfirmation = z.infer<typeof actConfirmationSchema>;

/** GET: the factor the customer's acts are confirmed with, before one is asked for. */
export const SIGNATURE_FACTOR_PATH = '/api/v1/signatures/factor/';
export const signatureFactorSchema = z.object({ factor: confirmationFactorSchema });
export type SignatureFactor = z.infer<typeof signatureFactorSchema>;

/** POST /api/v1/signatures/{id}/confirm/: the proof alone, for an act the customer then does. */
export const signatureConfirmSchema = z.object(confirmationProofFields).refine(hasProof, proofRequired);

/** GET /api/v1/profile/authenticator/ */
export const authenticatorStatusSchema = z.object({
  enrolled: z.boolean(),
  enrolled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type AuthenticatorStatus = z.infer<typeof authenticatorStatusSchema>;

/** POST /api/v1/profile/authenticator/: a new secret, waiting for its first code. */
export const authenticatorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth URI as a QR code, an SVG data URL made by the server. */
  qr_code: z.string(),
});
export type AuthenticatorEnrolment = z.infer<typeof authenticatorEnrolmentSchema>;

/** POST /api/v1/profile/authenticator/confirm/ with the app's first code. */
export const authenticatorConfirmSchema = z.object({ code: confirmationCodeSchema });
export type AuthenticatorConfirmInput = z.input<typeof authenticatorConfirmSchema>;

/** The recovery codes, shown this once. */
export const authenticatorEnrolledSchema = z.object({
  detail: z.string(),
  recovery_codes: z.array(z.string()),
});
export type AuthenticatorEnrolled = z.infer<typeof authenticatorEnrolledSchema>;

/** POST /api/v1/profile/authenticator/disable/ with a current code or a recovery code. */
export const authenticatorDisableSchema = z
  .object({ code: confirmationCodeSchema.optional(), recovery_code: recoveryCodeSchema.optional() })
  .refine(hasProof, proofRequired);
export type AuthenticatorDisableInput = z.input<typeof authenticatorDisableSchema>;
