// The account calls of the sign-in screens.
import { localeOf } from '@lombard/shared/locale';
import { PASSKEY_SIGN_IN_OPTIONS_PATH, PASSKEY_SIGN_IN_PATH } from '@lombard/shared/profile-paths';
import {
  type AccessToken,
  type ActivationResendInput,
  type ActivationResult,
  activationResendSchema,
  type LoginInput,
  loginSchema,
  oneTimeLinkParamsSchema,
  type PasswordResetConfirmInput,
  type PasswordResetInput,
  passwordResetConfirmSchema,
  passwordResetSchema,
  type RegistrationInput,
  registrationSchema,
} from '@lombard/shared/schemas/auth';
import type { DetailResponse } from '@lombard/shared/schemas/common';
import type { PasskeyOptionsAnswer } from '@lombard/shared/schemas/passkeys';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http/client';
import { COOKIE_SESSION, TOKEN_AUTH_URL } from '../../lib/http/interceptors';
import { changeLocale, currentLanguage } from '../../lib/i18n/i18n';
import { clearLocalSession } from '../../lib/session/end-session';
import { meQuery } from '../../lib/session/session-queries';
import { clearTokens, saveTokens } from '../../lib/session/token-store';
import { passkeyAssertion } from '../../lib/webauthn/ceremony';

/** Field errors of these calls are shown under the fields by the forms, not as a toast. */
const FORM_ERRORS = { silent: [400] } as const;

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: LoginInput) => {
      // Whatever a previous user left in the cache must not show for this one.
      clearLocalSession();
      // Refusals are shown on the page itself, where the person can act on them (see sign-in-problem.tsx).
      // The refresh token comes back as an httpOnly cookie; only the access token is in the answer.
      const { data } = await http.post<AccessToken>(TOKEN_AUTH_URL, loginSchema.parse(values), {
        headers: COOKIE_SESSION,
        silent: [400, 401, 403, 429],
        skipAuth: true,
      });
      saveTokens(data, values.rememberMe ?? false);
      const me = await queryClient.fetchQuery(meQuery);
      // The interface follows the language saved on the account.
      if (me.language !== currentLanguage()) await changeLocale(localeOf(me.language));
      return me;
    },
    // After a failed login the token is cleared.
    onError: () => clearTokens(),
  });
}

/**
 * Sign-in with a passkey: the server's challenge, the device's dialog (the browser offers this site's
 * passkeys), then the same session as a password sign-in. A closed dialog rejects with NotAllowedError.
 */
export function useLoginWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rememberMe: boolean) => {
      const ask = { headers: COOKIE_SESSION, silent: [400, 401, 403, 429], skipAuth: true } as const;
      const { data: challenge } = await http.post<PasskeyOptionsAnswer>(PASSKEY_SIGN_IN_OPTIONS_PATH, {}, ask);
      const response = await passkeyAssertion(challenge.options);
      clearLocalSession();
      const { data } = await http.post<AccessToken>(PASSKEY_SIGN_IN_PATH, { response, rememberMe }, ask);
      saveTokens(data, rememberMe);
      const me = await queryClient.fetchQuery(meQuery);
      if (me.language !== currentLanguage()) await changeLocale(localeOf(me.language));
      return me;
    },
  });
}

/** "Send the link again" on the login page; the answer is the same for any address. */
export function useResendActivation() {
  return useMutation({
    mutationFn: async (values: ActivationResendInput) => {
      const { data } = await http.post<DetailResponse>(
        '/api/account/activation/resend/',
        activationResendSchema.parse(values),
        {
          skipAuth: true,
        },
      );
      return data;
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: async (values: RegistrationInput) => {
      const { data } = await http.post<DetailResponse>('/api/account/registration/', registrationSchema.parse(values), {
        ...FORM_ERRORS,
        skipAuth: true,
      });
      return data;
    },
  });
}

export function usePasswordReset() {
  return useMutation({
    mutationFn: async (values: PasswordResetInput) => {
      const { data } = await http.post<DetailResponse>(
        '/api/rest-auth/password/reset/',
        passwordResetSchema.parse(values),
        {
          ...FORM_ERRORS,
          skipAuth: true,
        },
      );
      return data;
    },
  });
}

export function usePasswordResetConfirm() {
  return useMutation({
    mutationFn: async (values: PasswordResetConfirmInput) => {
      const { data } = await http.post<DetailResponse>(
        '/api/rest-auth/password/reset/confirm/',
        passwordResetConfirmSchema.parse(values),
        { ...FORM_ERRORS, skipAuth: true },
      );
      return data;
    },
  });
}

/**
 * Opening an activation (or e-mail confirmation) link. A query rather than an effect: the link is
 * single-use, and a query runs once however often the screen mounts.
 */
export function activationQuery(uid: string, token: string) {
  return queryOptions({
    queryKey: ['account-activation', uid, token],
    queryFn: async () => {
      const params = oneTimeLinkParamsSchema.parse({ uid, token });
      const { data } = await http.get<ActivationResult>(
        `/api/account/activate-user/${encodeURIComponent(params.uid)}/${encodeURIComponent(params.token)}/`,
        { silent: [400, 404], skipAuth: true },
      );
      return data;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}
