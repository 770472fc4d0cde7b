// Production serving of the built SPA, against a temporary fake dist folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

const INDEX =
  '<!doctype html><html lang="it"><head><title>Lombard</title></head><body><div id="root"></div></body></html>';
// Above the compression threshold (1 KiB), like every real chunk.
const SCRIPT = `export const value = ${JSON.stringify('lombard '.repeat(400))};\n`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'lombard-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'x-abc123.js'), SCRIPT);
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  t = await createTestApp({ seed: false, env: { WEB_DIST: dist, SERVE_WEB: 'true' } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('static web app', () => {
  it('serves hashed assets cached for a year as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/x-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe(SCRIPT);
  });

  it('compresses with brotli or gzip as the browser asks', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/x-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/assets/x-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
  });

  it('never caches index.html', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it.each(['/', '/home/', '/customer/wallet/', '/anything/deep/', '/maintenance'])(
    'falls back to index.html for the client route %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    },
  );

  it('answers HEAD for client routes too', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/customer/wallet/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('keeps unknown API paths, missing assets and non-GET requests as JSON 404s', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown/'],
      ['GET', '/api'],
      ['GET', '/assets/missing-000000.js'],
      ['POST', '/customer/wallet/'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toMatchObject({ detail: 'Element not found' });
    }
  });

  it('serves other public files with a short cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('still answers the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('without a web build', () => {
  it('serves only the API and answers JSON 404s for client paths', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'lombard-nodist-'));
    const bare = await createTestApp({ seed: false, env: { WEB_DIST: empty, SERVE_WEB: 'true' } });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/customer/wallet/' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
