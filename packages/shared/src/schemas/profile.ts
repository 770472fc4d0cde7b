// Contract of the profile's forms (issue 12): one schema per tab (the same schema checks the browser form
// and the server body, so a rule lives once), the answers, settings, referral and reference data. Messages
// are i18n keys of the product's form messages; a message with a limit carries it as min/max. The steps'
// progress and the values the tabs answer with are in profile-views.ts, which the customer home reads
// without loading these rules' phone, IBAN and tax-code validators (docs/decisions/006).

import dayjs from 'dayjs';
import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { taxCodeFormatProblem, taxCodeProblem } from '../codice-fiscale';
import {
  MAX_CITIZENSHIPS,
  MIN_BIRTH_YEAR,
  MIN_CUSTOMER_AGE_YEARS,
  ONE_TIME_CODE_LENGTH,
  US_PERSON_TEST_DAYS,
} from '../constants';
import { ITALY, UNITED_STATES } from '../data/countries';
import { ITALIAN_BANKS_BY_ABI } from '../data/italian-banks';
import { ITALIAN_PROVINCE_CODES } from '../data/italian-provinces';
import { VALIDATION_MESSAGES as V } from '../errors';
import { actConfirmationSchema } from './authenticator';
import { isoDateSchema } from './documents';
import {
  countryCodeSchema,
  EMPLOYED_OCCUPATIONS,
  INCOME_BAND_CODES,
  OCCUPATIONS,
  SECTORS,
  SEXES,
  SOURCES_OF_FUNDS,
} from './profile-views';
import { text } from './text';

// --- Shared field rules ------------------------------------------------------------------------------

const requiredText = (max: number) =>
  text({ error: V.required }).trim().min(1, { error: V.required }).max(max, { error: V.maxLength });

export const PERSON_NAME_MAX_LENGTH = 150;
export const PLACE_NAME_MAX_LENGTH = 100;
export const STREET_MAX_LENGTH = 200;
export const EMPLOYER_NAME_MAX_LENGTH = 150;
export const REJECTION_REASON_MAX_LENGTH = 1000;

// --- Citizenship and the US-person test --------------------------------------------------------------

/** PUT /api/v1/profile/citizenship/ */
export const citizenshipSchema = z
  .object({
    citizenships: z
      .array(countryCodeSchema, { error: V.required })
      .min(1, { error: V.required })
      .max(MAX_CITIZENSHIPS, { error: V.max }),
    tax_residence: countryCodeSchema,
    /** Holder of a US permanent resident card. */
    us_green_card: z.boolean({ error: V.required }),
    /** Days spent in the United States in the current year (the substantial presence test). */
    us_presence_days: z.number({ error: V.number }).int({ error: V.integer }).min(0, { error: V.min }).max(366, {
      error: V.usPresenceDays,
    }),
  })
  .refine((v) => new Set(v.citizenships).size === v.citizenships.length, {
    error: V.duplicateCitizenship,
    path: ['citizenships'],
    when: (payload) => Array.isArray((payload.value as { citizenships?: unknown } | null)?.citizenships),
  });
export type CitizenshipInput = z.input<typeof citizenshipSchema>;
export type Citizenship = z.output<typeof citizenshipSchema>;

export type UsPersonReason = 'citizenship' | 'green_card' | 'presence';

/** Why this person is a US person (US citizen, green card, ≥ 183 days in the US); empty when not. */
export function usPersonReasons(v: Pick<Citizenship, 'citizenships' | 'us_green_card' | 'us_presence_days'>) {
  const reasons: UsPersonReason[] = [];
  if (v.citizenships.includes(UNITED_STATES)) reasons.push('citizenship');
  if (v.us_green_card) reasons.push('green_card');
  if (v.us_presence_days >= US_PERSON_TEST_DAYS) reasons.push('presence');
  return reasons;
}

// --- Identity ----------------------------------------------------------------------------------------

/** Latest birth date of an adult, given today (`YYYY-MM-DD`). */
export const latestAdultBirthDate = (today = dayjs()) =>
  today.subtract(MIN_CUSTOMER_AGE_YEARS, 'year').format('YYYY-MM-DD');

