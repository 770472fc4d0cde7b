// The active profile is the one saved in the profile cookie if the user still holds it, otherwise
// the first of the user's profiles. The menu is loaded for the active profile.
import { PROFILE_COOKIE, type Profile, pickActiveProfile } from '@lombard/shared/permissions';
import { readCookie } from '../cookies';

export function activeProfileOf(user: { attributes: readonly Profile[] }): Profile | null {
  return pickActiveProfile(user.attributes, readCookie(PROFILE_COOKIE));
}
