// The authenticator app's calls: its status, a new secret with its QR code, the first code (answers the
// recovery codes once) and disabling with a code. Answers about the code stay with the form (`CODE_CALL`).
import {
  AUTHENTICATOR_CONFIRM_PATH,
  AUTHENTICATOR_DISABLE_PATH,
  AUTHENTICATOR_PATH,
} from '@lombard/shared/profile-paths';
import type {
  AuthenticatorConfirmInput,
  AuthenticatorDisableInput,
  AuthenticatorEnrolled,
  AuthenticatorEnrolment,
  AuthenticatorStatus,
} from '@lombard/shared/schemas/authenticator';
import type { DetailResponse } from '@lombard/shared/schemas/common';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CODE_CALL } from '../../lib/forms/one-time-code-errors';
import { http } from '../../lib/http/client';

export const authenticatorQuery = queryOptions({
  queryKey: ['profile', 'authenticator'] as const,
  queryFn: async ({ signal }) => (await http.get<AuthenticatorStatus>(AUTHENTICATOR_PATH, { signal })).data,
});

export function useStartEnrolment() {
  return useMutation({
    mutationFn: async () => (await http.post<AuthenticatorEnrolment>(AUTHENTICATOR_PATH)).data,
  });
}

export function useConfirmEnrolment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: AuthenticatorConfirmInput) =>
      (await http.post<AuthenticatorEnrolled>(AUTHENTICATOR_CONFIRM_PATH, values, CODE_CALL)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: authenticatorQuery.queryKey }),
  });
}

export function useDisableAuthenticator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: AuthenticatorDisableInput) =>
      (await http.post<DetailResponse>(AUTHENTICATOR_DISABLE_PATH, values, CODE_CALL)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: authenticatorQuery.queryKey }),
  });
}
