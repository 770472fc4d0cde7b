// What a browser gets for a page whose address the router cannot decode (a link cut off in the middle of
// an escape, such as `/home/%E0%A4%A`): a small page of its own, in the visitor's language and colour
// scheme, instead of the API's JSON. It cannot be the app's page: the app's router would meet the same
// address. Self-contained (inline style, no script), so the content security policy lets it show as is.
import { LANGUAGE_COOKIE, type Language, languageOf, matchLocale, THEME_COOKIE } from '@lombard/shared/locale';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from './cookie-value';
import { escapeText } from './html-escape';
import { languageOfRequest, translator } from './i18n';
import { isPagePath } from './page-paths';

/** A request for a page (not the API's, not a built file) from a client that reads HTML. */
export function asksForAPage(request: FastifyRequest): boolean {
  return isPagePath(request.url) && (request.headers.accept ?? '').includes('text/html');
}

const STYLE = [
  ':root{color-scheme:light dark;--bg:#f5f7fb;--card:#fff;--text:#1a1f2b;--dim:#5b6478;--accent:#0b3d91}',
  '@media (prefers-color-scheme:dark){:root:not([data-scheme=light]){--bg:#10141c;--card:#1a202b;--text:#e6e9f0;--dim:#a3abbd;--accent:#7fa6ee}}',
  ':root[data-scheme=dark]{color-scheme:dark;--bg:#10141c;--card:#1a202b;--text:#e6e9f0;--dim:#a3abbd;--accent:#7fa6ee}',
  ':root[data-scheme=light]{color-scheme:light}',
  'body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'main{box-sizing:border-box;max-width:30rem;margin:1rem;padding:2.5rem 2rem;background:var(--card);border-radius:16px;text-align:center;box-shadow:0 8px 30px rgb(0 0 0/.08)}',
  '.code{margin:0;font-size:3.5rem;font-weight:900;line-height:1;color:var(--accent)}',
  'h1{margin:1rem 0 .5rem;font-size:1.6rem}p{margin:0 0 1.75rem;color:var(--dim)}',
  'a{display:inline-block;padding:.7rem 1.4rem;border-radius:8px;background:var(--accent);color:var(--card);font-weight:600;text-decoration:none}',
  'a:focus-visible{outline:3px solid var(--accent);outline-offset:3px}',
].join('');

function page(language: Language, scheme: 'light' | 'dark' | null): string {
  const t = translator(language);
  const title = escapeText(t('pages:badAddress.title'));
  const schemeAttribute = scheme ? ` data-scheme="${scheme}"` : '';
  return `<!doctype html><html lang="${language}"${schemeAttribute}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${title} — Lombard</title><style>${STYLE}</style></head><body><main><p class="code" aria-hidden="true">400</p><h1>${title}</h1><p>${escapeText(t('pages:badAddress.body'))}</p><a href="/home/">${escapeText(t('pages:badAddress.home'))}</a></main></body></html>`;
}

/** Sends the page, with status 400; the caller has set the headers every document carries. */
export function sendBadAddressPage(request: FastifyRequest, reply: FastifyReply) {
  const cookies = request.headers.cookie ?? '';
  const chosen = cookies ? matchLocale(cookieValue(cookies, LANGUAGE_COOKIE)) : null;
  const language = chosen ? languageOf(chosen) : languageOfRequest(request);
  const theme = cookies ? cookieValue(cookies, THEME_COOKIE) : null;
  const scheme = theme === 'light' || theme === 'dark' ? theme : null;
  return reply
    .status(400)
    .header('content-language', language)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page(language, scheme));
}
