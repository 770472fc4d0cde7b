import type { RouteObject } from 'react-router';
import { lazyImport } from '../../../lib/lazy-import';

const advances = async () => ({ Component: (await lazyImport(() => import('./advances-page'))).AdvancesPage });
const advanceReview = async () => ({
  Component: (await lazyImport(() => import('./advance-review-page'))).AdvanceReviewPage,
});
const stockPlans = async () => ({ Component: (await lazyImport(() => import('./stock-plans-page'))).StockPlansPage });
const advanceWatch = async () => ({
  Component: (await lazyImport(() => import('./advance-watch-page'))).AdvanceWatchPage,
});

/** The advance desk, under customer/backoffice/: requests and their decisions, stock plans, arrears. */
export const advanceBackofficeRoutes: RouteObject[] = [
  { path: 'advances/', lazy: advances },
  { path: 'advances/:id/', lazy: advanceReview },
  // A plan's share prices open in a drawer on stock-plans/{id}/, over the list.
  { path: 'stock-plans/:id?/', lazy: stockPlans },
  { path: 'advance-watch/', lazy: advanceWatch },
];
