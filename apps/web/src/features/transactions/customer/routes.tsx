import type { RouteObject } from 'react-router';
import { lazyImport } from '../../../lib/lazy-import';
import type { TransactionsSection } from './transactions-page';

const page = (section: TransactionsSection) => async () => {
  const { TransactionsPage } = await lazyImport(() => import('./transactions-page'));
  return { Component: () => <TransactionsPage section={section} /> };
};

export const transactionRoutes: RouteObject[] = [{ index: true, lazy: page('list') }];
