// The account calls of the customer area: e-mail and password changes, and the settings
// (language, theme, notification preferences) saved on the server.

import { PROFILE_SETTINGS_PATH } from '@lombard/shared/profile-paths';
import {
  type EmailChangeInput,
  emailChangeSchema,
  type PasswordChangeInput,
  passwordChangeSchema,
} from '@lombard/shared/schemas/auth';
import type { PendingConfirmation } from '@lombard/shared/schemas/authenticator';
import type { DetailResponse } from '@lombard/shared/schemas/common';
import {
  type Closure,
  type ClosureRequest,
  closureRequestSchema,
  type DataExport,
} from '@lombard/shared/schemas/privacy';
import type { ProfileSettings } from '@lombard/shared/schemas/profile-views';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http/client';
import { downloadFile } from '../../lib/resource/download';

/**
 * The e-mail change: a customer with a factor is answered 202 with the confirmation to give (bound to the
 * new address); sent again with it, or by anyone without a factor, the link goes out (`detail`).
 */
export function useChangeEmail() {
  return useMutation({
    mutationFn: async (values: EmailChangeInput): Promise<{ pending: PendingConfirmation } | DetailResponse> => {
      const res = await http.patch('/api/account/email/change/', emailChangeSchema.parse(values), {
        silent: [400, 409, 429],
      });
      return res.status === 202 ? { pending: res.data as PendingConfirmation } : (res.data as DetailResponse);
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

const DATA_EXPORT_PATH = '/api/v1/account/data-export/';
const CLOSURE_PATH = '/api/v1/account/closure/';

/** Where the copy of the person's data stands; polled while it is being prepared. */
export const dataExportQuery = queryOptions({
  queryKey: ['account', 'data-export'] as const,
  queryFn: async ({ signal }) => (await http.get<DataExport>(DATA_EXPORT_PATH, { signal })).data,
  refetchInterval: (query) => (query.state.data?.status === 'pending' ? 5_000 : false),
});

export function useRequestDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.post<DataExport>(DATA_EXPORT_PATH)).data,
    onSuccess: (status) => client.setQueryData(dataExportQuery.queryKey, status),
  });
}

/** Downloads the copy (once: the server forgets it afterwards), then reads the status again. */
export function useDownloadDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => downloadFile(`${DATA_EXPORT_PATH}download/`, 'lombard-data.zip'),
    onSettled: () => client.invalidateQueries({ queryKey: dataExportQuery.queryKey }),
  });
}

export const closureQuery = queryOptions({
  queryKey: ['account', 'closure'] as const,
  queryFn: async ({ signal }) => (await http.get<Closure>(CLOSURE_PATH, { signal })).data,
});

export function useRequestClosure() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: ClosureRequest) =>
      (await http.post<Closure>(CLOSURE_PATH, closureRequestSchema.parse(values))).data,
    onSuccess: (closure) => client.setQueryData(closureQuery.queryKey, closure),
  });
}
