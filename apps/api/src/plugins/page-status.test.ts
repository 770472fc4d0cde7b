// An unknown address is a 404 every time, from the very first request after a start. Whenever a render
// fails (a fault in the renderer, a page it cannot finish), the server sends the app shell; that shell
// must still carry the page's status. The renderer here fails its first render and works after that,
// and its route tree knows /home/ and /customer/… only.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

const INDEX =
  '<!doctype html><html lang="it"><head><title>Lombard</title></head><body><div id="root"></div></body></html>';

const RENDERER = `
let renders = 0;
const known = (url) => /^\\/(home|customer)\\//.test(new URL(url, 'http://x').pathname);
export function routeStatus(url) {
  return known(url) ? 200 : 404;
}
export function createRenderer() {
  return async ({ url }) => {
    renders += 1;
    if (renders === 1) throw new Error('A component suspended while responding to synchronous input.');
    if (url.startsWith('/customer/')) return { kind: 'spa' };
    return {
      kind: 'page',
      status: known(url) ? 200 : 404,
      html: '<main>' + (known(url) ? 'page' : 'not found') + '</main>',
      language: 'it', title: null, description: null, colorScheme: null, state: '{}',
    };
  };
}
`;

let dist: string;
let t: TestApp | null = null;
const start = async (env: Record<string, string> = {}) => {
  t = await createTestApp({ seed: false, env: { WEB_DIST: dist, SERVE_WEB: 'true', ...env } });
  return t;
};

dist = mkdtempSync(path.join(os.tmpdir(), 'lombard-status-'));
mkdirSync(path.join(dist, '.ssr'));
writeFileSync(path.join(dist, 'index.html'), INDEX);
writeFileSync(path.join(dist, '.ssr', 'server-entry.js'), RENDERER);

// Each test starts its own app (a fresh start is the point); starting one takes a while on a busy machine.
afterEach(async () => {
  await t?.close();
  t = null;
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const get = (app: TestApp, url: string) =>
  app.app.inject({ method: 'GET', url, headers: { accept: 'text/html' }, remoteAddress: '10.2.0.1' });

describe('status of pages the server could not render', () => {
  it('answers 404 to the very first request after a start, when that render fails', { timeout: 120_000 }, async () => {
    const app = await start();
    const first = await get(app, '/no-such-page/');
    expect(first.statusCode).toBe(404);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.body).toBe(INDEX);
    // Rendered from then on: still 404, with the 404 screen.
    const second = await get(app, '/no-such-page/');
    expect(second.statusCode).toBe(404);
    expect(second.body).toContain('not found');
    // An encoded API path is an API path: a JSON 404, not a page.
    const api = await get(app, '/%61pi/no-such-call/');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('ROUTE_NOT_FOUND');
  });

  it('keeps known pages at 200 when their render fails or is skipped, and unknown ones at 404', {
    timeout: 120_000,
  }, async () => {
    const app = await start({ RATE_LIMIT_MAX: '4' });
    // The first render fails: a known page is still a page.
    expect((await get(app, '/home/')).statusCode).toBe(200);
    // Rendered by the browser: the shell, as a page.
    const customer = await get(app, '/customer/wallet/');
    expect(customer.statusCode).toBe(200);
    expect(customer.body).toBe(INDEX);
    // Past the visitor's rendering budget (4 a minute) the shell is sent, with each page's own status.
    const statuses = [];
    for (const url of ['/gone-1/', '/gone-2/', '/gone-3/', '/home/', '/gone-4/']) {
      statuses.push((await get(app, url)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 200, 404]);
  });
});
