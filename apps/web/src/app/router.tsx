// The route tree. Every screen is a lazy route module, so the public site never downloads the customer
// area or the back-office. Features export their route lists; this file only composes them. The same
// tree renders public pages on the server (server-entry.tsx) and runs in the browser (boot.tsx).
import { type RouteObject, redirect } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { authRoutes } from '../features/auth/routes';
import { landingRoutes } from '../features/landing/routes';
import { partnerRoutes } from '../features/partners/routes';
import { supportRoutes } from '../features/support/routes';
import { systemRoutes } from '../features/system/routes';
import { customerRoutes } from './customer-routes';
import { BlankLayout } from './layouts/blank-layout';
import { LandingLayout, LandingRouteError } from './layouts/landing-layout';

/** Routes whose pages the server renders to HTML (docs/decisions/006): the public site and the 404. */
export const SERVER_RENDERED = { serverRendered: true } as const;
export interface ServerRenderedHandle {
  serverRendered?: boolean;
  /**
   * Every control of the page is in an island (lib/islands): for an anonymous visitor the server makes
   * it of islands, and the browser hydrates only those (docs/decisions/017).
   */
  islands?: boolean;
}

export const routes: RouteObject[] = [
  {
    // One error boundary for the whole tree: chunk-load failures and unexpected errors.
    ErrorBoundary: RouteError,
    // Pages the browser renders itself (no server HTML) show this while their route modules load.
    HydrateFallback: PageLoader,
    children: [
      // The root path redirects to the landing home when empty.
      { path: '/', loader: () => redirect('/home/') },
      {
        Component: LandingLayout,
        handle: SERVER_RENDERED,
        // Public pages' errors render inside the layout; a 404 (unknown partner or help-centre item)
        // is the site's 404 screen.
        children: [
          { ErrorBoundary: LandingRouteError, children: [...landingRoutes, ...supportRoutes, ...partnerRoutes] },
        ],
      },
      { Component: BlankLayout, children: systemRoutes.blank },
      ...authRoutes,
      ...customerRoutes,
      { Component: LandingLayout, handle: SERVER_RENDERED, children: systemRoutes.notFound },
    ],
  },
];
