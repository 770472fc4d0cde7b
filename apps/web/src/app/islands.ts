// Every island (lib/islands) by its id: how the browser, and the server's island render, load its
// component. A page's <Island id="…"> names one of these.
import type { ComponentType } from 'react';
import { withNamespaces } from '../lib/i18n/load-namespaces';
import type { IslandProps } from '../lib/islands/island';

type Load = () => Promise<ComponentType<IslandProps>>;
const island = <P extends object>(load: () => Promise<ComponentType<P>>) => load as unknown as Load;

export const ISLANDS: Readonly<Record<string, Load>> = {
  'navbar-menu': island(() => import('../features/landing/components/navbar-menu').then((m) => m.NavbarMenu)),
  'navbar-controls': island(() =>
    import('../features/landing/components/navbar-controls').then((m) => m.NavbarControls),
  ),
  'hero-calculate': island(() => import('../features/landing/home/hero-calculate').then((m) => m.HeroCalculate)),
  // With the catalogues of its messages, which it names in its keys rather than through its hook.
  'advance-calculator': island(() =>
    withNamespaces(() => import('../features/advances/public/advance-calculator'), 'validation', 'advance').then(
      (m) => m.AdvanceCalculator,
    ),
  ),
  'footer-actions': island(() => import('../features/landing/components/footer-actions').then((m) => m.FooterActions)),
  'cookie-consent': island(() => import('../components/cookie-consent').then((m) => m.CookieConsent)),
};
