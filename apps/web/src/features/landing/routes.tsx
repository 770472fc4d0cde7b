// Public routes of the landing site (spec §2). Each page is a lazy module loaded together with its
// catalogues (withNamespaces), so that it renders in one step when it arrives. On the first load the
// layout (navbar, footer) renders at once and the page's HydrateFallback holds its place.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { lazyImport } from '../../lib/lazy-import';
import { withNamespaces } from './load-namespaces';

const page = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType, ...namespaces: string[]) => ({
  HydrateFallback: PageLoader,
  lazy: async () => ({ Component: pick(await withNamespaces(() => lazyImport(load), 'landing', ...namespaces)) }),
});

export const landingRoutes: RouteObject[] = [
  {
    path: 'home/',
    id: 'landing-home',
    ...page(
      () => import('./home/home-page'),
      (m) => m.HomePage,
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
    ...page(
      () => import('./pages/investment-opportunity-page'),
      (m) => m.InvestmentOpportunityPage,
    ),
  },
  {
    path: 'products/',
    id: 'products',
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
    ...page(
      () => import('./pages/newsletter-page'),
      (m) => m.NewsletterConfirmPage,
      'contact',
    ),
  },
];
