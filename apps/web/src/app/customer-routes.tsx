// The customer area: every route under /customer/ requires a login and names the profiles that may
// open it; children inherit their parent's profiles. Features own the routes inside their section;
// this file decides who may enter it. The back office is its own router (backoffice-routes.tsx), mounted
// here for the admins.
import { INVESTOR_PROFILES, type Profile } from '@lombard/shared/permissions';
import { Navigate, type RouteObject } from 'react-router';
import { accountProfileRoutes, settingRoutes } from '../features/account/routes';
import { advanceRoutes, loadAdvanceCard, loadRemedyRanking } from '../features/advances/customer/routes';
import { cashRoutes } from '../features/cash/routes';
import { documentRoutes } from '../features/documents/routes';
import { homeRoutes } from '../features/home/routes';
import { notificationRoutes } from '../features/notifications/customer/routes';
import { productRoutes } from '../features/products/customer/routes';
import { profileTabRoutes } from '../features/profile/routes';
import { transactionRoutes } from '../features/transactions/customer/routes';
import { NetWorthCard, walletRoutes } from '../features/wallet/routes';
import { lazyImport } from '../lib/lazy-import';
import type { ProfilesHandle } from '../lib/session/guard';
import { DEFAULT_AUTHENTICATED_PATH } from '../lib/session/navigation';
import { backofficeRoutes } from './backoffice-routes';

const EVERYONE: readonly Profile[] = ['base', 'lead', 'customer', 'admin'];
const LEAD_AND_ABOVE = INVESTOR_PROFILES;
const CUSTOMER_AND_ABOVE: readonly Profile[] = ['customer', 'admin'];
const ADMIN_ONLY: readonly Profile[] = ['admin'];

const gated = (path: string, profiles: readonly Profile[], children: RouteObject[]): RouteObject => ({
  path,
  handle: { profiles } satisfies ProfilesHandle,
  children,
});

export const customerRoutes: RouteObject[] = [
  {
    path: 'customer/',
    // The guards load with the area they guard, not with the public site's app (docs/decisions/006).
    lazy: async () => ({ Component: (await lazyImport(() => import('../components/require-auth'))).RequireAuth }),
    children: [
      {
        lazy: async () => ({ Component: (await lazyImport(() => import('./layouts/main-layout'))).MainLayout }),
        children: [
          {
            lazy: async () => ({
              Component: (await lazyImport(() => import('../components/require-profile'))).RequireProfile,
            }),
            children: [
              { index: true, element: <Navigate to={DEFAULT_AUTHENTICATED_PATH} replace /> },
              gated('home/', LEAD_AND_ABOVE, homeRoutes(loadAdvanceCard, NetWorthCard)),
              gated('wallet/', LEAD_AND_ABOVE, walletRoutes),
              gated('transaction/', LEAD_AND_ABOVE, transactionRoutes),
              gated('document/', LEAD_AND_ABOVE, documentRoutes),
              gated('product/', EVERYONE, productRoutes),
              gated('loan/', CUSTOMER_AND_ABOVE, advanceRoutes),
              gated('cash/', CUSTOMER_AND_ABOVE, cashRoutes),
              gated('profile/', EVERYONE, [...profileTabRoutes, ...accountProfileRoutes]),
              gated('setting/', EVERYONE, settingRoutes(loadRemedyRanking)),
              gated('notifications/', EVERYONE, notificationRoutes),
              gated('backoffice/', ADMIN_ONLY, backofficeRoutes),
            ],
          },
        ],
      },
    ],
  },
];
