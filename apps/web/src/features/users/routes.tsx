import type { RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';

const users = async () => ({ Component: (await lazyImport(() => import('./users-page'))).UsersPage });

/** Under customer/backoffice/. One route for list and detail, so that opening a row keeps the list's selection and scroll. */
export const userRoutes: RouteObject[] = [{ path: 'users/:id?/', lazy: users }];
