// Public routes of the landing site. Each page is a lazy module loaded together with its catalogues
// (withNamespaces), so that it renders in one step when it arrives. On the first load the layout
// (navbar, footer) renders at once and the page's HydrateFallback holds its place.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import type { AdvanceTermsProps } from '../../lib/global-config';
import { currentLanguage } from '../../lib/i18n/i18n';
import { withNamespaces } from '../../lib/i18n/load-namespaces';
import { lazyImport } from '../../lib/lazy-import';
import { queryClient } from '../../lib/query-client';
import { publicProductsQuery } from './api';

// Pages that show the products have them before they render: in the server's HTML, and without a
// loading state after a navigation. A failed call is the page's own error state, not the route's.
const withProducts = {
  loader: () => queryClient.prefetchQuery(publicProductsQuery(currentLanguage())).then(() => null),
};

const page = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType, ...namespaces: string[]) => ({
  HydrateFallback: PageLoader,
  lazy: async () => ({ Component: pick(await withNamespaces(() => lazyImport(load), 'landing', ...namespaces)) }),
});

/**
 * `advanceCalculator`: the advances feature's calculator, for the home (a feature imports no other: the
 * app passes it in).
 */
export const landingRoutes = ({
  advanceCalculator,
}: {
  advanceCalculator: ComponentType<AdvanceTermsProps>;
}): RouteObject[] => [
  {
    path: 'home/',
    id: 'landing-home',
    // Its controls are all islands: the Menu, the hero's button, the calculator, the footer's buttons.
    handle: { islands: true },
    ...withProducts,
    ...page(
      () => import('./home/home-page'),
      (m) =>
        function LandingHome() {
          return <m.HomePage advanceCalculator={advanceCalculator} />;
        },
    ),
  },
  {
    path: 'why-us/',
    id: 'why-us',
    ...page(
      () => import('./pages/why-us-page'),
      (m) => m.WhyUsPage,
      'about',
    ),
  },
  {
    path: 'about-us/',
    id: 'about-us',
    ...page(
      () => import('./pages/about-us-page'),
      (m) => m.AboutUsPage,
      'about',
    ),
  },
  {
    path: 'contact/',
    id: 'contact',
    ...page(
      () => import('./pages/contact-page'),
      (m) => m.ContactPage,
      'contact',
      'validation',
    ),
  },
  {
    path: 'investment-opportunity/',
    id: 'investment-opportunity',
    ...withProducts,
    ...page(
      () => import('./pages/investment-opportunity-page'),
      (m) => m.InvestmentOpportunityPage,
    ),
  },
  {
    path: 'products/',
    id: 'products',
    ...withProducts,
    ...page(
      () => import('./pages/products-page'),
      (m) => m.ProductsPage,
    ),
  },
  {
    path: 'terms/',
    id: 'terms',
    ...page(
      () => import('./legal/legal-page'),
      (m) => m.TermsPage,
      'legal',
    ),
  },
  {
    path: 'privacy-policy/',
    id: 'privacy-policy',
    ...page(
      () => import('./legal/legal-page'),
      (m) => m.PrivacyPolicyPage,
      'legal',
    ),
  },
  {
    path: 'cookie-policy/',
    id: 'cookie-policy',
    ...page(
      () => import('./legal/legal-page'),
      (m) => m.CookiePolicyPage,
      'legal',
    ),
  },
  {
    path: 'newsletter/',
    id: 'newsletter',
    ...page(
      () => import('./pages/newsletter-page'),
      (m) => m.NewsletterPage,
      'contact',
      'validation',
    ),
  },
  {
    path: 'newsletter/confirm/',
    id: 'newsletter-confirm',
    // It confirms the address as it opens, which only the app can do: not rendered on the server.
    handle: { serverRendered: false },
    ...page(
      () => import('./pages/newsletter-page'),
      (m) => m.NewsletterConfirmPage,
      'contact',
    ),
  },
];
