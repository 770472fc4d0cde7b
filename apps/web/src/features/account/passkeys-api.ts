// The customer's passkeys: the list, the step-up before adding one (password, then the strongest factor's
// code when asked), the registration, and removal. Answers about a code stay with the form (`CODE_CALL`).
import { PASSKEY_OPTIONS_PATH, PASSKEYS_PATH, passkeyRemovePath } from '@lombard/shared/profile-paths';
import type { DetailResponse } from '@lombard/shared/schemas/common';
import type {
  Passkey,
  PasskeyEnrolInput,
  PasskeyList,
  PasskeyStepUpAnswer,
  PasskeyStepUpInput,
} from '@lombard/shared/schemas/passkeys';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CODE_CALL } from '../../lib/forms/one-time-code-errors';
import { http } from '../../lib/http/client';

export const passkeysQuery = queryOptions({
  queryKey: ['profile', 'passkeys'] as const,
  queryFn: async ({ signal }) => (await http.get<PasskeyList>(PASSKEYS_PATH, { signal })).data,
});

export function useStepUp() {
  return useMutation({
    mutationFn: async (values: PasskeyStepUpInput) =>
      (await http.post<PasskeyStepUpAnswer>(PASSKEY_OPTIONS_PATH, values, CODE_CALL)).data,
  });
}

export function useEnrolPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: PasskeyEnrolInput) =>
      (await http.post<Passkey & { detail: string }>(PASSKEYS_PATH, values)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: passkeysQuery.queryKey }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, password }: { id: number; password: string }) =>
      (await http.post<DetailResponse>(passkeyRemovePath(id), { password })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: passkeysQuery.queryKey }),
  });
}
