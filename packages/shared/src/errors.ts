// Typed error codes shared by server and client. The server maps each code to an HTTP status in one
// place (apps/api/src/lib/errors.ts); the message text lives in the `errors` namespace of each language.

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  /** The address cannot be decoded (a broken percent escape), or one of its parts is longer than any route takes. */
  BAD_URL: 400,
  URL_TOO_LONG: 414,
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
  /** The file store (the S3 bucket of S3_URL) cannot be reached: the request saved nothing, to be tried again. */
  FILE_STORE_UNAVAILABLE: 503,
  /** A stored file's row exists but the store holds no bytes under its key (docs/decisions/023). */
  STORED_FILE_MISSING: 404,
  /** Accounts and sessions (issue 3). */
  INVALID_CREDENTIALS: 401,
  /** Too many wrong passwords for this address from this source: wait (Retry-After) or reset. */
  SIGN_IN_THROTTLED: 429,
  /** The shared counters of the limits (Redis) cannot be reached: a call that must be counted is refused for now. */
  LIMITS_UNAVAILABLE: 429,
  /** Right password, account blocked by an operator (only said after the right password). */
  ACCOUNT_DISABLED: 403,
  /** Right password, address never confirmed (only said after the right password). */
  ACCOUNT_NOT_ACTIVATED: 403,
  SESSION_EXPIRED: 401,
  EMAIL_VERIFICATION_FAILED: 400,
  RESET_LINK_INVALID: 400,
  /** Profile (issue 12): a US person cannot open an account; nothing of the citizenship step is submitted. */
  US_PERSON_NOT_ELIGIBLE: 422,
  /** An operator tried to approve a step whose data is missing or incomplete. */
  PROFILE_STEP_INCOMPLETE: 422,
  /** The step is not waiting for review (already approved, or never submitted). */
  PROFILE_STEP_NOT_SUBMITTED: 409,
  /** One-time codes: wrong code (attempts remain), no valid code (expired or never sent), limits reached. */
  ONE_TIME_CODE_INVALID: 400,
  ONE_TIME_CODE_EXPIRED: 400,
  ONE_TIME_CODE_ATTEMPTS_EXCEEDED: 429,
  /** Every send of the hour for this purpose and document is spent; Retry-After says when the next may be. */
  ONE_TIME_CODE_SENDS_EXCEEDED: 429,
  /** The phone must be saved before a code is asked for or checked. */
  PHONE_NUMBER_MISSING: 409,
  /** Authenticator app: already enrolled (disable it first), or none enrolled / none waiting for its first code. */
  AUTHENTICATOR_ALREADY_ENROLLED: 409,
  AUTHENTICATOR_NOT_ENROLLED: 409,
  /** A wrong authenticator or recovery code (attempts remain, as `count`). */
  AUTHENTICATOR_CODE_INVALID: 400,
  /** That authenticator code (its 30-second step) was already used: wait for the next one. */
  AUTHENTICATOR_CODE_USED: 400,
  /** Too many wrong codes in a row: the factor rests (Retry-After). */
  AUTHENTICATOR_LOCKED: 429,
  /**
   * Dynamic linking: the code was presented for a confirmation other than the one it was asked for (another
   * act, other amount or payee), or with a factor other than the customer's strongest one.
   */
  CONFIRMATION_MISMATCH: 400,
  /** The act's confirmation was asked for too long ago: ask again. */
  CONFIRMATION_EXPIRED: 400,
  /**
   * Passkeys (WebAuthn): the answer of the passkey could not be verified (unknown passkey, another site,
   * a signature that does not check, no user verification, a counter that went back).
   */
  PASSKEY_REFUSED: 400,
  /** The ceremony was not asked for, took too long, or its challenge was already spent: start it again. */
  PASSKEY_CHALLENGE_EXPIRED: 400,
  /** This passkey's answer already confirmed something: each assertion confirms one act, once. */
  PASSKEY_ASSERTION_USED: 409,
  /** The passkey is already registered, or the customer keeps as many as allowed. */
  PASSKEY_ALREADY_REGISTERED: 409,
  PASSKEY_LIMIT_REACHED: 409,
  /** Not every MiFID question has an answer. */
  MIFID_INCOMPLETE: 400,
  /** Money (issue 13). Every money-moving POST needs an Idempotency-Key; reusing one for another request is refused. */
  IDEMPOTENCY_KEY_MISSING: 400,
  IDEMPOTENCY_KEY_INVALID: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  /** The ledger refused to take a customer's account below zero (a concurrent request spent it first). */
  INSUFFICIENT_FUNDS: 409,
  /** "Unable to invest." with the reason. */
  INVEST_NOT_ON_SALE: 422,
  INVEST_BELOW_MINIMUM: 422,
  INVEST_ABOVE_MAXIMUM: 422,
  INVEST_ABOVE_CASH: 422,
  /** The MiFID score does not cover the product's risk: the order must be signed with a one-time code. */
  INVEST_SIGNATURE_REQUIRED: 422,
  /** "There was an error while signing, please try again." */
  SIGNATURE_FAILED: 400,
  /** The signed document was already used for the order, contract or swap it signs: a new one is needed. */
  SIGNATURE_USED: 409,
  /** "Unable to disinvest." with the reason. */
  DISINVEST_HOLDING_PERIOD: 422,
  DISINVEST_PENDING: 409,
  DISINVEST_UNITS_UNAVAILABLE: 422,
  WITHDRAWAL_ABOVE_AVAILABLE: 422,
  /** Withdrawals go only to an approved bank account of the customer's own. */
  WITHDRAWAL_NO_BANK_ACCOUNT: 409,
  /** Back-office: the customer's bank account is not approved (changed and waiting for review): no payout. */
  WITHDRAWAL_PAYOUT_ACCOUNT_UNAPPROVED: 409,
  /** The customer asked for a copy of their data less than a day ago: one a day (Retry-After). */
  DATA_EXPORT_TOO_SOON: 429,
  /** The copy of the customer's data was already downloaded, or it expired: ask for a new one. */
  DATA_EXPORT_GONE: 410,
  /** Back-office: the account still holds funds, cash, an advance or a pending order: it cannot be closed yet. */
  ACCOUNT_CLOSURE_BLOCKED: 409,
  /** Back-office: this closure request was already completed. */
  ACCOUNT_CLOSURE_DONE: 409,
  /** The account was closed: no transfer, order or plan lands in it any more (the money goes back to the payer). */
  ACCOUNT_CLOSED: 409,
  /** Back-office: no customer or waiting order has this reference code. */
  TRANSFER_REFERENCE_UNKNOWN: 422,
  /** The order or withdrawal is not in a state that allows this action (already settled, rejected…). */
  TRANSACTION_NOT_PENDING: 409,
  /** No NAV is recorded for the product on the day needed. */
  NAV_MISSING: 409,
  /** Advances (issue 14). "You already have an advance request in progress." */
  ADVANCE_IN_PROGRESS: 409,
  ADVANCE_MARGIN_CALL_OPEN: 409,
  /** The advance's status does not allow this action (the shared transition table says no). */
  ADVANCE_TRANSITION_NOT_ALLOWED: 409,
  /** "Minimum advance amount is {minimumInvestment}" */
  ADVANCE_AMOUNT_BELOW_MINIMUM: 422,
  /** "You have exceeded the maximum applicable advance amount." (the picked collateral's contribution) */
  ADVANCE_AMOUNT_ABOVE_COLLATERAL: 422,
  /** "You have exceeded the maximum advance offered by the bank of {maximumInvestment}." */
  ADVANCE_AMOUNT_ABOVE_BANK_MAXIMUM: 422,
  /**
   * The collateral pledged to an advance no longer secures its amount at today's prices: it cannot be
   * pre-approved, approved or paid out until it does.
   */
  ADVANCE_COLLATERAL_SHORTFALL: 409,
  /**
   * The bank's maximum advance is not in the global configuration: no advance can be priced until an
   * operator sets it (a state of the data, not a fault of the server, hence not a 5xx).
   */
  ADVANCE_BANK_MAXIMUM_MISSING: 409,
  /** A picked collateral line is not the customer's, not verified, or has no free units. */
  COLLATERAL_UNAVAILABLE: 422,
  /** A picked line is already pledged to an advance. */
  COLLATERAL_ALREADY_PLEDGED: 409,
  /** "Request for an advanced repay already in progress" */
  ADVANCE_REPAYMENT_IN_PROGRESS: 409,
  ADVANCE_REPAYMENT_ABOVE_OUTSTANDING: 422,
  ADVANCE_REPAYMENT_ABOVE_CASH: 422,
  /** The 14 days of the right of withdrawal are over. */
  ADVANCE_WITHDRAWAL_PERIOD_OVER: 409,
  /** The amount the new collateral must secure has changed with today's prices (docs/decisions/019). */
  ADVANCE_SWAP_AMOUNT_MISMATCH: 422,
  /** The collateral offered in a swap, pledged whole, secures less than the returned collateral did. */
  ADVANCE_SWAP_COLLATERAL_SHORT: 422,
  /**
   * The quote's APR is above the usury threshold in force for advances (operator settings): nothing can
   * be offered at it.
   */
  ADVANCE_APR_ABOVE_USURY_THRESHOLD: 422,
  /** A human review of the creditworthiness assessment: only of a flagged request not yet decided. */
  CREDIT_REVIEW_NOT_AVAILABLE: 409,
  /** The customer already asked for a review of this request. */
  CREDIT_REVIEW_ALREADY_REQUESTED: 409,
  /** The operator records an outcome only for a review that was asked for and not yet decided. */
  CREDIT_REVIEW_NOT_PENDING: 409,
  /** Margin calls (docs/decisions/038): the advance has no open margin call. */
  MARGIN_CALL_NOT_OPEN: 409,
  /** The call was already settled: by the customer's remedy or by the bank's sale. */
  MARGIN_CALL_RESOLVED: 409,
  /** The shortfall the customer confirmed is not today's (prices moved): she looks again. */
  REMEDY_CHANGED: 409,
  /** Her ranked remedy does not cover the shortfall (not enough cash or lines). */
  REMEDY_NOT_ENOUGH: 422,
  /** A line in the ranking is not hers, or not of the kind the list holds. */
  REMEDY_LINE_UNKNOWN: 422,
  /** The bank cannot sell before it has offered forbearance. */
  FORBEARANCE_NOT_OFFERED: 409,
  /** Forbearance was already offered for this call. */
  FORBEARANCE_ALREADY_OFFERED: 409,
  /** She already answered the forbearance offer. */
  FORBEARANCE_ALREADY_ANSWERED: 409,
  NO_INSTALMENT_TO_DEFER: 409,
  /** The grace period to cure the call has not ended yet. */
  GRACE_PERIOD_RUNNING: 409,
  /** The stock plan is not waiting for verification (already verified or rejected). */
  STOCK_PLAN_NOT_PENDING: 409,
  /** The employer picked is not an active partner company. */
  STOCK_PLAN_PARTNER_UNKNOWN: 422,
  /** A verified plan with units pledged to an advance cannot be rejected. */
  STOCK_PLAN_PLEDGED: 409,
  /** A price is recorded for a verified plan only (one waiting or refused has no price on record). */
  STOCK_PLAN_NOT_VERIFIED: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Validation message keys, used by the shared zod schemas on both sides. */
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
  /** Profile rules shared by the forms and the API (issue 12). */
  date: 'validation:date',
  adultsOnly: 'validation:adultsOnly',
  birthDateTooOld: 'validation:birthDateTooOld',
  taxCode: 'validation:taxCode',
  taxCodeMismatch: 'validation:taxCodeMismatch',
  country: 'validation:country',
  province: 'validation:province',
  postCode: 'validation:postCode',
  phone: 'validation:phone',
  duplicateCitizenship: 'validation:duplicateCitizenship',
  usPresenceDays: 'validation:usPresenceDays',
  oneTimeCode: 'validation:oneTimeCode',
  recoveryCode: 'validation:recoveryCode',
  employerRequired: 'validation:employerRequired',
  collateralRequired: 'validation:collateralRequired',
  /** Control characters or broken Unicode in a text field (see schemas/text.ts). */
  forbiddenCharacters: 'validation:forbiddenCharacters',
} as const;
