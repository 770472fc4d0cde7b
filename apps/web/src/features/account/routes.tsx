import type { RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';

/** Children of customer/profile/ kept by the account: e-mail and password changes. */
export const accountProfileRoutes: RouteObject[] = [
  {
    path: 'change-email/',
    lazy: async () => ({ Component: (await lazyImport(() => import('./change-email-page'))).ChangeEmailPage }),
  },
  {
    path: 'change-password/',
    lazy: async () => ({
      Component: (await lazyImport(() => import('./change-password-page'))).ChangePasswordPage,
    }),
  },
];

/** Children of customer/setting/. */
export const settingRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await lazyImport(() => import('./settings-page'))).SettingsPage }) },
];
