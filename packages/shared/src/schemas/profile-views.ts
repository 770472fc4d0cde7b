// What the profile API answers: the steps' progress, the whole profile (every tab's saved data, null where
// empty), a saved tab, the settings, the referral and the reference lists (its paths are in
// profile-paths.ts). Free of the forms' validators (profile.ts), so that reading the profile does not load them.
import { z } from 'zod';
import { INCOME_BANDS } from '../constants';
import { COUNTRY_CODES } from '../data/countries';
import { VALIDATION_MESSAGES as V } from '../errors';
import { LANGUAGES } from '../locale';
import { PROFILE_STEPS } from '../profile-steps';
import { mifidResultSchema } from './mifid';

// --- Steps, progress and the values the tabs answer with (the forms' rules are in profile.ts) ---------

export const profileStepSchema = z.enum(PROFILE_STEPS);

export const STEP_STATUSES = ['todo', 'submitted', 'approved', 'rejected'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const stepProgressSchema = z.object({
  step: profileStepSchema,
  status: z.enum(STEP_STATUSES),
  /** The operator's reason, when rejected. */
  reason: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type StepProgress = z.infer<typeof stepProgressSchema>;

export const profileProgressSchema = z.object({
  steps: z.array(stepProgressSchema),
  /** The first step still to do or rejected; null when every step is submitted or approved. */
  next_step: profileStepSchema.nullable(),
  /** Every step approved. */
  approved: z.boolean(),
});
export type ProfileProgress = z.infer<typeof profileProgressSchema>;

export const countryCodeSchema = z.enum(COUNTRY_CODES, { error: V.country });

export const SEXES = ['M', 'F'] as const;
export type Sex = (typeof SEXES)[number];

/**
 * The phone number and whether it is verified; `changing_to`: a new number whose change was confirmed and
 * whose code was sent, the verified one staying in use until that code is typed.
 */
export const phoneStateSchema = z.object({
  phone: z.string(),
  verified: z.boolean(),
  changing_to: z.string().optional(),
});
export type PhoneState = z.infer<typeof phoneStateSchema>;

export const OCCUPATIONS = [
  'employee',
  'manager',
  'executive',
  'self_employed',
  'professional',
  'entrepreneur',
  'retired',
  'student',
  'homemaker',
  'unemployed',
] as const;
export type Occupation = (typeof OCCUPATIONS)[number];
/** Occupations with an employer to name (a partner company or another). */
export const EMPLOYED_OCCUPATIONS: readonly Occupation[] = ['employee', 'manager', 'executive'];

export const SECTORS = [
  'banking_finance',
  'insurance',
  'information_technology',
  'manufacturing',
  'construction_real_estate',
  'retail_commerce',
  'healthcare',
  'education_research',
  'public_administration',
  'legal_consulting',
  'energy_utilities',
  'transport_logistics',
  'hospitality_tourism',
  'agriculture',
  'arts_media',
  'other',
] as const;
export type Sector = (typeof SECTORS)[number];

export const SOURCES_OF_FUNDS = [
  'salary',
  'business_income',
  'professional_fees',
  'pension',
  'savings',
  'investments',
  'inheritance_gift',
  'property_sale',
  'other',
] as const;
export type SourceOfFunds = (typeof SOURCES_OF_FUNDS)[number];

export const INCOME_BAND_CODES = INCOME_BANDS.map((b) => b.code) as [
  (typeof INCOME_BANDS)[number]['code'],
  ...(typeof INCOME_BANDS)[number]['code'][],
];
export type IncomeBand = (typeof INCOME_BAND_CODES)[number];

/** The saved occupation, with the partner's name when the employer is a partner. */
export const occupationStateSchema = z.object({
  occupation: z.enum(OCCUPATIONS),
  sector: z.enum(SECTORS),
  employer_partner_id: z.number().int().nullable(),
  employer_partner_name: z.string().nullable(),
  employer_name: z.string(),
  income_band: z.enum(INCOME_BAND_CODES),
  source_of_funds: z.enum(SOURCES_OF_FUNDS),
});
export type OccupationState = z.infer<typeof occupationStateSchema>;

export const bankAccountStateSchema = z.object({
  iban: z.string(),
  holder_name: z.string(),
  /** Derived from the IBAN; null when the bank is not known. */
  bank_name: z.string().nullable(),
});
export type BankAccountState = z.infer<typeof bankAccountStateSchema>;

export const citizenshipStateSchema = z.object({
  citizenships: z.array(countryCodeSchema),
  tax_residence: countryCodeSchema,
  us_green_card: z.boolean(),
  us_presence_days: z.number().int(),
});

export const identityStateSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  birth_date: z.string(),
  birth_place: z.string(),
  sex: z.enum(SEXES),
  tax_code: z.string(),
  politically_exposed: z.boolean(),
});

const addressStateSchema = z.object({
  country: countryCodeSchema,
  province: z.string(),
  city: z.string(),
  post_code: z.string(),
  street: z.string(),
});
export const addressesStateSchema = z.object({
  residence: addressStateSchema,
  domicile_differs: z.boolean(),
  domicile: addressStateSchema.nullable(),
});

/** GET /api/v1/profile/ */
export const profileViewSchema = z.object({
  citizenship: citizenshipStateSchema.nullable(),
  identity: identityStateSchema.nullable(),
  addresses: addressesStateSchema.nullable(),
  phone: phoneStateSchema.nullable(),
  occupation: occupationStateSchema.nullable(),
  bank_account: bankAccountStateSchema.nullable(),
  mifid: mifidResultSchema.nullable(),
  progress: profileProgressSchema,
});
export type ProfileView = z.infer<typeof profileViewSchema>;

/** Answer of every PUT of a tab (and of the phone verification): the saved tab and the new progress. */
export function profileTabSavedSchema<T extends z.ZodType>(data: T) {
  return z.object({ detail: z.string(), data, progress: profileProgressSchema });
}
export type ProfileTabSaved<T> = { detail: string; data: T; progress: z.infer<typeof profileProgressSchema> };

// --- Settings ----------------------------------------------------------------------------------------

export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];

