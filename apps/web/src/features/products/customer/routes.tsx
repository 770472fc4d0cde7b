import type { RouteObject } from 'react-router';
import { lazyImport } from '../../../lib/lazy-import';

const list = async () => ({ Component: (await lazyImport(() => import('./product-list-page'))).ProductListPage });
const detail = async () => ({
  Component: (await lazyImport(() => import('./product-detail-page'))).ProductDetailPage,
});
const invest = async () => ({ Component: (await lazyImport(() => import('./invest-page'))).InvestPage });
const confirmOrder = async () => ({
  Component: (await lazyImport(() => import('./confirm-order-page'))).ConfirmOrderPage,
});
const disinvest = async () => ({ Component: (await lazyImport(() => import('./disinvest-page'))).DisinvestPage });

/** Children of customer/product/ (every profile; the screens themselves say what needs an approved profile). */
export const productRoutes: RouteObject[] = [
  { index: true, lazy: list },
  {
    path: ':id/',
    children: [
      { index: true, lazy: detail },
      { path: 'confirm-order/', lazy: confirmOrder },
      { path: 'invest/', lazy: invest },
      { path: 'disinvest/', lazy: disinvest },
    ],
  },
];
