import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

describe('health and readiness', () => {
  it('/healthz answers while the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers ready with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('are not rate limited, so probes never see 429', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('/healthz is a probe: its answer carries nothing a browser would need, whatever the request holds', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz?x=%00',
      headers: { 'accept-language': 'en', 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-language']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBeUndefined();
    expect(res.headers['content-encoding']).toBeUndefined();
    // The readiness check is not a probe of that kind: an answer like any other.
    const ready = await t.app.inject({ method: 'GET', url: '/readyz', headers: { 'accept-language': 'en' } });
    expect(ready.headers['content-language']).toBe('en');
    expect(ready.headers['x-content-type-options']).toBe('nosniff');
  });

  // Last: it stops the database for the rest of the file.
  it('/readyz answers 503 with a translated detail once the database is stopped, /healthz stays up', async () => {
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/readyz', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'unavailable',
      detail: 'This operation is not possible at this time. Please try again later.',
    });
    const italian = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(italian.json().detail).toBe('Questa operazione non è possibile in questo momento. Riprova più tardi.');
    expect(res.headers['retry-after']).toBe('5');
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
  });

  it('an API call while the database is stopped answers 503 with Retry-After and the maintenance message, not 500', async () => {
    const signIn = (language: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/token/auth/',
        headers: { 'accept-language': language },
        payload: { email: 'maria.rossi@example.test', password: 'Una-password-2026' },
      });
    const english = await signIn('en');
    expect(english.statusCode).toBe(503);
    expect(english.headers['retry-after']).toBe('5');
    expect(english.json()).toEqual({
      detail: 'This operation is not possible at this time. Please try again later.',
      code: 'SERVICE_UNAVAILABLE',
    });
    const italian = await signIn('it');
    expect(italian.statusCode).toBe(503);
    expect(italian.json().detail).toBe('Questa operazione non è possibile in questo momento. Riprova più tardi.');
  });
});
