// The profile API's paths, apart from its schemas (schemas/profile-views.ts): the customer home reads the
// profile, and a page that only reads an answer must not bring zod with it (docs/decisions/016).

export const PROFILE_PATH = '/api/v1/profile/';
export const PHONE_NUMBER_PATH = '/api/v1/profile/phone-number/';
export const PHONE_VERIFY_PATH = '/api/v1/profile/phone-number/verify/';
export const REFERRAL_PATH = '/api/v1/profile/referral/';
export const PROFILE_SETTINGS_PATH = '/api/v1/profile/settings/';
export const COUNTRIES_PATH = '/api/v1/profile/countries/';
export const PROVINCES_PATH = '/api/v1/profile/provinces/';
export const EMPLOYERS_PATH = '/api/v1/profile/employers/';
export const AUTHENTICATOR_PATH = '/api/v1/profile/authenticator/';
export const AUTHENTICATOR_CONFIRM_PATH = '/api/v1/profile/authenticator/confirm/';
export const AUTHENTICATOR_DISABLE_PATH = '/api/v1/profile/authenticator/disable/';
export const PASSKEYS_PATH = '/api/v1/profile/passkeys/';
export const PASSKEY_OPTIONS_PATH = '/api/v1/profile/passkeys/options/';
export const passkeyRemovePath = (id: number) => `/api/v1/profile/passkeys/${id}/remove/`;
/** Sign-in with a passkey: the ceremony's options, then the assertion (issues the same session as a password). */
export const PASSKEY_SIGN_IN_OPTIONS_PATH = '/api/account/token/passkey/options/';
export const PASSKEY_SIGN_IN_PATH = '/api/account/token/passkey/';
