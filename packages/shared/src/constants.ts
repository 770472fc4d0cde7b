// Business constants. Named after what they mean; never repeat them as bare numbers.

export const DEFAULT_CURRENCY = 'EUR';

/** Advances. */
export const MINIMUM_ADVANCE_AMOUNT = '5000.00';
export const MAX_ADVANCE_MATURITY_YEARS = 10;
export const MAX_INSTALMENTS = 40;
export const MIN_INSTALMENTS = 1;
export const INSTALMENTS_PER_YEAR = 4;
export const CALCULATOR_MAX_AMOUNT = '1000000.00';
export const DEPOSIT_GUARANTEE_EUR = '100000.00';
export const ADVANCE_PAYOUT_HOURS = 48;
export const DISINVESTMENT_WORKING_DAYS = 1;
export const BANK_TRANSFER_BUSINESS_DAYS = { min: 1, max: 2 } as const;
/** Calendar days after signing (the signing day is day 0, the last one counts) to withdraw from an advance. */
export const WITHDRAWAL_PERIOD_DAYS = 14;
/**
 * Loan-to-value of a verified stock plan: one company's shares, often locked up, so lower than any fund's
 * (the lowest fund lends 50 %).
 */
export const STOCK_PLAN_LOAN_TO_VALUE = '0.3000';
/**
 * Creditworthiness flag: an advance whose yearly interest exceeds this share of the declared yearly income
 * is flagged for the operator before pre-approval.
 */
export const MAX_CREDIT_INCOME_RATIO = '0.30';

/** Help centre. */
export const SUPPORT_REPLY_HOURS_WEEKDAY = 24;
export const SUPPORT_REPLY_HOURS_WEEKEND = 72;
export const SUPPORT_LIST_PER_PAGE = 50;

/** Profile and documents. */
export const US_PERSON_TEST_DAYS = 183;
export const ADDRESS_PROOF_MAX_AGE_MONTHS = 3;
export const ID_AS_ADDRESS_PROOF_MAX_AGE_MONTHS = 12;
export const ACCEPTED_UPLOAD_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const;
/** Largest file a person may upload (10 MB), checked in the browser and again by the server. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * Largest JSON body a route takes unless it says otherwise (64 KB): every form of ours is a few KB, and
 * a body is parsed whole in memory before any check, so a larger one is only a way to cost the server.
 */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;
/** A bulk selection (an export of hand-picked rows) may list many ids: up to about 100,000 of them. */
export const BULK_SELECTION_BODY_LIMIT_BYTES = 1024 * 1024;
/** The content types of the accepted uploads; the server checks the file's first bytes, not the label. */
export const ACCEPTED_UPLOAD_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** Youngest age, in whole years, at which a person may hold an account. */
export const MIN_CUSTOMER_AGE_YEARS = 18;
/** Oldest birth year accepted (a typing error guard, not a business rule). */
export const MIN_BIRTH_YEAR = 1900;
/** How many citizenships one person may declare. */
export const MAX_CITIZENSHIPS = 5;

/** One-time codes (phone verification, and later order and contract signatures). */
export const ONE_TIME_CODE_LENGTH = 6;
export const ONE_TIME_CODE_VALIDITY_MINUTES = 10;
/** Wrong codes accepted for one issued code; the next attempt is refused until a new code is sent. */
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5;
/** Codes sent per user, purpose and document within one hour. */
export const ONE_TIME_CODE_MAX_SENDS_PER_HOUR = 3;
/**
 * A second "send me the code" within this many seconds of a live code of the same terms sends nothing and
 * answers with that code (a double-click, two tabs); after it, a new code replaces the old one.
 */
export const ONE_TIME_CODE_RESEND_SECONDS = 30;

/** Authenticator app (TOTP, RFC 6238): 30-second steps, 6 digits, one step either side for clock drift. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DRIFT_STEPS = 1;
/** Wrong authenticator or recovery codes in a row before the factor rests for TOTP_LOCK_MINUTES. */
export const TOTP_MAX_ATTEMPTS = 5;
export const TOTP_LOCK_MINUTES = 15;
/** Recovery codes issued at enrolment, each usable once in place of an authenticator code. */
export const RECOVERY_CODE_COUNT = 10;
/** A confirmation asked for with the authenticator (an order, a contract, a swap) lives this long. */
export const CONFIRMATION_VALIDITY_MINUTES = 10;
/** Passkeys (WebAuthn): how many a customer may keep, and how long a sign-in or enrolment ceremony may take. */
export const PASSKEY_MAX_PER_USER = 10;
export const PASSKEY_CEREMONY_MINUTES = 5;

