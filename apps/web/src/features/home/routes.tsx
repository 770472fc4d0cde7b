import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';
import type { HomeSection } from './home-page';

/**
 * `loadAdvanceCard`: the advances feature's card; `netWorthCard`: the portfolio's net worth card, a lazy
 * component loaded when it renders. The app passes both in (a feature imports no other).
 */
const page =
  (section: HomeSection, loadAdvanceCard: () => Promise<ComponentType>, netWorthCard: ComponentType) => async () => {
    const [{ HomePage }, AdvanceCard] = await Promise.all([lazyImport(() => import('./home-page')), loadAdvanceCard()]);
    return { Component: () => <HomePage section={section} advanceCard={AdvanceCard} netWorthCard={netWorthCard} /> };
  };

export const homeRoutes = (
  loadAdvanceCard: () => Promise<ComponentType>,
  netWorthCard: ComponentType,
): RouteObject[] => [{ index: true, lazy: page('overview', loadAdvanceCard, netWorthCard) }];
