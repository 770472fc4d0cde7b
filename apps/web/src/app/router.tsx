// The route tree. Every screen is a lazy route module, so the public site never downloads the customer
// area or the back-office. Features export their route lists; this file only composes them.
import { createBrowserRouter, Navigate } from 'react-router';
import { RouteError } from '../components/route-error';
import { authRoutes } from '../features/auth/routes';
import { landingRoutes } from '../features/landing/routes';
import { partnerRoutes } from '../features/partners/routes';
import { supportRoutes } from '../features/support/routes';
import { systemRoutes } from '../features/system/routes';
import { registerNavigator } from '../lib/session/navigation';
import { customerRoutes } from './customer-routes';
import { BlankLayout } from './layouts/blank-layout';
import { LandingLayout, LandingRouteError } from './layouts/landing-layout';

export const router = createBrowserRouter([
  {
    // One error boundary for the whole tree: chunk-load failures and unexpected errors (spec §8).
    ErrorBoundary: RouteError,
    children: [
      // Spec §2: the root path redirects to the landing home when empty.
      { path: '/', element: <Navigate to="/home/" replace /> },
      {
        Component: LandingLayout,
        // Public pages' errors render inside the layout; a 404 (unknown partner or help-centre item)
        // is the site's 404 screen.
        children: [
          { ErrorBoundary: LandingRouteError, children: [...landingRoutes, ...supportRoutes, ...partnerRoutes] },
        ],
      },
      { Component: BlankLayout, children: systemRoutes.blank },
      ...authRoutes,
      ...customerRoutes,
      { Component: LandingLayout, children: systemRoutes.notFound },
    ],
  },
]);

// The HTTP layer sends users to the login page when a session ends; it navigates through the router.
registerNavigator((to) => void router.navigate(to));
