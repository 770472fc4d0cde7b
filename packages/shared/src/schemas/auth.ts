// Contract of the account and session calls (issue 3). The same schemas validate the client
// forms and the server bodies; messages are i18n keys, translated on each side.
//
// One-time links (all built on PUBLIC_URL, uid = base64url of the user id, token = single-use random value):
// - account activation after registration: /user-account-activation/{uid}/{token}/
// - confirmation of a new e-mail address:  /user-account-activation/{uid}/{token}/ as well — the client
//   opens the same screen, which calls GET /api/account/activate-user/{uid}/{token}/; the server knows
//   from the token whether it activates an account or confirms an address change.
// - password reset: /reset-password-confirm/{uid}/{token}/ → POST /api/rest-auth/password/reset/confirm/
import { z } from 'zod';
import { VALIDATION_MESSAGES as V } from '../errors';
import { LANGUAGES } from '../locale';
import { PROFILES } from '../permissions';
import { actConfirmationSchema } from './authenticator';
import { text } from './text';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 150;
export const REFERRAL_CODE_MAX_LENGTH = 32;

/** Trims and lower-cases the domain; the local part keeps its case (uniqueness is case-insensitive). */
export function normaliseEmail(value: string): string {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return trimmed;
  return `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}

// An empty value matches too: it is reported once, as "required", by the min(1) check.
const EMAIL_PATTERN = /^$|^(?!\.)(?!.*\.\.)([\w'+\-.]*)[\w+-]@([a-z0-9][a-z0-9-]*\.)+[a-z]{2,}$/i;

const requiredText = (max: number) =>
  text({ error: V.required }).trim().min(1, { error: V.required }).max(max, { error: V.maxLength });

export const emailSchema = text({ error: V.required })
  .overwrite(normaliseEmail)
  .min(1, { error: V.required })
  .max(EMAIL_MAX_LENGTH, { error: V.maxLength })
  .regex(EMAIL_PATTERN, { error: V.email });

/** A new password: length only here; its strength is judged by password-strength.ts on both sides. */
export const newPasswordSchema = text({ error: V.required }).superRefine((value, ctx) => {
  // One message per field: an empty value is "required", not also "too short".
  if (value.length === 0) ctx.addIssue({ code: 'custom', message: V.required });
  else if (value.length < PASSWORD_MIN_LENGTH)
    ctx.addIssue({
      code: 'too_small',
      origin: 'string',
      minimum: PASSWORD_MIN_LENGTH,
      inclusive: true,
      input: value,
      message: V.minLength,
    });
  else if (value.length > PASSWORD_MAX_LENGTH)
    ctx.addIssue({
      code: 'too_big',
      origin: 'string',
      maximum: PASSWORD_MAX_LENGTH,
      inclusive: true,
      input: value,
      message: V.maxLength,
    });
});

/** A password typed to prove identity: any non-empty value (old accounts may predate the rules). */
export const currentPasswordSchema = text({ error: V.required })
  .min(1, { error: V.required })
  .max(PASSWORD_MAX_LENGTH, { error: V.maxLength });

export const languageSchema = z.enum(LANGUAGES, { error: V.invalid });
export const profileSchema = z.enum(PROFILES);

const mustAccept = z.literal(true, { error: V.required });

/**
 * Runs a cross-field check even when other fields are invalid (zod skips object refinements after any
 * issue by default), so a form shows "Passwords don't match" together with the other messages.
 */
const whenStrings =
  (...fields: string[]) =>
  (payload: { value: unknown }) =>
    fields.every((f) => typeof (payload.value as Record<string, unknown> | null)?.[f] === 'string');

// --- Registration and activation -------------------------------------------------------------------

/** POST /api/account/registration/ → detailSchema ("a confirmation link was emailed"). */
export const registrationSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    password_confirm: text({ error: V.required }).min(1, { error: V.required }),
    first_name: requiredText(NAME_MAX_LENGTH),
    last_name: requiredText(NAME_MAX_LENGTH),
    language: languageSchema,
    /** Referral code of an existing customer; an empty value means none. */
    referral_code: text().trim().max(REFERRAL_CODE_MAX_LENGTH, { error: V.maxLength }).optional(),
    /** Partner landing page the visitor came from (/l/{partner}). */
    partner: text()
      .trim()
      .max(64, { error: V.maxLength })
      .regex(/^[a-z0-9-]*$/, { error: V.invalid })
      .optional(),
    accept_terms: mustAccept,
    accept_privacy: mustAccept,
  })
  .refine((v) => v.password === v.password_confirm, {
    error: V.passwordMismatch,
    path: ['password_confirm'],
    when: whenStrings('password', 'password_confirm'),
  });
export type RegistrationInput = z.input<typeof registrationSchema>;
export type RegistrationRequest = z.output<typeof registrationSchema>;

/**
 * POST /api/account/activation/resend/ → detailSchema: a new activation link for an account that never
 * activated (login page); the same answer for any address.
 */
export const activationResendSchema = z.object({ email: emailSchema });
export type ActivationResendInput = z.input<typeof activationResendSchema>;

/**
 * GET /api/account/activate-user/{uid}/{token}/: the link worked, or it had already activated the account
 * (a reload, a second click in the e-mail): either way the person can sign in.
 */
export const activationResultSchema = z.object({ detail: z.string(), already_active: z.boolean() });
export type ActivationResult = z.infer<typeof activationResultSchema>;

/** Path parameters of a one-time link. */
export const oneTimeLinkParamsSchema = z.object({
  uid: text().min(1).max(64),
  token: text().min(1).max(256),
});

// --- Tokens ------------------------------------------------------------------------------------------

/** POST /api/account/token/auth/ */
export const loginSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
  rememberMe: z.boolean().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

/** Answer of token/auth and token/refresh to an API client. */
export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;
/** The same calls for the web app (COOKIE_SESSION_HEADER): the refresh token went into its cookie. */
export const accessTokenSchema = z.object({ access: z.string() });
export type AccessToken = z.infer<typeof accessTokenSchema>;
export const tokenAnswerSchema = z.union([tokenPairSchema, accessTokenSchema]);

/**
 * POST /api/account/token/refresh/ → tokenAnswerSchema; POST /api/account/token/logout/ → detailSchema.
 * `refresh` from an API client; the web app sends none and its cookie is used.
 */
export const refreshRequestSchema = z.object({
  refresh: text({ error: V.required }).min(1, { error: V.required }).max(512).optional(),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;
export const logoutRequestSchema = refreshRequestSchema;

// --- Current user ------------------------------------------------------------------------------------

/** GET /api/account/me/ */
export const meSchema = z.object({
  email: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** The customer record id (the user id). */
  contact: z.number().int(),
  /** Active profile: the first of `attributes`. */
  profile: profileSchema.nullable(),
  attributes: z.array(profileSchema),
  referral_code: z.string(),
  username: z.string(),
  language: languageSchema,
  contact_avatar_base64: z.string().nullable(),
  is_superuser: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;

/** PATCH /api/account/user/change-language/ — request and answer. */
export const changeLanguageSchema = z.object({ language: languageSchema });
export type ChangeLanguage = z.infer<typeof changeLanguageSchema>;

/**
 * PATCH /api/account/email/change/ → detailSchema (same "confirmation link" message; then log out). A
 * customer with a factor confirms the change first with the strongest, bound to the new address: without
 * `confirmation` it answers 202 with the pending confirmation.
 */
export const emailChangeSchema = z
  .object({
    password: currentPasswordSchema,
    new_email: emailSchema,
    new_email_confirm: text({ error: V.required }).overwrite(normaliseEmail).min(1, { error: V.required }),
    confirmation: actConfirmationSchema.optional(),
  })
  .refine((v) => v.new_email.toLowerCase() === v.new_email_confirm.toLowerCase(), {
    error: V.emailMismatch,
    path: ['new_email_confirm'],
    when: whenStrings('new_email', 'new_email_confirm'),
  });
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

// --- Passwords ---------------------------------------------------------------------------------------

const passwordsMatch = (v: { new_password1: string; new_password2: string }) => v.new_password1 === v.new_password2;
const mismatch = {
  error: V.passwordMismatch,
  path: ['new_password2'],
  when: whenStrings('new_password1', 'new_password2'),
};

/** POST /api/rest-auth/password/change/ → detailSchema. */
export const passwordChangeSchema = z
  .object({
    old_password: currentPasswordSchema,
    new_password1: newPasswordSchema,
    new_password2: text({ error: V.required }).min(1, { error: V.required }),
  })
  .refine(passwordsMatch, mismatch);
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** POST /api/rest-auth/password/reset/ → detailSchema (same answer for unknown addresses). */
export const passwordResetSchema = z.object({ email: emailSchema });
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** POST /api/rest-auth/password/reset/confirm/ → detailSchema. uid and token come from the link. */
export const passwordResetConfirmSchema = z
  .object({
    uid: text({ error: V.required }).min(1, { error: V.required }).max(64),
    token: text({ error: V.required }).min(1, { error: V.required }).max(256),
    new_password1: newPasswordSchema,
    new_password2: text({ error: V.required }).min(1, { error: V.required }),
  })
  .refine(passwordsMatch, mismatch);
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmSchema>;

// --- Menu --------------------------------------------------------------------------------------------

/** One entry of GET /api/v1/role/{profile}/menu/?no_page=no_page (a plain array, ordered by position). */
export const menuItemSchema = z.object({
  key: z.string(),
  /** Translated into the request's language. */
  label: z.string(),
  /** Absolute client path, e.g. /customer/product/. */
  path: z.string(),
  /** Tabler icon name without the prefix, e.g. "chart-pie". */
  icon: z.string(),
  position: z.number().int(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;
export const menuSchema = z.array(menuItemSchema);
export const menuParamsSchema = z.object({ profile: profileSchema });
