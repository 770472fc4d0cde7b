// Layout route checking the profiles of the matched route. Routes declare them in their `handle`
// ({ profiles: [...] }); children inherit their parent's. A user lacking them is told "Sorry, you are
// not allowed to access this page" and sent home, or to the landing home when the forbidden page is
// home itself. Must sit under <RequireAuth>, which loads the user.
import type { Profile } from '@lombard/shared/permissions';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { notifyError } from '../lib/notify';
import { decideAccess, requiredProfiles } from '../lib/session/guard';
import { useCurrentUser } from '../lib/session/session-queries';
import { useSignedIn } from '../lib/session/token-store';

interface Props {
  /** Profiles to require instead of those of the matched routes. */
  profiles?: readonly Profile[];
  children?: ReactNode;
}

export function RequireProfile({ profiles, children }: Props) {
  const { t } = useTranslation('errors');
  const signedIn = useSignedIn();
  const { data: user } = useCurrentUser();
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const access = decideAccess({
    signedIn,
    user,
    required: profiles ?? requiredProfiles(matches),
    pathname: location.pathname,
    search: location.search,
  });
  const target = access.kind === 'forbidden' ? access.to : null;

  useEffect(() => {
    if (!target) return;
    // One toast even when the redirect lands on another forbidden page (home → landing home).
    notifyError(t('notAllowed'), { id: 'not-allowed' });
    void navigate(target, { replace: true });
  }, [target, navigate, t]);

  if (access.kind !== 'allow') return null;
  return children ?? <Outlet />;
}
