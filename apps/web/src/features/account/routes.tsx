import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';

/** Spec §2: these profile sub-paths open the profile on the matching tab. */
export const PROFILE_TABS = [
  'citizenship',
  'identity',
  'addresses',
  'phone-number',
  'kyc',
  'occupation',
  'bank-account',
  'mifid',
] as const;

/** Children of customer/profile/. */
export const profileRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await lazyImport(() => import('./profile-page'))).ProfilePage }) },
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
  ...PROFILE_TABS.map((tab) => ({
    path: `${tab}/`,
    element: <Navigate to={`/customer/profile/?defaultTab=${tab}`} replace />,
  })),
];

/** Children of customer/setting/. */
export const settingRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await lazyImport(() => import('./settings-page'))).SettingsPage }) },
];
