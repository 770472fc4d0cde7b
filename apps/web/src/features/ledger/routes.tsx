import type { RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';

const ledger = async () => ({ Component: (await lazyImport(() => import('./ledger-page'))).LedgerPage });

/** Under customer/backoffice/. */
export const ledgerRoutes: RouteObject[] = [{ path: 'ledger/', lazy: ledger }];
