// The signed-in user's profile (every tab's saved data and the steps' progress): one query, read by the
// profile page and by the customer home, which shows the progress until the profile is approved; and the
// partner companies an employer is picked from (the occupation step, the stock-plan registration).

import { EMPLOYERS_PATH, PROFILE_PATH } from '@lombard/shared/profile-paths';
import type { EmployerOptions, ProfileView } from '@lombard/shared/schemas/profile-views';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../http/client';

export const PROFILE_API = PROFILE_PATH;

export const profileKeys = {
  all: ['profile'] as const,
  detail: ['profile', 'detail'] as const,
  referral: ['profile', 'referral'] as const,
  settings: ['profile', 'settings'] as const,
  reference: (kind: 'countries' | 'provinces' | 'employers', language: string) =>
    ['profile', 'reference', kind, language] as const,
  mifid: ['profile', 'mifid'] as const,
};

export const profileQuery = queryOptions({
  queryKey: profileKeys.detail,
  queryFn: async ({ signal }) => (await http.get<ProfileView>(PROFILE_API, { signal })).data,
});

/** The active partner companies, picked by id as an employer; any other company is typed by name. */
export const employersQuery = () =>
  queryOptions({
    queryKey: profileKeys.reference('employers', ''),
    queryFn: async ({ signal }) => (await http.get<EmployerOptions>(EMPLOYERS_PATH, { signal })).data,
    staleTime: 5 * 60_000,
  });
