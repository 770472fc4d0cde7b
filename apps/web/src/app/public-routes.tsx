// The public site's router: the pages the server renders to HTML (landing, help centre, partner pages and
// the 404), the blank system pages and the sign-in pages. Features export their route lists; this file
// composes them, and hands the landing home the advances feature's calculator.
import type { RouteObject } from 'react-router';
import { authRoutes } from '../features/auth/routes';
import { landingRoutes } from '../features/landing/routes';
import { partnerRoutes } from '../features/partners/routes';
import { supportRoutes } from '../features/support/routes';
import { systemRoutes } from '../features/system/routes';
import { withNamespaces } from '../lib/i18n/load-namespaces';
import { lazyComponent } from '../lib/lazy-component';
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

// A chunk of its own, which brings its validation messages with it.
const AdvanceCalculator = lazyComponent('advance-calculator', () =>
  withNamespaces(() => import('../features/advances/public/advance-calculator'), 'validation', 'advance').then(
    (m) => m.AdvanceCalculator,
  ),
);

export const publicRoutes: RouteObject[] = [
  {
    Component: LandingLayout,
    handle: SERVER_RENDERED,
    // Public pages' errors render inside the layout; a 404 (unknown partner or help-centre item)
    // is the site's 404 screen.
    children: [
      {
        ErrorBoundary: LandingRouteError,
        children: [...landingRoutes({ advanceCalculator: AdvanceCalculator }), ...supportRoutes, ...partnerRoutes],
      },
    ],
  },
  { Component: BlankLayout, children: systemRoutes.blank },
  ...authRoutes,
];

/** The site's 404, which every path no other route takes ends on. */
export const notFoundRoutes: RouteObject[] = [
  { Component: LandingLayout, handle: SERVER_RENDERED, children: systemRoutes.notFound },
];
