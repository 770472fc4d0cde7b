import { Navigate, type RouteObject } from 'react-router';
import { lazyImport } from '../lib/lazy-import';

const layout = async () => ({
  Component: (await lazyImport(() => import('../components/backoffice/backoffice-layout'))).BackofficeLayout,
});
const users = async () => ({ Component: (await lazyImport(() => import('../features/users/users-page'))).UsersPage });
const audit = async () => ({ Component: (await lazyImport(() => import('../features/audit/audit-page'))).AuditPage });
const kycQueue = async () => ({
  Component: (await lazyImport(() => import('../features/kyc-review/kyc-queue-page'))).KycQueuePage,
});
const kycReview = async () => ({
  Component: (await lazyImport(() => import('../features/kyc-review/kyc-review-page'))).KycReviewPage,
});
const orders = async () => ({
  Component: (await lazyImport(() => import('../features/transactions/backoffice/orders-page'))).OrdersPage,
});
const transfers = async () => ({
  Component: (await lazyImport(() => import('../features/transactions/backoffice/transfers-page'))).TransfersPage,
});
const withdrawals = async () => ({
  Component: (await lazyImport(() => import('../features/transactions/backoffice/withdrawals-page'))).WithdrawalsPage,
});
const advances = async () => ({
  Component: (await lazyImport(() => import('../features/advances/backoffice/advances-page'))).AdvancesPage,
});
const advanceReview = async () => ({
  Component: (await lazyImport(() => import('../features/advances/backoffice/advance-review-page'))).AdvanceReviewPage,
});
const stockPlans = async () => ({
  Component: (await lazyImport(() => import('../features/advances/backoffice/stock-plans-page'))).StockPlansPage,
});
const advanceWatch = async () => ({
  Component: (await lazyImport(() => import('../features/advances/backoffice/advance-watch-page'))).AdvanceWatchPage,
});
const ledger = async () => ({
  Component: (await lazyImport(() => import('../features/ledger/ledger-page'))).LedgerPage,
});
const notifications = async () => ({
  Component: (await lazyImport(() => import('../features/notifications/backoffice/notifications-admin-page')))
    .NotificationsAdminPage,
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
