import type { RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';
import type { LoanSection } from './loan-page';

const page = (section: LoanSection) => async () => {
  const { LoanPage } = await lazyImport(() => import('./loan-page'));
  return { Component: () => <LoanPage section={section} /> };
};

export const loanRoutes: RouteObject[] = [
  { index: true, lazy: page('overview') },
  { path: 'confirm-loan/', lazy: page('confirmLoan') },
  { path: 'calculator/', lazy: page('calculator') },
];
