import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyImport } from '../../lib/lazy-import';
import type { HomeSection } from './home-page';

/** `loadAdvanceCard`: the advances feature's card, which the app passes in (a feature imports no other). */
const page = (section: HomeSection, loadAdvanceCard: () => Promise<ComponentType>) => async () => {
  const [{ HomePage }, AdvanceCard] = await Promise.all([lazyImport(() => import('./home-page')), loadAdvanceCard()]);
  return { Component: () => <HomePage section={section} advanceCard={AdvanceCard} /> };
};

export const homeRoutes = (loadAdvanceCard: () => Promise<ComponentType>): RouteObject[] => [
  { index: true, lazy: page('overview', loadAdvanceCard) },
];
