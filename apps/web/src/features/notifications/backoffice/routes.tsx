import type { RouteObject } from 'react-router';
import { lazyImport } from '../../../lib/lazy-import';

const notifications = async () => ({
  Component: (await lazyImport(() => import('./notifications-admin-page'))).NotificationsAdminPage,
});

/** Under customer/backoffice/; a notification opens over the list, under its own path. */
export const notificationBackofficeRoutes: RouteObject[] = [{ path: 'notifications/:id?/', lazy: notifications }];
