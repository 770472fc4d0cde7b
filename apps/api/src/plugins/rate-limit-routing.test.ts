// Rate limits belong to the endpoint a request reaches, however its path is spelled: the router decodes
// percent-encoding, so `/%61pi/…` is the sign-in route and must spend the same budget as `/api/…`.
// Spellings the router does not resolve (doubled slashes, dot segments, another case) must be refused.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { AUTH_RATE_LIMIT_MAX: '3', RATE_LIMIT_MAX: '6' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

/** A request over a real socket, with the path exactly as written (inject would normalise dot segments). */
function rawPost(path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('rate limits cannot be sidestepped by spelling the path differently', () => {
  it('counts encoded spellings of the sign-in path against the same per-IP budget', async () => {
    const credentials = { email: 'nobody@example.com', password: 'whatever-pass' };
    const signIn = (url: string) =>
      t.app.inject({ method: 'POST', url, payload: credentials, remoteAddress: '10.1.0.1' });
    const statuses = [];
    for (const url of ['/%61pi/account/token/auth/', '/api/account/token/%61uth/', '/%61%70%69/account/token/auth/']) {
      statuses.push((await signIn(url)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401]);
    // The budget of 3 is spent: every spelling is now refused.
    for (const url of ['/api/account/token/auth/', '/%61pi/account/token/auth/']) {
      const res = await signIn(url);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('refuses spellings the router does not resolve, without reaching sign-in', async () => {
    const credentials = { email: 'nobody@example.com', password: 'whatever-pass' };
    for (const path of [
      '/api//account/token/auth/',
      '/api/./account/token/auth/',
      '/api/account/./token/auth/',
      '/api/x/../account/token/auth/',
      '/API/account/token/auth/',
      '/Api/account/token/auth/',
      '/api/account/token/AUTH/',
    ]) {
      expect({ path, status: await rawPost(path, credentials) }).toEqual({ path, status: 404 });
    }
  });

  it('keeps the contact form to its 5 messages per window whatever the spelling', async () => {
    const message = {
      name: 'Giulia Bianchi',
      email: 'giulia@example.com',
      topic: 'other',
      message: 'Una domanda sul servizio, per favore.',
      privacy_accepted: true,
    };
    const urls = [
      '/api/v1/public/contact/',
      '/%61pi/v1/public/contact/',
      '/api/v1/public/%63ontact/',
      '/api/%761/public/contact/',
      '/api/v1/%70ublic/contact/',
      '/%61pi/v1/public/contact/',
    ];
    const statuses = [];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'POST', url, payload: message, remoteAddress: '10.1.0.2' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('counts encoded spellings of any API call against the global per-IP limit', async () => {
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      const url = i % 2 === 0 ? '/%61pi/get-global-config/' : '/api/get-global-config/';
      statuses.push((await t.app.inject({ method: 'GET', url, remoteAddress: '10.1.0.3' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});
