import type { RouteObject } from 'react-router';

export const systemRoutes: { blank: RouteObject[]; notFound: RouteObject[] } = {
  blank: [
    {
      path: 'maintenance',
      lazy: async () => ({ Component: (await import('./maintenance-page')).MaintenancePage }),
    },
  ],
  notFound: [{ path: '*', lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }) }],
};
