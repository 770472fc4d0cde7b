import type { RouteObject } from 'react-router';
import { lazyImport } from '../../../lib/lazy-import';

const settings = async () => ({
  Component: (await lazyImport(() => import('./settings-page'))).SettingsPage,
});

/** Under customer/backoffice/. */
export const settingsRoutes: RouteObject[] = [{ path: 'settings/', lazy: settings }];
