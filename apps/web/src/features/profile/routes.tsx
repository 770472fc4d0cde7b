import { Navigate, type RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';
import { PROFILE_PATH } from '../../lib/session/navigation';
import { DEFAULT_TAB_PARAM, PROFILE_TABS } from './tabs';

/** Children of customer/profile/: the page, and `<tab>/` opening it on that tab. */
export const profileTabRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await lazyImport(() => import('./profile-page'))).ProfilePage }) },
  ...PROFILE_TABS.map((tab) => ({
    path: `${tab}/`,
    element: <Navigate to={`${PROFILE_PATH}?${DEFAULT_TAB_PARAM}=${tab}`} replace />,
  })),
];
