// i18next for the web app. Italian is the source language; catalogues are split per feature namespace
// (src/locales/<lang>/<namespace>.json) and loaded on demand, so a page downloads only what it shows.
import {
  DEFAULT_LOCALE,
  LANGUAGE_COOKIE,
  type Language,
  type Locale,
  languageOf,
  matchLocale,
} from '@lombard/shared/locale';
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import 'dayjs/locale/en';
import updateLocale from 'dayjs/plugin/updateLocale';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from '../cookies';

// The week starts on Monday in both languages (dayjs's English default is Sunday).
dayjs.extend(updateLocale);
dayjs.updateLocale('en', { weekStart: 1 });

const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

/** The cookie's choice, else the browser's language when supported (en-GB → en-US), else it-IT. */
export function detectLocale(): Locale {
  const saved = matchLocale(readCookie(LANGUAGE_COOKIE));
  if (saved) return saved;
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of browser) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

function applyDocumentLanguage(language: Language) {
  dayjs.locale(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export async function initI18n(locale: Locale = detectLocale()) {
  const language = languageOf(locale);
  applyDocumentLanguage(language);
  await i18next
    .use(initReactI18next)
    .use(
      resourcesToBackend(async (lng: string, ns: string) => {
        const load = catalogues[`../../locales/${lng}/${ns}.json`];
        if (!load) throw new Error(`missing catalogue ${lng}/${ns}`);
        return (await load()).default;
      }),
    )
    .init({
      lng: language,
      // Every key exists in both languages (scripts/check-i18n.mjs fails CI otherwise), so no fallback:
      // a fallback language would be downloaded with every catalogue, for nothing.
      fallbackLng: false,
      supportedLngs: ['it', 'en'],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  i18next.on('languageChanged', (lng) => applyDocumentLanguage(lng === 'en' ? 'en' : 'it'));
  return i18next;
}

export function currentLanguage(): Language {
  return i18next.language === 'en' ? 'en' : 'it';
}

/** Switches the interface language and remembers it in the language cookie. */
export async function changeLocale(locale: Locale) {
  writeCookie(LANGUAGE_COOKIE, locale, { days: 365 });
  await i18next.changeLanguage(languageOf(locale));
}
