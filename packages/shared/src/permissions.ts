// Profiles and the role check.

export const PROFILES = ['base', 'lead', 'customer', 'admin'] as const;
export type Profile = (typeof PROFILES)[number];

export const PROFILE_COOKIE = 'lombard_profile';

/** Profiles that may hold investments: a portfolio, transactions, orders (a lead onwards). */
export const INVESTOR_PROFILES: readonly Profile[] = ['lead', 'customer', 'admin'];

/**
 * Role check: no role required → allowed; a superuser always passes; otherwise the user must
 * hold one of the required profiles.
 */
export function hasAnyProfile(
  user: { attributes: readonly string[]; is_superuser?: boolean } | null | undefined,
  required: readonly Profile[] | undefined,
): boolean {
  if (!required || required.length === 0) return true;
  if (!user) return false;
  if (user.is_superuser) return true;
  return required.some((profile) => user.attributes.includes(profile));
}

/** The profile saved in a cookie is preferred when still held, otherwise the first. */
export function pickActiveProfile(attributes: readonly Profile[], saved: string | null | undefined): Profile | null {
  if (saved && (attributes as readonly string[]).includes(saved)) return saved as Profile;
  return attributes[0] ?? null;
}
