import type { RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';
import type { ProductsSection } from './products-page';

const page = (section: ProductsSection) => async () => {
  const { ProductsPage } = await lazyImport(() => import('./products-page'));
  return { Component: () => <ProductsPage section={section} /> };
};

export const productRoutes: RouteObject[] = [
  { index: true, lazy: page('list') },
  {
    path: ':id/',
    children: [
      { index: true, lazy: page('detail') },
      { path: 'confirm-order/', lazy: page('confirmOrder') },
      { path: 'invest/', lazy: page('invest') },
      { path: 'disinvest/', lazy: page('disinvest') },
    ],
  },
];
