// Layout route for everything behind sign-in: a signed-out visitor goes to the login page
// with the intended path as `redirect`; a signed-in user's profile is loaded before anything renders
// (on first navigation when a token exists).
import { Button, Center, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { decideAccess } from '../lib/session/guard';
import { useCurrentUser } from '../lib/session/session-queries';
import { useSignedIn } from '../lib/session/token-store';
import { PageLoader } from './page-loader';

export function RequireAuth() {
  const signedIn = useSignedIn();
  const location = useLocation();
  const me = useCurrentUser();
  const access = decideAccess({
    signedIn,
    user: me.data,
    required: undefined,
    pathname: location.pathname,
    search: location.search,
  });
  if (access.kind === 'login') return <Navigate to={access.to} replace />;
  if (access.kind === 'wait' && !me.isError) return <PageLoader />;
  // The layouts below load their own translations: wait for them here, not in a blank screen.
  return (
    <Suspense fallback={<PageLoader />}>
      {access.kind === 'wait' ? <UserLoadFailed retry={() => void me.refetch()} /> : <Outlet />}
    </Suspense>
  );
}

/** The profile could not be loaded (the HTTP layer already told the user why): offer to try again. */
function UserLoadFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation('navigation');
  return (
    <Center mih="60vh" p="lg">
      <Stack align="center" gap="sm" ta="center">
        <Text c="dimmed">{t('loadFailed')}</Text>
        <Button variant="default" onClick={retry}>
          {t('retry')}
        </Button>
      </Stack>
    </Center>
  );
}
