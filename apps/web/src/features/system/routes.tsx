import type { RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';

export const systemRoutes: { blank: RouteObject[]; notFound: RouteObject[] } = {
  blank: [
    {
      path: 'maintenance',
      lazy: async () => ({ Component: (await lazyImport(() => import('./maintenance-page'))).MaintenancePage }),
    },
  ],
  notFound: [
    {
      path: '*',
      lazy: async () => ({ Component: (await lazyImport(() => import('./not-found-page'))).NotFoundPage }),
    },
  ],
};
