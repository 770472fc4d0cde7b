import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyImport } from '../../../lib/lazy-import';

const overview = async () => ({ Component: (await lazyImport(() => import('./overview-page'))).OverviewPage });
const calculator = async () => ({ Component: (await lazyImport(() => import('./calculator-page'))).CalculatorPage });
const confirmLoan = async () => ({
  Component: (await lazyImport(() => import('./confirm-loan-page'))).ConfirmLoanPage,
});
const borrowOrSell = async () => ({
  Component: (await lazyImport(() => import('./borrow-or-sell-page'))).BorrowOrSellPage,
});
const advance = async () => ({ Component: (await lazyImport(() => import('./advance-page'))).AdvancePage });

/** Children of customer/loan/ (customer and admin). */
export const advanceRoutes: RouteObject[] = [
  { index: true, lazy: overview },
  { path: 'confirm-loan/', lazy: confirmLoan },
  { path: 'calculator/', lazy: calculator },
  { path: 'borrow-or-sell/', lazy: borrowOrSell },
  { path: ':id/', lazy: advance },
];

/** The card the customer home shows (borrowing power, the advance under way); the app hands it to the home. */
export const loadAdvanceCard = async (): Promise<ComponentType> =>
  (await lazyImport(() => import('./advance-card'))).AdvanceCard;

/** The remedy ranking the settings page shows; the app hands it to the account feature. */
export const loadRemedyRanking = async (): Promise<ComponentType> =>
  (await lazyImport(() => import('./remedy-ranking'))).RemedyRankingCard;
