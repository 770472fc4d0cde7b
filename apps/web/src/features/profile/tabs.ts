// Which tab the profile opens: `profile/<tab>/` redirects to `profile/?defaultTab=<tab>` (the tabs'
// own paths), and the query chooses the tab; anything else opens the first step.
import { PROFILE_TABS, type ProfileTab } from '@lombard/shared/profile-steps';
import { PROFILE_PATH } from '../../lib/session/navigation';

export { PROFILE_TABS, type ProfileTab };

export const DEFAULT_TAB_PARAM = 'defaultTab';

export function isProfileTab(value: unknown): value is ProfileTab {
  return typeof value === 'string' && (PROFILE_TABS as readonly string[]).includes(value);
}

/** The tab a URL's query names, or the first tab. */
export function tabFromSearch(search: string | URLSearchParams): ProfileTab {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const wanted = params.get(DEFAULT_TAB_PARAM);
  return isProfileTab(wanted) ? wanted : PROFILE_TABS[0];
}

/** The link that opens a tab (its own path; it redirects to the query form). */
export const tabPath = (tab: ProfileTab) => `${PROFILE_PATH}${tab}/`;
