import { Navigate, type RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';

const layout = async () => ({ Component: (await lazyImport(() => import('./backoffice-layout'))).BackofficeLayout });
const users = async () => ({ Component: (await lazyImport(() => import('./users-page'))).UsersPage });
const audit = async () => ({ Component: (await lazyImport(() => import('./audit-page'))).AuditPage });
const kycQueue = async () => ({ Component: (await lazyImport(() => import('./kyc-queue-page'))).KycQueuePage });
const kycReview = async () => ({ Component: (await lazyImport(() => import('./kyc-review-page'))).KycReviewPage });
const orders = async () => ({ Component: (await lazyImport(() => import('./orders-page'))).OrdersPage });
const transfers = async () => ({ Component: (await lazyImport(() => import('./transfers-page'))).TransfersPage });
const withdrawals = async () => ({
  Component: (await lazyImport(() => import('./withdrawals-page'))).WithdrawalsPage,
});
const advances = async () => ({ Component: (await lazyImport(() => import('./advances-page'))).AdvancesPage });
const advanceReview = async () => ({
  Component: (await lazyImport(() => import('./advance-review-page'))).AdvanceReviewPage,
});
const stockPlans = async () => ({ Component: (await lazyImport(() => import('./stock-plans-page'))).StockPlansPage });
const advanceWatch = async () => ({
  Component: (await lazyImport(() => import('./advance-watch-page'))).AdvanceWatchPage,
});
const ledger = async () => ({ Component: (await lazyImport(() => import('./ledger-page'))).LedgerPage });
const notifications = async () => ({
  Component: (await lazyImport(() => import('./notifications-admin-page'))).NotificationsAdminPage,
});

/**
 * Children of customer/backoffice/ (profile admin). A detail opens over its list, under its own path.
 * `sections` are pages other features own (the products catalogue), composed in by the app.
 */
export const backofficeRoutes = (sections: RouteObject[] = []): RouteObject[] => [
  {
    lazy: layout,
    children: [
      { index: true, element: <Navigate to="users/" replace /> },
      // One route for list and detail, so that opening a row keeps the list's selection and scroll.
      { path: 'users/:id?/', lazy: users },
      { path: 'kyc-reviews/', lazy: kycQueue },
      { path: 'kyc-reviews/:id/', lazy: kycReview },
      { path: 'audit-log/:id?/', lazy: audit },
      { path: 'notifications/:id?/', lazy: notifications },
      { path: 'orders/', lazy: orders },
      { path: 'transfers/', lazy: transfers },
      { path: 'withdrawals/', lazy: withdrawals },
      { path: 'ledger/', lazy: ledger },
      { path: 'advances/', lazy: advances },
      { path: 'advances/:id/', lazy: advanceReview },
      { path: 'stock-plans/', lazy: stockPlans },
      { path: 'advance-watch/', lazy: advanceWatch },
      ...sections,
    ],
  },
];
