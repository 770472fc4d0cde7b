// The account calls of the customer area: e-mail and password changes, and the settings
// (language, theme, notification preferences) saved on the server.

import { PROFILE_SETTINGS_PATH } from '@lombard/shared/profile-paths';
import {
  type EmailChangeInput,
  emailChangeSchema,
  type PasswordChangeInput,
  passwordChangeSchema,
} from '@lombard/shared/schemas/auth';
import type { DetailResponse } from '@lombard/shared/schemas/common';
import type { ProfileSettings } from '@lombard/shared/schemas/profile-views';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http/client';

export function useChangeEmail() {
  return useMutation({
    mutationFn: async (values: EmailChangeInput) => {
      const { data } = await http.patch<DetailResponse>('/api/account/email/change/', emailChangeSchema.parse(values), {
        silent: [400],
      });
      return data;
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (values: PasswordChangeInput) => {
      const { data } = await http.post<DetailResponse>(
        '/api/rest-auth/password/change/',
        passwordChangeSchema.parse(values),
        {
          silent: [400],
        },
      );
      return data;
    },
  });
}

export const settingsQuery = queryOptions({
  queryKey: ['profile', 'settings'] as const,
  queryFn: async ({ signal }) => (await http.get<ProfileSettings>(PROFILE_SETTINGS_PATH, { signal })).data,
});

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: ProfileSettings) =>
      (await http.put<ProfileSettings>(PROFILE_SETTINGS_PATH, values)).data,
    onSuccess: (saved) => client.setQueryData(settingsQuery.queryKey, saved),
  });
}

/**
 * Ends every sign-in of the person, this device's included. The caller forgets the session on this device
 * once it has left the signed-in page: forgotten earlier, the page's guard would send the person to the
 * sign-in page first and the caller, unmounted, would never say what happened.
 */
export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: async () => (await http.post<DetailResponse>('/api/account/token/logout-all/', {})).data,
  });
}