export const INCOME_BANDS = [
  { code: 'band_1', min: '0', max: '25000' },
  { code: 'band_2', min: '25001', max: '50000' },
  { code: 'band_3', min: '50001', max: '100000' },
  { code: 'band_4', min: '100001', max: '250000' },
  { code: 'band_5', min: '250001', max: null },
] as const;

/** Session and cookies. */
export const COOKIE_CONSENT_DAYS = 182;
export const MAX_CONSECUTIVE_401 = 10;
export const REMEMBER_ME_COOKIE_DAYS = 1;

/** Formatting. */
export const TEXT_TRUNCATE_LENGTH = 40;
export const PERCENT_DECIMALS = 2;
export const NUMBER_DECIMALS = 3;

/** Lists. */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 10;
export const PER_PAGE_OPTIONS = [5, 10, 25, 50] as const;
export const MAX_PER_PAGE = 100;

/** Toasts, in milliseconds. */
export const TOAST_DURATION_MS = { success: 3000, error: 8000, info: 3000, default: 5000 } as const;

/** Layout and loading. */
export const MOBILE_DRAWER_BREAKPOINT_PX = 700;
export const SCROLL_TO_TOP_MS = 250;
export const FOOTER_LINKS_PER_COLUMN = 3;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Error reporting. */
export const DEFAULT_TRACES_SAMPLE_RATE = 0.1;
export const DEFAULT_REPLAY_SESSION_SAMPLE_RATE = 0.1;
export const DEFAULT_REPLAY_ON_ERROR_SAMPLE_RATE = 1.0;

/** MiFID appropriateness scores. */
export const MIFID_SCORE = {
  notPassed: -1,
  inexperienced: 0,
  average: 1,
  experienced: 2,
  veryExperienced: 3,
} as const;

/** Coupon and payment frequency codes. */
export const FREQUENCY_CODES = ['M', 'B', 'Q', 'H', 'Y', 'A'] as const;
export type FrequencyCode = (typeof FREQUENCY_CODES)[number];

/** Item status for enable/disable. */
export const ITEM_STATUS = { disabled: 0, enabled: 1 } as const;

/**
 * The highest SRI risk indicator (1–7) each MiFID score covers; a product above it can still be bought,
 * but only by signing the order with a one-time code. No questionnaire (null) or a failed one covers none.
 */
export const MIFID_MAX_RISK_BY_SCORE: Record<'-1' | '0' | '1' | '2' | '3', number> = {
  '-1': 0,
  '0': 2,
  '1': 4,
  '2': 6,
  '3': 7,
};

/** The risk indicator a MiFID score covers (0 when none: unanswered or failed questionnaire). */
export function mifidMaxRisk(score: number | null | undefined): number {
  if (score === null || score === undefined) return 0;
  return MIFID_MAX_RISK_BY_SCORE[String(score) as keyof typeof MIFID_MAX_RISK_BY_SCORE] ?? 0;
}

/** A withdrawal is paid out this many business days after it is requested. */
export const WITHDRAWAL_BUSINESS_DAYS = 1;
/** Transactions shown on the customer's home. */
export const HOME_RECENT_TRANSACTIONS = 5;

/**
 * What Lombard charges as compensation for an early repayment of an advance, as a fraction of the amount
 * repaid: nothing (docs/decisions/037). The directive's cap still applies to any other figure and is shown.
 */
export const EARLY_REPAYMENT_COMPENSATION_RATE = '0';
/** The directive's caps on that compensation: more than a year left to run, and a year or less. */
export const EARLY_REPAYMENT_CAP_OVER_A_YEAR = '0.01';
export const EARLY_REPAYMENT_CAP_WITHIN_A_YEAR = '0.005';

/**
 * The representative example of the public pages (advertising, Directive (EU) 2023/2225): an amount and a
 * term typical of the advances actually requested, priced with the rate bands in force.
 */
export const REPRESENTATIVE_EXAMPLE = { amount: '50000.00', instalments: 8 } as const;

/**
 * Staged alerts (docs/decisions/038): the warning goes out when the loan reaches this share of its limit
 * (owed ≥ 0.90 × limit), unless the operator settings say otherwise.
 */
export const DEFAULT_MARGIN_WARNING_RATIO = '0.90';
/** Business days from a margin call's opening to cure it before the bank may sell (stated in the contract). */
export const MARGIN_CALL_GRACE_BUSINESS_DAYS = 5;
/** Business days the "more time" forbearance adds to the grace period. */
export const FORBEARANCE_EXTENSION_BUSINESS_DAYS = 10;
