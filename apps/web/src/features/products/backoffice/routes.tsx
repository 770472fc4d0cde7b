import type { RouteObject } from 'react-router';
import { lazyImport } from '../../../lib/lazy-import';

const page = async () => ({
  Component: (await lazyImport(() => import('./admin-products-page'))).AdminProductsPage,
});

/**
 * The back office's products page, under customer/backoffice/ (its drawer opens on
 * products/{id}/ and products/new/ over the list).
 */
export const productBackofficeRoutes: RouteObject[] = [{ path: 'products/:id?/', lazy: page }];
