// Security headers, per-IP rate limiting of the API, cookies and the request language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: { RATE_LIMIT_MAX: '3' },
    // A document, as the web plugin sends its pages (the web build is not needed for headers).
    routes: (app) => {
      app.get('/a-page/', (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>page</p>'));
    },
  });
});
afterAll(async () => t.close());

describe('security headers', () => {
  it('sends a strict content security policy and the framing rules with documents', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/a-page/' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('turns off every browser feature on every answer: a document, a JSON answer, a refusal, a 404', async () => {
    const urls = ['/a-page/', '/api/get-global-config/', '/api/account/me/', '/api/no-such-call/'];
    for (const [i, url] of urls.entries()) {
      // An address each: the limit of this file's app is three calls.
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: `203.0.113.${30 + i}` });
      const policy = String(res.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
        expect(policy, url).toContain(`${feature}=()`);
      // Nothing is allowed to anyone but passkeys, to this origin only (sign-in and confirmations).
      const allowed = policy.split(', ').filter((entry) => !entry.endsWith('=()'));
      expect(allowed, url).toEqual(['publickey-credentials-create=(self)', 'publickey-credentials-get=(self)']);
    }
  });

  it('sends the hardening headers but no page policy with JSON answers', async () => {
    // A probe's, one no route matched, and a signed-in call's refusal (set as it arrives).
    for (const url of ['/readyz', '/api/no-such-call/', '/api/account/me/']) {
      // An address of its own: the limit of this file's app is three calls.
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.20' });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const documentOnly of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-xss-protection'])
        expect(res.headers[documentOnly]).toBeUndefined();
      // The limiter speaks only when it refuses.
      expect(res.headers['x-ratelimit-remaining']).toBeUndefined();
    }
  });

  it('lets any site read the configuration, which is the same for everyone, and nothing else', async () => {
    const remoteAddress = '203.0.113.21';
    const config = await t.app.inject({ method: 'GET', url: '/api/get-global-config/', remoteAddress });
    expect(config.statusCode).toBe(200);
    expect(config.headers['x-content-type-options']).toBe('nosniff');
    expect(config.headers['cross-origin-resource-policy']).toBeUndefined();
    const refused = await t.app.inject({ method: 'GET', url: '/api/account/me/', remoteAddress });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('tells the client which language the answer is in', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/readyz', headers: { 'accept-language': 'en-GB,it;q=0.5' } });
    expect(en.headers['content-language']).toBe('en');
    const it_ = await t.app.inject({ method: 'GET', url: '/readyz', headers: { 'accept-language': 'fr, it;q=0.3' } });
    expect(it_.headers['content-language']).toBe('it');
    // The global configuration holds no text in a language: it says none.
    const config = await t.app.inject({
      method: 'GET',
      url: '/api/get-global-config/',
      headers: { 'accept-language': 'en' },
    });
    expect(config.headers['content-language']).toBeUndefined();
    expect(config.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('rate limiting', () => {
  it('limits API calls per IP and answers 429 with a translated detail', async () => {
    const ip = '203.0.113.7';
    const statuses: number[] = [];
    let last = await t.app.inject({ method: 'GET', url: '/api/get-global-config/', remoteAddress: ip });
    statuses.push(last.statusCode);
    for (let i = 0; i < 3; i++) {
      last = await t.app.inject({
        method: 'GET',
        url: '/api/get-global-config/',
        remoteAddress: ip,
        headers: { 'accept-language': 'en' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last.json().detail).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Refused before any other work, and still hardened.
    expect(last.headers['x-content-type-options']).toBe('nosniff');
    expect(last.headers['content-language']).toBe('en');

    // Another address has its own budget.
    const other = await t.app.inject({ method: 'GET', url: '/api/get-global-config/', remoteAddress: '203.0.113.8' });
    expect(other.statusCode).toBe(200);
  });

  it('leaves the probes and the web app unlimited', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: ip });
      expect(res.statusCode).toBe(200);
    }
  });
});
