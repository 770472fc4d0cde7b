import type { ComponentType } from 'react';
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

/**
 * Children of customer/setting/. `loadExtra`: a card another feature adds to the page (the advances'
 * remedy ranking), which the app passes in (a feature imports no other).
 */
export const settingRoutes = (loadExtra?: () => Promise<ComponentType>): RouteObject[] => [
  {
    index: true,
    lazy: async () => {
      const [{ SettingsPage }, Extra] = await Promise.all([
        lazyImport(() => import('./settings-page')),
        loadExtra ? loadExtra() : Promise.resolve(undefined),
      ]);
      return { Component: () => <SettingsPage extra={Extra} /> };
    },
  },
];
