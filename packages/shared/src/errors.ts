// Typed error codes shared by server and client. The server maps each code to an HTTP status in one
// place (apps/api/src/lib/errors.ts); the message text lives in the `errors` namespace of each language.

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  /** Accounts and sessions (issue 3). */
  INVALID_CREDENTIALS: 401,
  /** Too many wrong passwords for this address from this source: wait (Retry-After) or reset. */
  SIGN_IN_THROTTLED: 429,
  /** Right password, account blocked by an operator (only said after the right password). */
  ACCOUNT_DISABLED: 403,
  /** Right password, address never confirmed (only said after the right password). */
  ACCOUNT_NOT_ACTIVATED: 403,
  SESSION_EXPIRED: 401,
  EMAIL_VERIFICATION_FAILED: 400,
  RESET_LINK_INVALID: 400,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Validation message keys of spec §5, used by the shared zod schemas on both sides. */
export const VALIDATION_MESSAGES = {
  required: 'validation:required',
  email: 'validation:email',
  emailMismatch: 'validation:emailMismatch',
  passwordMismatch: 'validation:passwordMismatch',
  minLength: 'validation:minLength',
  maxLength: 'validation:maxLength',
  iban: 'validation:iban',
  ssn: 'validation:ssn',
  holderMismatch: 'validation:holderMismatch',
  invalid: 'validation:invalid',
  number: 'validation:number',
  positive: 'validation:positive',
  max: 'validation:max',
  min: 'validation:min',
  integer: 'validation:integer',
  unknownField: 'validation:unknownField',
  /** Control characters or broken Unicode in a text field (see schemas/text.ts). */
  forbiddenCharacters: 'validation:forbiddenCharacters',
} as const;
