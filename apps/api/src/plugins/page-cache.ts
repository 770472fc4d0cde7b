// Rendered public pages, kept for a short while. A public page is the same for every anonymous visitor
// who asks for it in the same language, colour scheme and cookie-consent state, so rendering it once
// serves them all (docs/decisions/006: the way past the renderer's cost). What is never
// cached: a visitor with a session cookie (the signed-in navbar is rendered for them), an app shell, a
// redirect. Pages show data (products, help centre, settings): an entry is fresh for FRESH_MS, so a
// change shows within that time and one render. Past it the entry is still sent while one render
// replaces it, so that visitors never queue behind a render of a page the server already has; an entry
// nobody asked for in STALE_MS is gone.

import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { CONSENT_COOKIE, LANGUAGE_COOKIE, SESSION_COOKIE, THEME_COOKIE } from '@lombard/shared/locale';
import type { FastifyRequest } from 'fastify';
import { EncodedBody } from '../lib/content-encoding';
import { cookieValue } from '../lib/cookie-value';

const FRESH_MS = 30_000;
const STALE_MS = 5 * 60_000;
const MAX_ENTRIES = 500;

export interface CachedPage {
  status: number;
  html: string;
}

/** A cached page as sent: its bytes, and compressed once (off the event loop) for the browsers that ask. */
export interface StoredPage extends CachedPage {
  body: EncodedBody;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The key of what the renderer reads from a request: the path and query, the language (its cookie,
 * else the browser's languages), the colour scheme and consent cookies. Null for a visitor whose page
 * may differ (signed in).
 */
export function pageKey(request: FastifyRequest, language: string): string | null {
  const cookies = request.headers.cookie ?? '';
  if (request.headers.authorization) return null;
  if (cookies && cookieValue(cookies, SESSION_COOKIE) !== null) return null;
  return [
    request.url,
    cookies ? (cookieValue(cookies, LANGUAGE_COOKIE) ?? '') : '',
    // The browser's languages as the request context already read them.
    language,
    cookies ? (cookieValue(cookies, THEME_COOKIE) ?? '') : '',
    cookies ? (cookieValue(cookies, CONSENT_COOKIE) ?? '') : '',
  ].join('\n');
}

/**
 * A bounded map: the oldest render goes first when full (a hit only reads, so that it costs a lookup). `get` says whether an entry is
 * past FRESH_MS (send it, and render it again through `once`); past FRESH_MS + STALE_MS it is gone.
 */
export function createPageCache(now: () => number = Date.now) {
  const entries = new Map<string, StoredPage & { fresh: number; expires: number }>();
  const pending = new Map<string, Promise<unknown>>();
  return {
    /** `work` for `key`, shared by every caller that asks while it runs. */
    once<T>(key: string, work: () => Promise<T>): Promise<T> {
      const running = pending.get(key);
      if (running) return running as Promise<T>;
      const started = work().finally(() => pending.delete(key));
      pending.set(key, started);
      return started;
    },
    /** Whether `once` is running for `key`. */
    isPending(key: string): boolean {
      return pending.has(key);
    },
    get(key: string): { page: StoredPage; stale: boolean } | null {
      const entry = entries.get(key);
      if (!entry) return null;
      const time = now();
      if (entry.expires <= time) {
        entries.delete(key);
        return null;
      }
      return { page: entry, stale: entry.fresh <= time };
    },
    /**
     * Compresses a rendered page once (off the event loop) and keeps it; resolves with what to send.
     * Called once per render (inside `once`): a burst of visitors waiting for one render must not each
     * compress the page, which queued hundreds of compressions ahead of every answer.
     */
    async store(key: string, page: CachedPage): Promise<StoredPage> {
      const bytes = Buffer.from(page.html);
      const [br, gzipped] = await Promise.all([
        // The best quality: a page is compressed once per render (at most every FRESH_MS), in the thread
        // pool, and sent thousands of times; 11 makes the home 8 % smaller than 9 for about 0.15 s once.
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ]);
      const time = now();
      const body = new EncodedBody(bytes, { br, gzip: gzipped });
      const entry = { ...page, body, fresh: time + FRESH_MS, expires: time + FRESH_MS + STALE_MS };
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(key, entry);
      return entry;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
