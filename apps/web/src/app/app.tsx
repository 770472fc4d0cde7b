import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataRouter, Link, useLocation } from 'react-router';
import { CookieConsent } from '../components/cookie-consent';
import { MaintenanceDialog } from '../components/maintenance-dialog';
import { ToastArea } from '../components/toast-area';
import { TopProgress } from '../components/top-progress';
import { type Routing, RoutingContext } from '../lib/app-link';
import { useErrorReporting } from '../lib/error-reporting';
import { Island } from '../lib/islands/island';
import { queryClient } from '../lib/query-client';
import { ThemeProvider } from '../lib/theme/theme-provider';

const usePathname = () => useLocation().pathname;

interface Props {
  /** The browser's router, or the server's static one (server-entry.tsx). */
  router: DataRouter;
  /** <RouterProvider> in the browser, <StaticRouterProvider> on the server. */
  children: ReactNode;
}

export function App({ router, children }: Props) {
  const { i18n } = useTranslation('common');
  // Components that also run as islands link and navigate through this (lib/app-link).
  const routing = useMemo<Routing>(() => ({ Link, navigate: (to) => void router.navigate(to), usePathname }), [router]);
  return (
    <ThemeProvider>
      {/* The week starts on Monday in both languages; calendars follow the interface language. */}
      <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'it', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <RoutingContext value={routing}>
            <ToastArea />
            {children}
            {/* After the page: the cookie bar's buttons must not come before the page's skip link. */}
            <Shell router={router} />
          </RoutingContext>
        </QueryClientProvider>
      </DatesProvider>
    </ThemeProvider>
  );
}

// The shell's overlays live outside the route tree so that they survive route errors; they navigate
// through the router object instead of hooks.
function Shell({ router }: { router: DataRouter }) {
  useErrorReporting();
  const navigate = (to: string) => void router.navigate(to);
  const isNavigating = () => router.state.navigation.state !== 'idle';
  const navigating = useSyncExternalStore(router.subscribe, isNavigating, () => false);
  return (
    <>
      <TopProgress busy={navigating} />
      <MaintenanceDialog navigate={navigate} />
      {/* The consent texts are a separate catalogue: nothing is shown until it has loaded. */}
      <Suspense fallback={null}>
        <Island id="cookie-consent" component={CookieConsent} props={{}} />
      </Suspense>
    </>
  );
}
