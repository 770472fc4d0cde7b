// The session's resources: the current user ("me") and the menu of the active profile.
import type { Language } from '@lombard/shared/locale';
import type { Profile } from '@lombard/shared/permissions';
import type { Me, MenuItem } from '@lombard/shared/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../http/client';
import { activeProfileOf } from './active-profile';
import { sessionKeys } from './keys';
import { useSignedIn } from './token-store';

export const ME_PATH = '/api/account/me/';

export const meQuery = queryOptions({
  queryKey: sessionKeys.me,
  queryFn: async ({ signal }) => (await http.get<Me>(ME_PATH, { signal })).data,
  staleTime: 5 * 60_000,
});

/** GET /api/v1/role/{profile}/menu/?no_page=no_page — labels come translated, hence the language in the key. */
export function menuQuery(profile: Profile, language: Language) {
  return queryOptions({
    queryKey: sessionKeys.menu(profile, language),
    queryFn: async ({ signal }) =>
      (
        await http.get<MenuItem[]>(`/api/v1/role/${profile}/menu/`, {
          params: { no_page: 'no_page' },
          signal,
          // A failed menu falls back to the built-in tabs; no toast for it.
          silent: true,
        })
      ).data,
    staleTime: 10 * 60_000,
  });
}

/** The signed-in user, loaded once a token exists; undefined while signed out or loading. */
export function useCurrentUser() {
  const signedIn = useSignedIn();
  return useQuery({ ...meQuery, enabled: signedIn });
}

export function useActiveProfile(): Profile | null {
  const { data: user } = useCurrentUser();
  return user ? activeProfileOf(user) : null;
}

/** The active profile's menu; `isError` means "use the fallback tabs". */
export function useMenu() {
  const profile = useActiveProfile();
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'it';
  return useQuery({ ...menuQuery(profile ?? 'base', language), enabled: profile !== null });
}
