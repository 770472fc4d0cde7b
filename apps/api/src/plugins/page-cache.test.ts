// Rendered public pages are shared by anonymous visitors who would get the same page, and only by them.
// A stand-in renderer (same contract as the web build's) counts its renders and shows what it read.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as zlib from 'node:zlib';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createPageCache } from './page-cache';

// Counts the compressions of stored pages (the cache's own, off the event loop).
vi.mock('node:zlib', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:zlib')>();
  return { ...actual, brotliCompress: vi.fn(actual.brotliCompress), gzip: vi.fn(actual.gzip) };
});

const INDEX =
  '<!doctype html><html lang="it"><head><title>Lombard</title></head><body><div id="root"></div></body></html>';

const RENDERER = `
let renders = 0;
export function routeStatus() { return 200; }
export function createRenderer(api) {
  return async ({ url, cookies, acceptLanguage, clientAddress }) => {
    renders++;
    // A page the size of the real home page, which reads the API as the real one does.
    if (url.startsWith('/large/')) {
      const config = await api({ method: 'GET', url: '/api/get-global-config/', headers: {}, clientAddress });
      return { kind: 'page', status: 200, html: '<main>' + url + ' render ' + renders + ' ' + config.status + '</main>' + '<p>Lombard</p>'.repeat(12000), language: 'it', title: null, description: null, colorScheme: null, state: '{}' };
    }
    const language = /lombard_language=en/.test(cookies) || (!/lombard_language=/.test(cookies) && acceptLanguage.startsWith('en')) ? 'en' : 'it';
    const scheme = /lombard_theme=(light|dark)/.exec(cookies)?.[1] ?? null;
    const who = /lombard_session=/.test(cookies) ? 'signed-in' : 'anonymous';
    return { kind: 'page', status: 200, html: '<main>' + url + ' ' + who + ' render ' + renders + '</main>', language, title: null, description: null, colorScheme: scheme, state: '{}' };
  };
}
`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'lombard-page-cache-'));
  mkdirSync(path.join(dist, '.ssr'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, '.ssr', 'server-entry.js'), RENDERER);
  t = await createTestApp({ seed: false, env: { WEB_DIST: dist, SERVE_WEB: 'true' } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, headers: res.headers, main: /<main>(.*?)<\/main>/.exec(res.body)?.[1] ?? '' };
};

describe('cache of rendered pages', () => {
  it('renders a public page once for the anonymous visitors of one language', async () => {
    const first = await page('/home/', { 'accept-language': 'it-IT' });
    const second = await page('/home/', { 'accept-language': 'it' });
    expect(first.main).toMatch(/^\/home\/ anonymous render \d+$/);
    expect(second.body).toBe(first.body);
    expect(second.headers.vary).toMatch(/Cookie, Accept-Language/);
    expect(second.headers['cache-control']).toBe('no-cache');
    expect(second.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('keeps languages, colour schemes and addresses apart', async () => {
    const it_ = await page('/about-us/', { 'accept-language': 'it' });
    const en = await page('/about-us/', { 'accept-language': 'en-GB' });
    const enByCookie = await page('/about-us/', { cookie: 'lombard_language=en' });
    const dark = await page('/about-us/', { 'accept-language': 'it', cookie: 'lombard_theme=dark' });
    const other = await page('/products/', { 'accept-language': 'it' });
    expect(it_.body).toContain('<html lang="it"');
    expect(en.body).toContain('<html lang="en"');
    expect(enByCookie.body).toContain('<html lang="en"');
    expect(dark.body).toContain('data-mantine-color-scheme="dark"');
    expect(new Set([it_.main, en.main, enByCookie.main, dark.main, other.main]).size).toBe(5);
    // Each of them is now served as it was rendered.
    expect((await page('/about-us/', { 'accept-language': 'en-GB' })).body).toBe(en.body);
    expect((await page('/about-us/', { 'accept-language': 'it', cookie: 'lombard_theme=dark' })).body).toBe(dark.body);
  });

  it('renders a page once for visitors who ask for it at the same moment', async () => {
    const burst = await Promise.all(Array.from({ length: 5 }, () => page('/burst/', { 'accept-language': 'it' })));
    expect(new Set(burst.map((answer) => answer.main)).size).toBe(1);
  });

  it('renders every time for a signed-in visitor, and never gives that page to anyone else', async () => {
    const anonymous = await page('/partners/');
    const signedIn = await page('/partners/', { cookie: 'lombard_session=abc' });
    const again = await page('/partners/', { cookie: 'lombard_session=abc' });
    expect(signedIn.main).toContain('signed-in');
    expect(again.main).not.toBe(signedIn.main);
    expect((await page('/partners/')).body).toBe(anonymous.body);
  });
});

describe('compressed cached pages', () => {
  // A cold page under load (100 connections, as the benchmark): every waiter of the one render used to
  // store and compress the page itself, which queued hundreds of compressions of 150 KB ahead of every
  // answer, and none of the visitors got the page within seconds.
  it('compresses a page once for a burst of visitors who missed the cache together, and sends them that copy', async () => {
    vi.mocked(zlib.brotliCompress).mockClear();
    vi.mocked(zlib.gzip).mockClear();
    const headers = { 'accept-language': 'it', 'accept-encoding': 'gzip, deflate, br' };
    const burst = await Promise.all(
      Array.from({ length: 100 }, () => t.app.inject({ method: 'GET', url: '/large/', headers })),
    );
    expect(vi.mocked(zlib.brotliCompress)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(zlib.gzip)).toHaveBeenCalledTimes(1);
    const later = await t.app.inject({ method: 'GET', url: '/large/', headers });
    expect(later.headers['content-encoding']).toBe('br');
    const page = brotliDecompressSync(later.rawPayload).toString();
    expect(page).toMatch(/<main>\/large\/ render \d+ 200<\/main>/);
    for (const answer of burst) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
      // The stored copy itself, not one compressed for this answer.
      expect(answer.rawPayload.equals(later.rawPayload)).toBe(true);
    }
  });

  it('sends a cached page compressed as the browser asks, the same page once decoded', async () => {
    const plain = await page('/compressed/', { 'accept-language': 'it' });
    // The compressed copies are made off the request path, just after the first render.
    await expect
      .poll(
        async () =>
          (await t.app.inject({ method: 'GET', url: '/compressed/', headers: { 'accept-encoding': 'br' } })).headers[
            'content-encoding'
          ],
      )
      .toBe('br');
    const br = await t.app.inject({
      method: 'GET',
      url: '/compressed/',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/compressed/',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.vary).toMatch(/Accept-Language/);
    expect(gz.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('page cache bounds', () => {
  it('sends an entry for its time, then as stale while it is rendered again, then forgets it', async () => {
    let now = 0;
    const cache = createPageCache(() => now);
    await cache.store('a', { status: 200, html: 'a' });
    now = 29_000;
    expect(cache.get('a')).toMatchObject({ page: { html: 'a' }, stale: false });
    now = 31_000;
    expect(cache.get('a')).toMatchObject({ page: { html: 'a' }, stale: true });
    now = 30_000 + 5 * 60_000 + 1;
    expect(cache.get('a')).toBeNull();
  });

  it('forgets the oldest entry when full', async () => {
    const cache = createPageCache(() => 0);
    for (let i = 0; i < 501; i++) await cache.store(`k${i}`, { status: 200, html: String(i) });
    expect(cache.size).toBe(500);
    expect(cache.get('k0')).toBeNull();
    expect(cache.get('k500')?.page.html).toBe('500');
  });
});
