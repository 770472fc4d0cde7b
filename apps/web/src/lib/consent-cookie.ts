// The consent cookie's format, in a module of its own: the first-view script (app/hydrate-on-intent.ts)
// records a choice made before the app has loaded, and the app (lib/consent.ts) reads and writes the
// same cookie. Kept tiny, because it ships with every page's first view.
import { COOKIE_CONSENT_DAYS } from '@lombard/shared/constants';
import { CONSENT_COOKIE } from '@lombard/shared/locale';
import { writeCookie } from './cookies';

/** On the cookie bar's "accept all" / "reject optional" buttons: `all` or `required`. */
export const CONSENT_CHOICE_ATTRIBUTE = 'data-consent-choice';
/** On the cookie bar itself, which the first-view script hides once a choice is recorded. */
export const CONSENT_BAR_ATTRIBUTE = 'data-consent-bar';

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

/** The choice a consent cookie's value records; null when there is none or it is unreadable. */
export function parseConsent(raw: string | null): ConsentChoice | null {
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

export function writeConsentCookie(choice: { functional: boolean; analytics: boolean }): ConsentChoice {
  const saved: ConsentChoice = { ...choice, decidedAt: new Date().toISOString() };
  const stored: StoredConsent = {
    v: CONSENT_VERSION,
    f: saved.functional ? 1 : 0,
    a: saved.analytics ? 1 : 0,
    t: saved.decidedAt,
  };
  writeCookie(CONSENT_COOKIE, JSON.stringify(stored), { days: COOKIE_CONSENT_DAYS });
  return saved;
}
