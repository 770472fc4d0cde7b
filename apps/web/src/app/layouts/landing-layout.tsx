// The public site's layout (spec §2): navbar, page, footer. Pages are lazy route modules; while one
// loads, the bar and the footer stay in place.
import { Box } from '@mantine/core';
import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { isRouteErrorResponse, Outlet, ScrollRestoration, useRouteError } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { ErrorScreen } from '../../components/route-error';
import { SiteFooter } from '../../features/landing/components/site-footer';
import { SiteNavbar } from '../../features/landing/components/site-navbar';
import { lazyImport } from '../../lib/lazy-import';

const NotFoundPage = lazy(() =>
  lazyImport(() => import('../../features/system/not-found-page')).then((m) => ({ default: m.NotFoundPage })),
);

export function LandingLayout() {
  // The footer is below the fold (main is at least a screen tall): it renders just after the first
  // paint, in a transition React slices up, instead of lengthening the first render.
  const [footer, setFooter] = useState(false);
  useEffect(() => {
    startTransition(() => setFooter(true));
  }, []);
  return (
    <>
      <SiteNavbar />
      <Box component="main" id="main" tabIndex={-1} mih="calc(100dvh - 64px)" style={{ outline: 'none' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      {footer && <SiteFooter context="landing" />}
      <ScrollRestoration />
    </>
  );
}

/**
 * Errors of public pages, shown inside the layout: a 404 from a route (unknown partner, help-centre
 * collection or article) is the site's 404 screen; anything else the generic error screen.
 */
export function LandingRouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={<PageLoader />}>
        <NotFoundPage />
      </Suspense>
    );
  }
  return <ErrorScreen error={error} />;
}
