// Cookie consent: three categories — required (always on), functional, analytics — remembered in
// the consent cookie for COOKIE_CONSENT_DAYS. Anything optional (error reporting, analytics) asks
// hasConsent() first and subscribes, so it can start the moment consent is given.
import { CONSENT_COOKIE } from '@lombard/shared/locale';
import { useSyncExternalStore } from 'react';
import { type ConsentChoice, parseConsent, writeConsentCookie } from './consent-cookie';
import { readCookie } from './cookies';
import { cookiesAtPageLoad } from './hydration';

export type { ConsentChoice } from './consent-cookie';
export type ConsentCategory = 'required' | 'functional' | 'analytics';

export function readConsent(): ConsentChoice | null {
  return parseConsent(readCookie(CONSENT_COOKIE));
}

interface ConsentState {
  choice: ConsentChoice | null;
  /** The preferences dialog, opened from the bar or from the footer's "cookie preferences" link. */
  preferencesOpen: boolean;
}

let state: ConsentState = { choice: readConsent(), preferencesOpen: false };
const listeners = new Set<() => void>();

function setState(next: ConsentState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getConsentState(): ConsentState {
  return state;
}

/** Re-reads the cookie (tests, or another tab changed it). */
export function reloadConsent(): void {
  setState({ ...state, choice: readConsent() });
}

export function saveConsent(choice: { functional: boolean; analytics: boolean }): ConsentChoice {
  const saved = writeConsentCookie(choice);
  setState({ choice: saved, preferencesOpen: false });
  return saved;
}

export const acceptAllCookies = () => saveConsent({ functional: true, analytics: true });
export const rejectOptionalCookies = () => saveConsent({ functional: false, analytics: false });

/** Required cookies are always allowed; the others only after an explicit yes. */
export function hasConsent(category: ConsentCategory): boolean {
  if (category === 'required') return true;
  return state.choice?.[category] ?? false;
}

/** Opens the preferences dialog, e.g. from the footer's "Cookie preferences" link. */
export function openCookiePreferences(): void {
  setState({ ...state, preferencesOpen: true });
}

export function closeCookiePreferences(): void {
  if (!state.preferencesOpen) return;
  setState({ ...state, preferencesOpen: false });
}

// What the server rendered with. In the browser that is the cookie as the page was requested: a choice
// the first-view script recorded before the app arrived would otherwise make hydration find a bar the
// app no longer renders (docs/decisions/006); React hydrates with this, then re-renders with the cookie.
let pageLoadState: ConsentState | null = null;
function getServerConsentState(): ConsentState {
  if (typeof document === 'undefined') return state;
  pageLoadState ??= { choice: parseConsent(readCookie(CONSENT_COOKIE, cookiesAtPageLoad)), preferencesOpen: false };
  return pageLoadState;
}

export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribeConsent, getConsentState, getServerConsentState);
}
