import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
});
afterAll(async () => t.close());

describe('per-IP limit on sign-in, registration and password reset', () => {
  it('answers 429 with Retry-After and a translated detail once the limit is spent', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/token/auth/',
        payload: { email: 'nobody@example.com', password: 'whatever-pass' },
        headers: { 'accept-language': 'en' },
      });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 401]);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toMatch(/^Too many requests/);
  });

  it('limits registration and reset requests too, and another IP is not affected', async () => {
    const reset = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/rest-auth/password/reset/',
        payload: { email: 'nobody@example.com' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) expect((await reset('10.0.0.1')).statusCode).toBe(200);
    expect((await reset('10.0.0.1')).statusCode).toBe(429);
    expect((await reset('10.0.0.2')).statusCode).toBe(200);

    const register = () =>
      t.app.inject({ method: 'POST', url: '/api/account/registration/', payload: {}, remoteAddress: '10.0.0.3' });
    for (let i = 0; i < 3; i++) expect((await register()).statusCode).toBe(400);
    expect((await register()).statusCode).toBe(429);
  });

  it('does not limit other calls at that rate', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/get-global-config/', remoteAddress: '10.0.0.9' });
      expect(res.statusCode).toBe(200);
    }
  });
});
