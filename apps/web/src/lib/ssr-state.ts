// What the server hands the browser with a server-rendered page (docs/decisions/006): the language it
// rendered in, the catalogues it used, the router's loader data and the query cache. It travels as a
// non-executable JSON script (the CSP allows no inline script), read once when the app hydrates.
import type { Locale } from '@lombard/shared/locale';
import { SSR_STATE_ELEMENT_ID } from '@lombard/shared/server-rendering';
import type { DehydratedState } from '@tanstack/react-query';
import type { ErrorReportingSettings } from './error-reporting';

export interface SerializedRouteError {
  __type: 'RouteErrorResponse';
  status: number;
  statusText: string;
  data: unknown;
  internal: boolean;
}

export interface SsrState {
  locale: Locale;
  namespaces: string[];
  /** Lazy components the page was rendered with (lib/lazy-component). */
  components: string[];
  router: {
    loaderData: Record<string, unknown>;
    actionData: Record<string, unknown> | null;
    errors: Record<string, SerializedRouteError | { __type: 'Error'; message: string }> | null;
  };
  queries: DehydratedState;
}

/** One island of a page made of islands (lib/islands): what its component gets and the catalogues it used. */
export interface IslandState {
  id: string;
  props: Record<string, string | number | boolean | null>;
  namespaces: string[];
}

/** A page made of islands carries only what they need, by the index in their containers. */
export interface IslandsState {
  locale: Locale;
  islands: Record<number, IslandState>;
  /** The global configuration's error reporting, when it has a DSN (lib/error-reporting). */
  errorReporting?: ErrorReportingSettings;
}

export type PageState = SsrState | IslandsState;

export const isIslandsState = (state: PageState): state is IslandsState => 'islands' in state;

/** JSON that is safe inside a <script> element: no `</script>`, no HTML comment openers. */
export function serialiseSsrState(state: PageState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function readSsrState(): PageState | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(SSR_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as PageState;
}
