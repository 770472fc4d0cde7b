import type { RouteObject } from 'react-router';

export const landingRoutes: RouteObject[] = [
  { path: 'home/', id: 'landing-home', lazy: async () => ({ Component: (await import('./home-page')).HomePage }) },
];