export const notificationPreferencesSchema = z.object({
  email_product_news: z.boolean(),
  email_account_activity: z.boolean(),
  sms_security: z.boolean(),
});

/** GET and PUT /api/v1/profile/settings/ (a new language is also the account's language). */
export const profileSettingsSchema = z.object({
  language: z.enum(LANGUAGES),
  theme: z.enum(THEMES),
  notifications: notificationPreferencesSchema,
});
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: z.infer<typeof notificationPreferencesSchema> = {
  email_product_news: false,
  email_account_activity: true,
  sms_security: true,
};

// --- Referral and reference data ---------------------------------------------------------------------

/** GET /api/v1/profile/referral/ */
export const referralSchema = z.object({
  code: z.string(),
  /** Registration link carrying the code (`…/auth/register-account/?ref=CODE`). */
  link: z.string(),
  joined_count: z.number().int(),
});
export type Referral = z.infer<typeof referralSchema>;

/** The query parameter of the registration page that carries a referral code. */
export const REFERRAL_QUERY_PARAM = 'ref';

/** GET /api/v1/profile/countries/ and /provinces/: names in the request's language, sorted. */
export const namedCodeListSchema = z.array(z.object({ code: z.string(), name: z.string() }));
export type NamedCodeList = z.infer<typeof namedCodeListSchema>;

/** GET /api/v1/profile/employers/: the partner companies an employee can name as employer, by name. */
/** The active partner companies; `slug` names the partner's landing page, which links to the stock-plan form. */
export const employerOptionsSchema = z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string() }));
export type EmployerOptions = z.infer<typeof employerOptionsSchema>;
