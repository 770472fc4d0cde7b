// The profile calls (tabs, phone, referral, reference data, MiFID, KYC uploads). Every write refreshes
// the profile query, which carries the progress the page and the home show.

import { MIFID_ANSWERS_PATH, MIFID_QUESTIONNAIRE_PATH, MIFID_RESULT_PATH } from '@lombard/shared/mifid-paths';
import type { PendingConfirmation } from '@lombard/shared/schemas/authenticator';
import type {
  MifidAnswersInput,
  MifidAnswersSaved,
  MifidQuestionnaire,
  MifidResultState,
} from '@lombard/shared/schemas/mifid';
import type {
  BankAccountChange,
  PhoneCodeSent,
  PhoneNumberInput,
  PhoneVerifyInput,
} from '@lombard/shared/schemas/profile';
import type { NamedCodeList, Referral } from '@lombard/shared/schemas/profile-views';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { CODE_CALL } from '../../lib/forms/one-time-code-errors';
import { http } from '../../lib/http/client';
import { PROFILE_API, profileKeys } from '../../lib/profile/profile-query';

/** The tabs saved with one PUT of their schema's values. */
export type SavedTab = 'citizenship' | 'identity' | 'addresses' | 'occupation' | 'bank-account';

// Field errors and refusals (US person, limits) are shown by the form itself, under its fields.
const FORM_ERRORS = { silent: [400, 403, 409, 422, 429] as const };

export function useSaveTab<Values>(tab: SavedTab) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: Values) => (await http.put(`${PROFILE_API}${tab}/`, values, FORM_ERRORS)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/**
 * The bank account: a change of an approved IBAN answers 202 with the confirmation to give (the customer's
 * strongest factor, bound to the new IBAN); sent again with it, 200 and saved.
 */
export function useSaveBankAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: BankAccountChange): Promise<{ pending: PendingConfirmation } | { saved: true }> => {
      const res = await http.put(`${PROFILE_API}bank-account/`, values, { ...FORM_ERRORS, ...CODE_CALL });
      return res.status === 202 ? { pending: res.data as PendingConfirmation } : { saved: true };
    },
    onSuccess: (answer) => {
      if ('saved' in answer) void client.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

/**
 * A code to the number: a new number replacing a verified one answers 202 with the confirmation to give
 * first (the customer's strongest factor, bound to the new number); sent again with it, the code goes out.
 */
export function useSendPhoneCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: PhoneNumberInput): Promise<{ pending: PendingConfirmation } | PhoneCodeSent> => {
      const res = await http.post(`${PROFILE_API}phone-number/`, values, { ...FORM_ERRORS, ...CODE_CALL });
      return res.status === 202 ? { pending: res.data as PendingConfirmation } : (res.data as PhoneCodeSent);
    },
    onSuccess: (answer) => {
      if (!('pending' in answer)) void client.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

export function useVerifyPhone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: PhoneVerifyInput) =>
      (await http.post(`${PROFILE_API}phone-number/verify/`, values, FORM_ERRORS)).data as { detail?: string },
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

export const referralQuery = queryOptions({
  queryKey: profileKeys.referral,
  queryFn: async ({ signal }) => (await http.get<Referral>(`${PROFILE_API}referral/`, { signal })).data,
});

export interface ReferenceOption {
  code: string;
  name: string;
}

function referenceQuery(kind: 'countries' | 'provinces', language: string) {
  return queryOptions({
    queryKey: profileKeys.reference(kind, language),
    queryFn: async ({ signal }): Promise<ReferenceOption[]> => {
      const { data } = await http.get<NamedCodeList>(`${PROFILE_API}${kind}/`, { signal });
      return data;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
export const countriesQuery = (language: string) => referenceQuery('countries', language);
export const provincesQuery = (language: string) => referenceQuery('provinces', language);

export const mifidQuestionnaireQuery = (language: string) =>
  queryOptions({
    queryKey: [...profileKeys.mifid, 'questionnaire', language],
    queryFn: async ({ signal }) => (await http.get<MifidQuestionnaire>(MIFID_QUESTIONNAIRE_PATH, { signal })).data,
  });

export const mifidResultQuery = (language: string) =>
  queryOptions({
    queryKey: [...profileKeys.mifid, 'result', language],
    queryFn: async ({ signal }) => (await http.get<MifidResultState>(MIFID_RESULT_PATH, { signal })).data,
  });

export function useSendMifidAnswers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: MifidAnswersInput) =>
      (await http.post<MifidAnswersSaved>(MIFID_ANSWERS_PATH, values)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
