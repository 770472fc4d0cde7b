import type { RouteObject } from 'react-router';
import { lazyImport } from '../../../lib/lazy-import';

/** Children of customer/notifications/ (every profile). */
export const notificationRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await lazyImport(() => import('./notifications-page'))).NotificationsPage }),
  },
];
