import type { RouteObject } from 'react-router';
import { lazyImport } from '../../../lib/lazy-import';

const statements = async () => ({
  Component: (await lazyImport(() => import('./statements-page'))).StatementsPage,
});

/** Under customer/backoffice/. */
export const documentBackofficeRoutes: RouteObject[] = [{ path: 'statements/', lazy: statements }];