export const birthDateSchema = isoDateSchema.superRefine((value, ctx) => {
  if (value < `${MIN_BIRTH_YEAR}-01-01`) ctx.addIssue({ code: 'custom', message: V.birthDateTooOld });
  // The age travels as `minimum`, which both translators pass to the message as {{min}}.
  else if (value > latestAdultBirthDate())
    ctx.addIssue({ code: 'custom', message: V.adultsOnly, minimum: MIN_CUSTOMER_AGE_YEARS } as never);
});

/** The tax code alone: shape and check character; upper-cased, spaces dropped. */
export const taxCodeSchema = text({ error: V.required })
  .overwrite((value) => value.replace(/\s/g, '').toUpperCase())
  .min(1, { error: V.required })
  .refine((value) => taxCodeFormatProblem(value) === null, { error: V.taxCode, abort: true });

/** PUT /api/v1/profile/identity/ */
export const identitySchema = z
  .object({
    first_name: requiredText(PERSON_NAME_MAX_LENGTH),
    last_name: requiredText(PERSON_NAME_MAX_LENGTH),
    birth_date: birthDateSchema,
    birth_place: requiredText(PLACE_NAME_MAX_LENGTH),
    sex: z.enum(SEXES, { error: V.required }),
    tax_code: taxCodeSchema,
    /** Politically exposed person, or a close relative or associate of one. */
    politically_exposed: z.boolean({ error: V.required }),
  })
  .superRefine((v, ctx) => {
    const problem = taxCodeProblem(v.tax_code, v);
    if (problem && problem !== 'format' && problem !== 'checksum') {
      ctx.addIssue({ code: 'custom', message: V.taxCodeMismatch, path: ['tax_code'], params: { part: problem } });
    }
  });
export type IdentityInput = z.input<typeof identitySchema>;
export type Identity = z.output<typeof identitySchema>;

// --- Addresses ---------------------------------------------------------------------------------------

const ITALIAN_POST_CODE = /^\d{5}$/;
const FOREIGN_POST_CODE = /^[A-Z0-9][A-Z0-9 -]{1,10}$/i;

export const addressSchema = z
  .object({
    country: countryCodeSchema,
    /** An Italian province's code (sigla) for Italy; a free province, state or district elsewhere. */
    province: text().trim().max(PLACE_NAME_MAX_LENGTH, { error: V.maxLength }).default(''),
    city: requiredText(PLACE_NAME_MAX_LENGTH),
    post_code: text({ error: V.required }).trim().min(1, { error: V.required }),
    street: requiredText(STREET_MAX_LENGTH),
  })
  .superRefine((v, ctx) => {
    if (v.country === ITALY) {
      if (!v.province) ctx.addIssue({ code: 'custom', message: V.required, path: ['province'] });
      else if (!ITALIAN_PROVINCE_CODES.has(v.province.toUpperCase()))
        ctx.addIssue({ code: 'custom', message: V.province, path: ['province'] });
    }
    const pattern = v.country === ITALY ? ITALIAN_POST_CODE : FOREIGN_POST_CODE;
    if (v.post_code && !pattern.test(v.post_code))
      ctx.addIssue({ code: 'custom', message: V.postCode, path: ['post_code'] });
  });
export type AddressInput = z.input<typeof addressSchema>;
export type Address = z.output<typeof addressSchema>;

/** PUT /api/v1/profile/addresses/: the domicile only when it differs from the residence. */
export const addressesSchema = z
  .object({
    residence: addressSchema,
    domicile_differs: z.boolean().default(false),
    domicile: addressSchema.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.domicile_differs && !v.domicile) ctx.addIssue({ code: 'custom', message: V.required, path: ['domicile'] });
  })
  .transform((v) => ({ ...v, domicile: v.domicile_differs ? v.domicile : null }));
export type AddressesInput = z.input<typeof addressesSchema>;
export type Addresses = z.output<typeof addressesSchema>;

// --- Phone -------------------------------------------------------------------------------------------

/** Italian numbers may be typed without +39; everything is stored in E.164 (`+393331234567`). */
export const PHONE_DEFAULT_COUNTRY = 'IT';

