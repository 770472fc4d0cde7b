import type { RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';
import type { WalletSection } from './wallet-page';

const page = (section: WalletSection) => async () => {
  const { WalletPage } = await lazyImport(() => import('./wallet-page'));
  return { Component: () => <WalletPage section={section} /> };
};

export const walletRoutes: RouteObject[] = [{ index: true, lazy: page('list') }];

export { NetWorthCard } from './net-worth-lazy';
