// The back office (profile admin), under customer/backoffice/ (customer-routes.tsx decides who enters):
// its layout and menu (components/backoffice) around the back-office pages each domain's feature exports.
import { Navigate, type RouteObject } from 'react-router';
import { advanceBackofficeRoutes } from '../features/advances/backoffice/routes';
import { auditRoutes } from '../features/audit/routes';
import { settingsRoutes } from '../features/config/backoffice/routes';
import { documentBackofficeRoutes } from '../features/documents/backoffice/routes';
import { kycReviewRoutes } from '../features/kyc-review/routes';
import { ledgerRoutes } from '../features/ledger/routes';
import { notificationBackofficeRoutes } from '../features/notifications/backoffice/routes';
import { privacyBackofficeRoutes } from '../features/privacy/backoffice/routes';
import { productBackofficeRoutes } from '../features/products/backoffice/routes';
import { transactionBackofficeRoutes } from '../features/transactions/backoffice/routes';
import { userRoutes } from '../features/users/routes';
import { lazyImport } from '../lib/lazy-import';

const layout = async () => ({
  Component: (await lazyImport(() => import('../components/backoffice/backoffice-layout'))).BackofficeLayout,
});

/** Children of customer/backoffice/. A detail opens over its list, under its own path. */
export const backofficeRoutes: RouteObject[] = [
  {
    lazy: layout,
    children: [
      { index: true, element: <Navigate to="users/" replace /> },
      ...userRoutes,
      ...kycReviewRoutes,
      ...auditRoutes,
      ...notificationBackofficeRoutes,
      ...transactionBackofficeRoutes,
      ...ledgerRoutes,
      ...advanceBackofficeRoutes,
      ...productBackofficeRoutes,
      ...documentBackofficeRoutes,
      ...privacyBackofficeRoutes,
      ...settingsRoutes,
    ],
  },
];
