import type { RouteObject } from 'react-router';
import { lazyImport } from '../../../lib/lazy-import';

const closures = async () => ({
  Component: (await lazyImport(() => import('./closures-page'))).ClosuresPage,
});

/** Under customer/backoffice/. */
export const privacyBackofficeRoutes: RouteObject[] = [{ path: 'closures/', lazy: closures }];
