import type { RouteObject } from 'react-router';
import { lazyImport } from '../../../lib/lazy-import';

const notifications = async () => ({
  Component: (await lazyImport(() => import('./notifications-admin-page'))).NotificationsAdminPage,
});

const messages = async () => ({
  Component: (await lazyImport(() => import('./messages-page'))).MessagesPage,
});

/** Under customer/backoffice/; a notification or a message opens over its list, under its own path. */
export const notificationBackofficeRoutes: RouteObject[] = [
  { path: 'notifications/:id?/', lazy: notifications },
  { path: 'messages/:id?/', lazy: messages },
];
