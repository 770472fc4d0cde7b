// Starts the app in the browser: a fresh render for pages the server did not render (the customer area,
// the back-office, the auth screens), hydration of the server's HTML for the public site.
// First: before any shared zod schema is created (see the module).
import '../lib/zod-jitless';
import { hydrate as hydrateQueries } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { markPageHydrated, setHydratingServerPage } from '../lib/hydration';
import { initI18n } from '../lib/i18n/i18n';
import { preloadComponents } from '../lib/lazy-component';
import { queryClient } from '../lib/query-client';
import { registerNavigator } from '../lib/session/navigation';
import { isIslandsState, readSsrState } from '../lib/ssr-state';
import { App } from './app';
import { routes } from './router';

declare global {
  interface Window {
    __staticRouterHydrationData?: unknown;
  }
}

function rootElement(): HTMLElement {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  return root;
}

function createAppRouter() {
  const router = createBrowserRouter(routes);
  // The HTTP layer sends users to the login page when a session ends; it navigates through the router.
  registerNavigator((to) => void router.navigate(to));
  return router;
}

export async function startApp(): Promise<void> {
  await initI18n();
  const router = createAppRouter();
  createRoot(rootElement()).render(
    <StrictMode>
      <App router={router}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>,
  );
}

/** The matched routes' lazy modules, loaded before hydrating so that the first render equals the server's. */
async function resolveLazyRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined } satisfies Partial<RouteObject>);
    }),
  );
}

export async function hydrateApp(): Promise<void> {
  const state = readSsrState();
  // A page made of islands is hydrated by islands-boot; should the app be asked to, it renders afresh.
  if (!state || isIslandsState(state)) return startApp();
  await initI18n(state.locale);
  await Promise.all([i18next.loadNamespaces(state.namespaces), resolveLazyRoutes()]);
  // After the route modules: some of these components are declared inside them.
  await preloadComponents(state.components);
  hydrateQueries(queryClient, state.queries);
  // The router reads (and revives the errors of) its hydration data from this global.
  window.__staticRouterHydrationData = state.router;
  const router = createAppRouter();
  setHydratingServerPage(true);
  const stop = router.subscribe(() => {
    setHydratingServerPage(false);
    stop();
  });
  const committed = new Promise<void>((resolve) => {
    // In a transition: React then hydrates in slices of a few ms, so a tap that comes meanwhile (the
    // page hydrates at idle, before any tap: decision 033) is answered between two slices rather than
    // after one long task.
    startTransition(() => {
      hydrateRoot(
        rootElement(),
        <StrictMode>
          <App router={router}>
            <RouterProvider router={router} />
          </App>
          <HydratedMark onCommit={resolve} />
        </StrictMode>,
        // A mismatch is a bug: say so where the browser tests look (the page still works, React re-renders).
        { onRecoverableError: (error) => console.error('hydration:', error) },
      );
    });
  });
  await committed;
}

/**
 * Marks the page hydrated once React has committed it. hydrateRoot returns before that: React renders
 * in slices and attaches the handlers at the commit, and a click replayed in between (hydrate-on-intent)
 * would reach a page that is not React's yet. Effects run after the commit, this one after the app's.
 * It renders nothing, so the server's markup stays the same.
 */
function HydratedMark({ onCommit }: { onCommit: () => void }) {
  useEffect(() => {
    markPageHydrated();
    onCommit();
  }, [onCommit]);
  return null;
}
