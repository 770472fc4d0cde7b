import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataRouter } from 'react-router';
import { CookieConsent } from '../components/cookie-consent';
import { MaintenanceDialog } from '../components/maintenance-dialog';
import { ToastArea } from '../components/toast-area';
import { TopProgress } from '../components/top-progress';
import { useErrorReporting } from '../lib/error-reporting';
import { queryClient } from '../lib/query-client';
import { cookieColorSchemeManager } from '../lib/theme/color-scheme-manager';
import { cssVariablesResolver, theme } from '../lib/theme/theme';

const colorSchemeManager = cookieColorSchemeManager();

interface Props {
  /** The browser's router, or the server's static one (server-entry.tsx). */
  router: DataRouter;
  /** <RouterProvider> in the browser, <StaticRouterProvider> on the server. */
  children: ReactNode;
}

export function App({ router, children }: Props) {
  const { i18n } = useTranslation('common');
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      // The theme's variables and classes are in the stylesheet (lib/theme/mantine-variables.gen.css), not
      // in a <style> repeated in every server-rendered page.
      withCssVariables={false}
      withGlobalClasses={false}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      {/* The week starts on Monday in both languages; calendars follow the interface language. */}
      <DatesProvider settings={{ locale: i18n.language === 'en' ? 'en' : 'it', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <ToastArea />
          {children}
          {/* After the page: the cookie bar's buttons must not come before the page's skip link. */}
          <Shell router={router} />
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
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
        <CookieConsent navigate={navigate} />
      </Suspense>
    </>
  );
}
