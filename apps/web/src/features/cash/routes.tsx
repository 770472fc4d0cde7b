import type { RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';
import type { CashSection } from './cash-page';

const page = (section: CashSection) => async () => {
  const { CashPage } = await lazyImport(() => import('./cash-page'));
  return { Component: () => <CashPage section={section} /> };
};

export const cashRoutes: RouteObject[] = [
  { index: true, lazy: page('overview') },
  { path: 'confirm-cash/', lazy: page('confirmCash') },
];
