// The route guards as a pure decision, used by the guard components and unit-tested on its own.
import { hasAnyProfile, type Profile } from '@lombard/shared/permissions';
import { CUSTOMER_HOME_PATH, LANDING_HOME_PATH, loginPathFor } from './navigation';

export type Access =
  | { kind: 'allow' }
  /** The user is still being loaded: show a loader, decide afterwards. */
  | { kind: 'wait' }
  | { kind: 'login'; to: string }
  | { kind: 'forbidden'; to: string };

export interface AccessInput {
  signedIn: boolean;
  user: { attributes: readonly string[]; is_superuser?: boolean } | undefined;
  /** Profiles of the deepest route that names any; none → any signed-in user. */
  required: readonly Profile[] | undefined;
  pathname: string;
  search?: string;
}

const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

export function isCustomerHome(pathname: string): boolean {
  return withSlash(pathname) === CUSTOMER_HOME_PATH;
}

export function decideAccess({ signedIn, user, required, pathname, search = '' }: AccessInput): Access {
  if (!signedIn) return { kind: 'login', to: loginPathFor(`${pathname}${search}`) };
  if (!user) return { kind: 'wait' };
  if (hasAnyProfile(user, required)) return { kind: 'allow' };
  // Already on home: going "home" again would loop, so leave for the public landing home.
  return { kind: 'forbidden', to: isCustomerHome(pathname) ? LANDING_HOME_PATH : CUSTOMER_HOME_PATH };
}

/** Route `handle` carrying the profiles a route needs. */
export interface ProfilesHandle {
  profiles?: readonly Profile[];
}

/** The profiles of the deepest matched route that declares some: children inherit their parent's. */
export function requiredProfiles(matches: ReadonlyArray<{ handle?: unknown }>): readonly Profile[] | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as ProfilesHandle | undefined;
    if (handle?.profiles) return handle.profiles;
  }
  return undefined;
}
