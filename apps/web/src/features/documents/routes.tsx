import type { RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';

export const documentRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await lazyImport(() => import('./documents-page'))).DocumentsPage }),
  },
];
