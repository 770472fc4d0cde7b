// The public site's layout: navbar, page, footer. Pages are lazy route modules; while one
// loads, the bar and the footer stay in place.
import { Box } from '@mantine/core';
import { Suspense } from 'react';
import { isRouteErrorResponse, Outlet, ScrollRestoration, useRouteError } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { ErrorScreen } from '../../components/route-error';
import { SiteFooter } from '../../features/landing/components/site-footer';
import { SiteNavbar } from '../../features/landing/components/site-navbar';
import { lazyComponent } from '../../lib/lazy-component';

const NotFoundPage = lazyComponent('not-found-page', () =>
  import('../../features/system/not-found-page').then((m) => m.NotFoundPage),
);

export function LandingLayout() {
  return (
    <>
      <SiteNavbar />
      <Box component="main" id="main" tabIndex={-1} mih="calc(100dvh - 64px)" style={{ outline: 'none' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter context="landing" />
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