export const phoneSchema = text({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .refine((value) => isValidPhoneNumber(value, PHONE_DEFAULT_COUNTRY), { error: V.phone, abort: true })
  .transform((value) => parsePhoneNumberFromString(value, PHONE_DEFAULT_COUNTRY)?.number ?? value);

/**
 * POST /api/v1/profile/phone-number/ → phoneCodeSentSchema. Replacing a verified number is confirmed first
 * with the customer's strongest factor, bound to the new number: without `confirmation` it answers 202.
 */
export const phoneNumberSchema = z.object({ phone: phoneSchema, confirmation: actConfirmationSchema.optional() });
export type PhoneNumberInput = z.input<typeof phoneNumberSchema>;

export const phoneCodeSentSchema = z.object({
  detail: z.string(),
  /** When the code stops working (ISO date-time). */
  expires_at: z.string(),
});
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;

export const oneTimeCodeSchema = text({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .regex(new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`), { error: V.oneTimeCode });

/** POST /api/v1/profile/phone-number/verify/ → profileTabSavedSchema (detail "Phone verified"). */
export const phoneVerifySchema = z.object({ code: oneTimeCodeSchema });
export type PhoneVerifyInput = z.input<typeof phoneVerifySchema>;

// --- Occupation --------------------------------------------------------------------------------------

/** PUT /api/v1/profile/occupation/: an employee names a partner company (by id) or types the employer. */
export const occupationSchema = z
  .object({
    occupation: z.enum(OCCUPATIONS, { error: V.required }),
    sector: z.enum(SECTORS, { error: V.required }),
    employer_partner_id: z.number().int().positive().nullable().default(null),
    employer_name: text().trim().max(EMPLOYER_NAME_MAX_LENGTH, { error: V.maxLength }).default(''),
    income_band: z.enum(INCOME_BAND_CODES, { error: V.required }),
    source_of_funds: z.enum(SOURCES_OF_FUNDS, { error: V.required }),
  })
  .superRefine((v, ctx) => {
    if (EMPLOYED_OCCUPATIONS.includes(v.occupation) && v.employer_partner_id === null && !v.employer_name)
      ctx.addIssue({ code: 'custom', message: V.employerRequired, path: ['employer_name'] });
  })
  .transform((v) => (v.employer_partner_id !== null ? { ...v, employer_name: '' } : v));
export type OccupationInput = z.input<typeof occupationSchema>;
export type OccupationData = z.output<typeof occupationSchema>;

// --- Bank account ------------------------------------------------------------------------------------

/** The IBAN without spaces, upper-cased; valid by ibantools (country format and check digits). */
export const ibanSchema = text({ error: V.required })
  .overwrite((value) => electronicFormatIBAN(value) ?? value.replace(/\s/g, '').toUpperCase())
  .min(1, { error: V.required })
  .refine((value) => isValidIBAN(value), { error: V.iban });

/** The bank of an Italian IBAN, from its ABI code, or null when not known. */
export function bankNameFromIban(iban: string): string | null {
  const value = electronicFormatIBAN(iban) ?? '';
  if (!value.startsWith(ITALY)) return null;
  return ITALIAN_BANKS_BY_ABI[value.slice(5, 10)] ?? null;
}

const comparableName = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .sort()
    .join(' ');

/** The holder's name is the account's (first and last name in either order; case and accents ignored). */
export function holderNameMatches(holder: string, account: { first_name: string; last_name: string }): boolean {
  return comparableName(holder) === comparableName(`${account.first_name} ${account.last_name}`);
}

/** PUT /api/v1/profile/bank-account/ (the holder must match: checked by the server against the account). */
export const bankAccountSchema = z.object({
  iban: ibanSchema,
  holder_name: requiredText(PERSON_NAME_MAX_LENGTH),
});
export type BankAccountInput = z.input<typeof bankAccountSchema>;

/**
 * PUT /api/v1/profile/bank-account/: replacing an approved IBAN (where withdrawals are paid) is confirmed
 * with the customer's strongest factor, bound to the new IBAN: without `confirmation` it answers 202.
 */
export const bankAccountChangeSchema = bankAccountSchema.extend({ confirmation: actConfirmationSchema.optional() });
export type BankAccountChange = z.output<typeof bankAccountChangeSchema>;

/** The same rule with the account's name known (the form has it from /me). */
export const bankAccountFormSchema = (account: { first_name: string; last_name: string }) =>
  bankAccountSchema.refine((v) => holderNameMatches(v.holder_name, account), {
    error: V.holderMismatch,
    path: ['holder_name'],
    when: (payload) => typeof (payload.value as { holder_name?: unknown } | null)?.holder_name === 'string',
  });
