// Query keys of the session's resources. Everything under ['session'] belongs to the signed-in user and
// is dropped when the session ends.
import type { Language } from '@lombard/shared/locale';
import type { Profile } from '@lombard/shared/permissions';

export const sessionKeys = {
  all: ['session'] as const,
  me: ['session', 'me'] as const,
  menu: (profile: Profile, language: Language) => ['session', 'menu', profile, language] as const,
};
