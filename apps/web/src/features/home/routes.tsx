import type { RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';
import type { HomeSection } from './home-page';

const page = (section: HomeSection) => async () => {
  const { HomePage } = await lazyImport(() => import('./home-page'));
  return { Component: () => <HomePage section={section} /> };
};

export const homeRoutes: RouteObject[] = [{ index: true, lazy: page('overview') }];
