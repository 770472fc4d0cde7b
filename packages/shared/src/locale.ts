// Languages of the interface: Italian by default, English as fallback.
import { memoize } from './memoize';

export const LOCALES = ['it-IT', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'it-IT';
export const FALLBACK_LOCALE: Locale = 'en-US';

export const LANGUAGES = ['it', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'it';

export const LANGUAGE_COOKIE = 'lombard_language';
export const THEME_COOKIE = 'lombard_theme';
export const CONSENT_COOKIE = 'lombard_consent';
/**
 * "Signed in on this device" for scripts and the server renderer; holds no token (apps/web
 * lib/session/token-store, docs/decisions/022).
 */
export const SESSION_COOKIE = 'lombard_session';
/** The refresh token in the browser: httpOnly, SameSite=Strict, sent only to the token calls (022). */
export const REFRESH_COOKIE = 'lombard_refresh';
export const REFRESH_COOKIE_PATH = '/api/account/token/';
/**
 * Sent by the web app on its token calls: "keep the refresh token in the cookie". A page of another site
 * can neither send it (a form cannot, a script would need CORS, which the API never grants) nor read the
 * cookie, so a call carrying it is the app's own.
 */
export const COOKIE_SESSION_HEADER = 'x-lombard-session';

export function languageOf(locale: Locale): Language {
  return locale === 'en-US' ? 'en' : 'it';
}

export function localeOf(language: Language): Locale {
  return language === 'en' ? 'en-US' : 'it-IT';
}

/**
 * Maps any BCP 47 tag (browser language, Accept-Language entry, cookie) to a supported locale, or null.
 * Every English variant (en-GB, en-AU, …) counts as en-US; every Italian one as it-IT.
 */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'it') return 'it-IT';
  if (primary === 'en') return 'en-US';
  return null;
}

const RANKED_LANGUAGES_MAX = 1000;
// Browsers send a handful of distinct headers: each is ranked once.
const rankedLanguage = memoize(rankLanguages, RANKED_LANGUAGES_MAX);

/** Picks the best supported language from an Accept-Language header, honouring q-values. */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  return rankedLanguage(header);
}

function rankLanguages(header: string): Language {
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const locale = matchLocale(entry.tag);
    if (locale) return languageOf(locale);
  }
  return DEFAULT_LANGUAGE;
}
