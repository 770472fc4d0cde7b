// The route tree: one router per group of users, each composed of what the features export: the public
// site (public-routes.tsx), the customer area (customer-routes.tsx) and, inside it for the admins, the back
// office (backoffice-routes.tsx). Every screen is a lazy route module, so the public site never downloads
// the customer area or the back-office. The same tree renders public pages on the server
// (server-entry.tsx) and runs in the browser (boot.tsx).
import { type RouteObject, redirect } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { customerRoutes } from './customer-routes';
import { notFoundRoutes, publicRoutes } from './public-routes';

export const routes: RouteObject[] = [
  {
    // One error boundary for the whole tree: chunk-load failures and unexpected errors.
    ErrorBoundary: RouteError,
    // Pages the browser renders itself (no server HTML) show this while their route modules load.
    HydrateFallback: PageLoader,
    children: [
      // The root path redirects to the landing home when empty.
      { path: '/', loader: () => redirect('/home/') },
      ...publicRoutes,
      ...customerRoutes,
      ...notFoundRoutes,
    ],
  },
];
