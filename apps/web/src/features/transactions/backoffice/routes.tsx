import type { RouteObject } from 'react-router';
import { lazyImport } from '../../../lib/lazy-import';

const orders = async () => ({ Component: (await lazyImport(() => import('./orders-page'))).OrdersPage });
const transfers = async () => ({ Component: (await lazyImport(() => import('./transfers-page'))).TransfersPage });
const withdrawals = async () => ({
  Component: (await lazyImport(() => import('./withdrawals-page'))).WithdrawalsPage,
});

/** The money desk, under customer/backoffice/: orders, incoming transfers, withdrawals. */
export const transactionBackofficeRoutes: RouteObject[] = [
  { path: 'orders/', lazy: orders },
  { path: 'transfers/', lazy: transfers },
  { path: 'withdrawals/', lazy: withdrawals },
];
