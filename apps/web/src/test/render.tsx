// Component-test harness: Mantine with the app theme and an i18next instance loaded synchronously with
// the real catalogues, so tests assert the texts a user reads. Also the browser APIs jsdom lacks.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import i18next, { type i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import { theme } from '../lib/theme/theme';

if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window !== 'undefined' && typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// Mantine's autosizing Textarea listens for web fonts loading.
if (typeof document !== 'undefined' && !('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

// Vitest runs without globals, so Testing Library cannot register its own cleanup or act() setting.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => cleanup());

const catalogues = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

export function createTestI18n(language: 'it' | 'en' = 'it'): i18n {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, catalogue] of Object.entries(catalogues)) {
    const [, lng, ns] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    if (!lng || !ns) continue;
    resources[lng] ??= {};
    resources[lng][ns] = catalogue;
  }
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources,
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

export function renderWithProviders(ui: ReactNode, options: { language?: 'it' | 'en' } = {}) {
  const i18n = createTestI18n(options.language ?? 'en');
  return render(
    <I18nextProvider i18n={i18n}>
      {/* env="test": no transitions, so an opened popover or modal is in place at once. With them, a focus
          trap looks for a focusable element while the dropdown is still display:none (jsdom runs no
          transition), warns, and prints the whole DOM node: hundreds of lines per test. */}
      <MantineProvider theme={theme} env="test">
        {ui}
      </MantineProvider>
    </I18nextProvider>,
  );
}

/** As renderWithProviders, inside a fresh query client that never retries, so a failed call shows at once. */
export function renderWithQueryClient(ui: ReactNode, options: { language?: 'it' | 'en' } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return renderWithProviders(<QueryClientProvider client={client}>{ui}</QueryClientProvider>, options);
}
