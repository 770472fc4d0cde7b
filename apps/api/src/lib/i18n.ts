// Server-side translations: one i18next instance, catalogues in src/locales/<lang>/<namespace>.json.
// Each feature owns its namespace file; the request's language comes from Accept-Language.
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, languageFromAcceptLanguage } from '@lombard/shared/locale';
import { memoize } from '@lombard/shared/memoize';
import i18next, { type TOptions } from 'i18next';

const LOCALES_DIR = path.resolve(import.meta.dirname, '../locales');

function loadResources() {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const language of LANGUAGES) {
    resources[language] = {};
    const folder = path.join(LOCALES_DIR, language);
    for (const file of readdirSync(folder)) {
      if (!file.endsWith('.json')) continue;
      resources[language][file.slice(0, -5)] = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
    }
  }
  return resources;
}

const resources = loadResources();
export const namespaces = Object.keys(resources[DEFAULT_LANGUAGE] ?? {});

const instance = i18next.createInstance();
void instance.init({
  resources: resources as never,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: namespaces,
  defaultNS: 'errors',
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export type Translate = (key: string, options?: TOptions) => string;

/** A request's language: the one its Accept-Language prefers among ours, Italian by default. */
export const languageOfRequest = (request: { headers: IncomingHttpHeaders }): Language =>
  languageFromAcceptLanguage(request.headers['accept-language']);

const translators = new Map<Language, Translate>();
const MAX_REMEMBERED_TEXTS = 10_000;

/** A translate function bound to one language (one per language, shared). Keys are `namespace:path.to.key`. */
export function translator(language: Language): Translate {
  let translate = translators.get(language);
  if (!translate) {
    const fixed = instance.getFixedT(language);
    // The catalogues never change while the process runs: a text with nothing to fill in is looked up
    // once (lists translate every row's type and status). Bounded, in case a key is ever built from data.
    const plain = memoize((key) => fixed(key) as string, MAX_REMEMBERED_TEXTS);
    translate = (key, options) => (options ? (fixed(key, options) as string) : plain(key));
    translators.set(language, translate);
  }
  return translate;
}
