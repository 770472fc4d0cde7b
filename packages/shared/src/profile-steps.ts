// The steps of a profile, the ones an operator reviews and the tabs of its page, apart from their schemas
// (schemas/profile.ts): the web app's route list names the tabs, and it must not bring zod and the phone
// and IBAN validators to every public page (docs/decisions/006).

/** The steps of a complete profile, in the order a person is asked to do them. */
export const PROFILE_STEPS = [
  'citizenship',
  'identity',
  'addresses',
  'phone-number',
  'kyc',
  'occupation',
  'bank-account',
  'mifid',
] as const;
export type ProfileStep = (typeof PROFILE_STEPS)[number];

/** The tabs of the profile page: every step, plus the referral code (not a step). */
export const PROFILE_TABS = [...PROFILE_STEPS, 'referral'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** Steps approved by the person's own action; every other step waits for an operator. */
export const SELF_APPROVED_STEPS: readonly ProfileStep[] = ['phone-number', 'mifid'];
export const REVIEWED_STEPS: readonly ProfileStep[] = PROFILE_STEPS.filter((s) => !SELF_APPROVED_STEPS.includes(s));
