// Limits counted in Redis (REDIS_URL): two instances of the API spend one budget per address, wherever the
// balancer sends each request; with Redis gone, what guards guessing and sending (sign-in, code sends) is
// refused with a translated message, reads go on, and the instance says it is not ready.
import { PHONE_NUMBER_PATH } from '@lombard/shared/profile-paths';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { loginAs } from '../test/auth';
import { deleteKeysUnder, keysUnder, redisReachable, redisRelay, TEST_REDIS_URL, uniqueKeyPrefix } from '../test/redis';

const withRedis = (await redisReachable()) || Boolean(process.env.CI);

const CUSTOMER = 'customer@demo.lombard.test';
const UNAVAILABLE_EN = 'For your security we cannot accept this request right now. Please try again in 30 seconds.';
const UNAVAILABLE_IT =
  'Per la tua sicurezza non possiamo accettare questa richiesta in questo momento. Riprova tra 30 secondi.';

const signIn = (t: TestApp, from: string, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/token/auth/',
    payload: { email: 'nobody@example.com', password: 'whatever-pass' },
    remoteAddress: from,
    headers: { 'accept-language': language },
  });

/** Asks again until `check` holds (Redis noticing a cut connection, or answering again), at most ~10 s. */
async function until(what: string, check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting: ${what}`);
}

describe.runIf(withRedis)('limits counted in Redis, shared by two instances', () => {
  const prefix = uniqueKeyPrefix();
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, RATE_LIMIT_MAX: '6', AUTH_RATE_LIMIT_MAX: '3' };
    a = await createTestApp({ seed: false, env });
    b = await createTestApp({ seed: false, env });
    // An instance starts before its connection to Redis is up (and counts alone until then): the test
    // is about two connected instances.
    await until(
      'both instances reach Redis',
      async () => a.app.redis?.status === 'ready' && b.app.redis?.status === 'ready',
    );
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await deleteKeysUnder(prefix);
  });

  /** Sends `count` requests alternately to each instance, starting with `first`, and gives the statuses. */
  async function alternate(count: number, send: (t: TestApp) => Promise<LightMyRequestResponse>, first = 0) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await send((i + first) % 2 === 0 ? a : b)).statusCode);
    return statuses;
  }

  it("the API's limit: six calls over both instances, then the seventh is refused on either", async () => {
    const read = (t: TestApp) =>
      t.app.inject({ method: 'GET', url: '/api/get-global-config/', remoteAddress: '10.41.0.1' });
    expect(await alternate(6, read)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const t of [a, b]) {
      const refused = await read(t);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address has a budget of its own.
    expect(
      (await b.app.inject({ method: 'GET', url: '/api/get-global-config/', remoteAddress: '10.41.0.2' })).statusCode,
    ).toBe(200);
  });

  it("sign-in's own limit, by the matched route however the path is spelled", async () => {
    const attempt = (t: TestApp, url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: { email: 'nobody@example.com', password: 'whatever-pass' },
        remoteAddress: '10.41.0.3',
      });
    expect((await attempt(a, '/api/account/token/auth/')).statusCode).toBe(401);
    expect((await attempt(b, '/%61pi/account/token/auth/')).statusCode).toBe(401);
    expect((await attempt(a, '/api/account/token/%61uth/')).statusCode).toBe(401);
    expect((await attempt(b, '/api/account/token/auth/')).statusCode).toBe(429);
    expect((await attempt(a, '/api/account/token/auth/')).statusCode).toBe(429);
  });

  it('the contact form and the newsletter keep their five per window across instances', async () => {
    const message = {
      name: 'Giulia Bianchi',
      email: 'giulia@example.com',
      topic: 'other',
      message: 'Una domanda sul servizio, per favore.',
      privacy_accepted: true,
    };
    const contact = (t: TestApp) =>
      t.app.inject({ method: 'POST', url: '/api/v1/public/contact/', payload: message, remoteAddress: '10.41.0.4' });
    expect(await alternate(6, contact)).toEqual([201, 201, 201, 201, 201, 429]);
    const subscribe = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/public/newsletter/subscriptions/',
        payload: { email: 'reader@example.com' },
        remoteAddress: '10.41.0.4',
      });
    expect(await alternate(6, subscribe, 1)).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('writes its counters under the key prefix, each with an expiry', async () => {
    const keys = await keysUnder(prefix);
    expect(keys.length).toBeGreaterThan(0);
    // The limits' windows, and the sign-in throttle's counts of the wrong passwords above.
    expect(keys.filter((key) => key.startsWith(`${prefix}rl:`)).length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.startsWith(`${prefix}signin:`)).length).toBeGreaterThan(0);
    expect(keys.filter((key) => !/^[^:]+:\d+:[0-9a-f]+:(rl|signin):/.test(key))).toEqual([]);
    const { Redis } = await import('ioredis');
    const client = new Redis(TEST_REDIS_URL);
    try {
      for (const key of keys) expect(await client.pttl(key)).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  });
});

describe.runIf(withRedis)('Redis unreachable', () => {
  const prefix = uniqueKeyPrefix();
  let relay: Awaited<ReturnType<typeof redisRelay>>;
  let t: TestApp;
  beforeAll(async () => {
    relay = await redisRelay();
    t = await createTestApp({ env: { REDIS_URL: relay.url, REDIS_KEY_PREFIX: prefix } });
  });
  afterAll(async () => {
    await t?.close();
    relay?.close();
    await deleteKeysUnder(prefix);
  });

  const ready = async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200;

  it('refuses sign-in and code sends with a translated 429, serves reads, and is not ready until Redis is back', async () => {
    await until('Redis connected', ready);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ redis: 'ready' });
    const session = await loginAs(t.app, CUSTOMER);

    await relay.cut();
    await until('the instance noticed', async () => !(await ready()));
    const readiness = await t.app.inject({ method: 'GET', url: '/readyz', headers: { 'accept-language': 'en' } });
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toMatchObject({ status: 'unavailable', redis: 'unavailable' });

    const refused = await signIn(t, '10.41.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'LIMITS_UNAVAILABLE', detail: UNAVAILABLE_EN });
    expect(refused.headers['retry-after']).toBe('30');
    expect((await signIn(t, '10.41.1.1', 'it')).json().detail).toBe(UNAVAILABLE_IT);

    const send = await t.app.inject({
      method: 'POST',
      url: PHONE_NUMBER_PATH,
      headers: { ...session.headers, 'accept-language': 'en' },
      payload: { phone: '+393331112233' },
    });
    expect(send.statusCode).toBe(429);
    expect(send.json()).toEqual({ code: 'LIMITS_UNAVAILABLE', detail: UNAVAILABLE_EN });

    // Reads go on, counted by the instance alone meanwhile.
    expect((await t.app.inject({ method: 'GET', url: '/api/get-global-config/' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/me/', headers: session.headers })).statusCode).toBe(
      200,
    );

    await relay.restore();
    await until('Redis answering again', ready);
    expect((await signIn(t, '10.41.1.1')).statusCode).toBe(401);
  });

  it('starts without Redis at all, and says it is not ready', async () => {
    const closedPort = await createTestApp({
      seed: false,
      env: { REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: prefix },
    });
    try {
      const readiness = await closedPort.app.inject({ method: 'GET', url: '/readyz' });
      expect(readiness.statusCode).toBe(503);
      expect((await signIn(closedPort, '10.41.1.2')).json().code).toBe('LIMITS_UNAVAILABLE');
      expect((await closedPort.app.inject({ method: 'GET', url: '/api/get-global-config/' })).statusCode).toBe(200);
    } finally {
      await closedPort.close();
    }
  });
});
