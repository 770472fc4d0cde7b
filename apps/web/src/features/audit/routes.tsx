import type { RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';

const audit = async () => ({ Component: (await lazyImport(() => import('./audit-page'))).AuditPage });

/** Under customer/backoffice/; an entry opens over the list, under its own path. */
export const auditRoutes: RouteObject[] = [{ path: 'audit-log/:id?/', lazy: audit }];
