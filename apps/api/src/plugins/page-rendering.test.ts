// Server-rendered pages (docs/decisions/006) as the web plugin serves them. The web build's renderer is
// replaced by a small module with the same contract, so that these tests need no web build: it renders
// from the real API (in-process calls), redirects, hands customer routes to the app shell, and fails on
// demand. The real renderer is exercised by the browser tests on the built app.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { EARLY_EVENTS_SCRIPT } from '@lombard/shared/server-rendering';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { COLOR_SCHEME_SCRIPT } from './page-template';

const INDEX = [
  '<!doctype html><html lang="it"><head>',
  '<meta name="description" content="Lombard" /><title>Lombard</title>',
  '<script type="module" src="/assets/index-abc.js"></script></head>',
  '<body><div id="root"></div></body></html>',
].join('');

const RENDERER = `
export function createRenderer(api) {
  return async ({ url, cookies, acceptLanguage, clientAddress }) => {
    if (url === '/') return { kind: 'redirect', status: 302, location: '/home/' };
    if (url.startsWith('/customer/')) return { kind: 'spa' };
    if (url.startsWith('/broken/')) throw new Error('renderer failed');
    const language = acceptLanguage.startsWith('en') ? 'en' : 'it';
    if (url === '/about-us/') {
      return { kind: 'page', status: 200, html: '<main>About</main>', language, title: null, description: null, colorScheme: null, state: '{}' };
    }
    const products = await api({ method: 'GET', url: '/api/v1/public/products/?per_page=25', headers: { 'accept-language': language }, clientAddress });
    if (products.status === 429) return { kind: 'spa' };
    const count = JSON.parse(products.body).count;
    const scheme = /lombard_theme=(light|dark)/.exec(cookies)?.[1] ?? null;
    return {
      kind: 'page',
      status: url.startsWith('/missing/') ? 404 : 200,
      html: '<main>' + count + ' products' + ' '.repeat(2000) + '</main>',
      language,
      title: language === 'en' ? 'Products & funds <Lombard>' : 'Prodotti',
      description: 'He said "hi"',
      colorScheme: scheme,
      state: JSON.stringify({ count }).replace(/</g, '\\\\u003c'),
    };
  };
}
`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'lombard-ssr-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.ssr'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, '.ssr', 'server-entry.js'), RENDERER);
  t = await createTestApp({ env: { WEB_DIST: dist, SERVE_WEB: 'true' } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('server-rendered pages', () => {
  it('puts the page, its language, title, description and state into the HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/products/', headers: { 'accept-language': 'en-GB' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Cookie, Accept-Language/);
    const html = res.body;
    expect(html).toContain('<html lang="en">');
    // The page's data came from the real API, answered in-process (the seed has public products).
    expect(html).toMatch(/<main>[1-9]\d* products/);
    expect(html).toContain('<title>Products &amp; funds &lt;Lombard&gt;</title>');
    expect(html).toContain('<meta name="description" content="He said &quot;hi&quot;"');
    expect(html).toMatch(/<script type="application\/json" id="lombard-ssr-state">\{"count":\d+\}<\/script>/);
  });

  it('answers 404 with the rendered 404 screen', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/missing/page/' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toMatch(/products\s*<\/main>/);
  });

  it('writes a chosen colour scheme; without one, an inline script that the CSP allows by hash', async () => {
    const chosen = await t.app.inject({ method: 'GET', url: '/home/', headers: { cookie: 'lombard_theme=dark' } });
    expect(chosen.body).toContain('<html lang="it" data-mantine-color-scheme="dark">');
    expect(chosen.body).not.toContain(COLOR_SCHEME_SCRIPT);

    const system = await t.app.inject({ method: 'GET', url: '/home/' });
    expect(system.body).toContain(`<script>${COLOR_SCHEME_SCRIPT}</script>`);
    const hash = createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64');
    const csp = String(system.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline'; script");
    // And the one that holds what is done before the first-view script runs, on every rendered page.
    expect(chosen.body).toContain(`<head><script>${EARLY_EVENTS_SCRIPT}</script>`);
    expect(csp).toContain(`'sha256-${createHash('sha256').update(EARLY_EVENTS_SCRIPT).digest('base64')}'`);
  });

  it('compresses pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home/', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toMatch(/products\s*<\/main>/);
  });

  it('redirects where the routes redirect, and gives other routes the app shell', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/home/');

    const customer = await t.app.inject({ method: 'GET', url: '/customer/wallet/' });
    expect(customer.statusCode).toBe(200);
    expect(customer.body).toBe(INDEX);
  });

  it('falls back to the app shell when rendering fails, so the browser can still render the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/broken/page/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it('never serves the renderer or the build manifest to browsers', async () => {
    writeFileSync(path.join(dist, '.vite-manifest-probe'), '{"isEntry": true}');
    for (const url of ['/.ssr/server-entry.js', '/.vite-manifest-probe']) {
      const res = await t.app.inject({ method: 'GET', url });
      // Not the file: what answers is the site's page for an unknown path.
      expect(res.body, url).not.toContain('createRenderer');
      expect(res.body, url).not.toContain('"isEntry"');
    }
  });
});

describe('server-rendered pages under rate limits', () => {
  let limited: TestApp;
  const page = (ip: string) => limited.app.inject({ method: 'GET', url: '/products/', remoteAddress: ip });
  beforeAll(async () => {
    limited = await createTestApp({ env: { WEB_DIST: dist, SERVE_WEB: 'true', RATE_LIMIT_MAX: '3' } });
  });
  afterAll(async () => limited.close());

  it('counts a page’s API calls against its visitor, not against the server that renders it', async () => {
    // Four visitors, one page each: more in-process API calls than one address may make.
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) {
      expect((await page(ip)).body, ip).toMatch(/<main>[1-9]\d* products/);
    }
  });

  it('sends the app shell to a visitor over the API limit, so the browser renders the page and says why', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < 3; i++) {
      await limited.app.inject({ method: 'GET', url: '/api/get-global-config/', remoteAddress: ip });
    }
    // The page is within its render budget, but its API call would be over the visitor's limit.
    expect((await page(ip)).body).toBe(INDEX);
    expect((await page('198.51.100.10')).body).toMatch(/<main>[1-9]\d* products/);
  });

  it('renders at most the budget of pages a minute for one visitor, then sends the app shell', async () => {
    // A page without API calls: only the render budget stands in the way.
    const about = (ip: string) => limited.app.inject({ method: 'GET', url: '/about-us/', remoteAddress: ip });
    const bodies: string[] = [];
    for (let i = 0; i < 4; i++) bodies.push((await about('198.51.100.20')).body);
    expect(bodies.map((body) => body.includes('<main>About</main>'))).toEqual([true, true, true, false]);
    expect(bodies[3]).toBe(INDEX);
    expect((await about('198.51.100.21')).body).toContain('<main>About</main>');
  });
});
