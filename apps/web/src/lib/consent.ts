// Cookie consent (spec §1, §4, §9): three categories — required (always on), functional, analytics —
// remembered in the consent cookie for COOKIE_CONSENT_DAYS. Anything optional (error reporting,
// analytics) asks hasConsent() first and subscribes, so it can start the moment consent is given.
import { COOKIE_CONSENT_DAYS } from '@lombard/shared/constants';
import { CONSENT_COOKIE } from '@lombard/shared/locale';
import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from './cookies';

export type ConsentCategory = 'required' | 'functional' | 'analytics';
export const CONSENT_CATEGORIES: readonly ConsentCategory[] = ['required', 'functional', 'analytics'];

export interface ConsentChoice {
  functional: boolean;
  analytics: boolean;
  /** ISO timestamp of the decision, kept for the record the cookie policy promises. */
  decidedAt: string;
}

/** Bumped when the categories change, so that visitors are asked again. */
const CONSENT_VERSION = 1;

interface StoredConsent {
  v: number;
  f: 0 | 1;
  a: 0 | 1;
  t: string;
}

export function readConsent(): ConsentChoice | null {
  const raw = readCookie(CONSENT_COOKIE);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredConsent>;
    if (stored.v !== CONSENT_VERSION || typeof stored.t !== 'string') return null;
    return { functional: stored.f === 1, analytics: stored.a === 1, decidedAt: stored.t };
  } catch {
    // A cookie we cannot read counts as no decision: the bar asks again.
    return null;
  }
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
  const saved: ConsentChoice = { ...choice, decidedAt: new Date().toISOString() };
  const stored: StoredConsent = {
    v: CONSENT_VERSION,
    f: saved.functional ? 1 : 0,
    a: saved.analytics ? 1 : 0,
    t: saved.decidedAt,
  };
  writeCookie(CONSENT_COOKIE, JSON.stringify(stored), { days: COOKIE_CONSENT_DAYS });
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

export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribeConsent, getConsentState, getConsentState);
}
