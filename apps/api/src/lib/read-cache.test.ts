// The read cache keeps a customer's answers until the database says their data changed: through the
// API, behind its back (SQL), or on another instance of the API (PostgreSQL).
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { advanceQuoteUrl } from '@lombard/shared/advance-search';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInstances, createTestApp, type TestApp } from '../test/app';
import { loginAs, type Session } from '../test/auth';
import { confirmedBefore } from '../test/withdrawals';
import { EncodedBody } from './content-encoding';
import { createReadCache } from './read-cache';

const customer = 'customer@demo.lombard.test';

const get = (app: FastifyInstance, session: Session, url: string) =>
  app.inject({ method: 'GET', url, headers: session.headers }).then((res) => {
    expect(res.statusCode).toBe(200);
    return res.json();
  });

describe('a kept answer', () => {
  let t: TestApp;
  let session: Session;
  let queries = 0;
  beforeAll(async () => {
    t = await createTestApp({ onQuery: () => void queries++ });
    session = await loginAs(t.app, customer);
  });
  afterAll(async () => t.close());

  it('is read from memory until the customer’s data changes, then read again', async () => {
    const url = '/api/v1/notifications/?page=1&per_page=10';
    const first = await get(t.app, session, url);
    queries = 0;
    expect(await get(t.app, session, url)).toEqual(first);
    expect(queries).toBe(0);

    // A write through the API: the next read has it.
    const id = first.results[0].id;
    const read = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/notifications/${id}/${first.results[0].is_read ? 'unread' : 'read'}/`,
      headers: session.headers,
    });
    expect(read.statusCode).toBe(200);
    const after = await get(t.app, session, url);
    expect(after.results[0].is_read).toBe(!first.results[0].is_read);
  });

  it('goes out compressed as the client asks, the same bytes each time, and as it is to a client that does not', async () => {
    const url = '/api/v1/transactions/?page=1&per_page=10';
    const plain = await t.app.inject({ method: 'GET', url, headers: session.headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const sent = await Promise.all(
        [1, 2].map(() =>
          t.app.inject({ method: 'GET', url, headers: { ...session.headers, 'accept-encoding': accept } }),
        ),
      );
      for (const res of sent) {
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toContain('Accept-Encoding');
        expect(decode(res.rawPayload).equals(plain.rawPayload)).toBe(true);
      }
      expect(sent[0]?.rawPayload.equals(sent[1]?.rawPayload as Buffer)).toBe(true);
    }
  });

  it('is dropped by a change written behind the API’s back, and by a change of prices for everyone', async () => {
    const me = await get(t.app, session, '/api/account/me/');
    await t.app.database.db.execute(sql`update users set first_name = 'Giulia Maria' where id = ${me.contact}`);
    await t.app.readCache.caughtUp();
    expect((await get(t.app, session, '/api/account/me/')).first_name).toBe('Giulia Maria');

    const wallet = await get(t.app, session, '/api/v1/wallet/');
    const position = wallet.positions[0];
    await t.app.database.db.execute(
      sql`update product_navs set nav = nav * 2 where product_id = ${position.product.id} and nav_date = (select max(nav_date) from product_navs where product_id = ${position.product.id})`,
    );
    await t.app.readCache.caughtUp();
    const doubled = (await get(t.app, session, '/api/v1/wallet/')).positions.find(
      (p: { product: { id: number } }) => p.product.id === position.product.id,
    );
    expect(Number(doubled.nav)).toBeCloseTo(Number(position.nav) * 2, 5);
  });

  it('is one customer’s: another customer’s change leaves it, and their answers are their own', async () => {
    const admin = await loginAs(t.app, 'admin@demo.lombard.test');
    const mine = await get(t.app, session, '/api/account/me/');
    const theirs = await get(t.app, admin, '/api/account/me/');
    expect(theirs.email).not.toBe(mine.email);
    queries = 0;
    await t.app.database.db.execute(sql`update users set first_name = 'Operatore' where id = ${theirs.contact}`);
    await t.app.readCache.caughtUp();
    const before = queries;
    expect((await get(t.app, session, '/api/account/me/')).email).toBe(customer);
    expect(queries).toBe(before);
  });
});

describe('loads that race a change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it('an answer loaded before a change is not kept, and callers arriving together share one load', async () => {
    const cache = await createReadCache(t.database);
    try {
      let loads = 0;
      let release: (value: string) => void = () => {};
      const slow = () =>
        new Promise<string>((resolve) => {
          loads++;
          release = resolve;
        });
      const together = [cache.forUser(1, 'k', slow), cache.forUser(1, 'k', slow)];
      expect(loads).toBe(1);
      // The customer's data changes while the load is in flight.
      await t.database.db.execute(sql`select pg_notify('lombard_data', 'u:1')`);
      await cache.caughtUp();
      release('before the change');
      expect(await Promise.all(together)).toEqual(['before the change', 'before the change']);
      expect(await cache.forUser(1, 'k', async () => 'after the change')).toBe('after the change');
      expect(await cache.forUser(1, 'k', async () => 'not asked')).toBe('after the change');
      // Another customer's change leaves it; a change for everyone drops it.
      await t.database.db.execute(sql`select pg_notify('lombard_data', 'u:2')`);
      await cache.caughtUp();
      expect(await cache.forUser(1, 'k', async () => 'not asked')).toBe('after the change');
      await t.database.db.execute(sql`select pg_notify('lombard_data', 'g')`);
      await cache.caughtUp();
      expect(await cache.forUser(1, 'k', async () => 'prices changed')).toBe('prices changed');
    } finally {
      await cache.close();
    }
  });
});

// Two instances of the API on one PostgreSQL database: what one writes, the other stops keeping.
describe('what the kept answers take together', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it('stays within its budget: past it, the customers whose answers were kept longest ago are read again first', async () => {
    // Room for three answers of 1,000 bytes (each counted twice: its text and compressed copies).
    const cache = await createReadCache(t.database, Date.now, 3 * 2 * 1000);
    const answer = (text: string) => async () => new EncodedBody(Buffer.from(text.padEnd(1000, '.')));
    const read = async (user: number, text: string) => (await cache.forUser(user, 'k', answer(text))).text.trim();
    try {
      for (const user of [1, 2, 3]) await read(user, `customer ${user}`);
      for (const user of [1, 2, 3]) expect(await read(user, 'read again')).toMatch(`customer ${user}.`);
      // A fourth customer's answer: the first customer's goes, the others stay.
      expect(await read(4, 'customer 4')).toMatch('customer 4.');
      expect(await read(1, 'customer 1, read again')).toMatch('customer 1, read again.');
      // Kept again, the first customer's answer pushed out the one kept longest ago: the second's.
      expect(await read(2, 'customer 2, read again')).toMatch('customer 2, read again.');
      // Then the third's; the three kept last stay.
      expect(await read(3, 'customer 3, read again')).toMatch('customer 3, read again.');
      expect(await read(1, 'not asked')).toMatch('customer 1, read again.');
      expect(await read(2, 'not asked')).toMatch('customer 2, read again.');
      expect(await read(3, 'not asked')).toMatch('customer 3, read again.');
    } finally {
      await cache.close();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let instances: Awaited<ReturnType<typeof createInstances>>;
  beforeAll(async () => {
    instances = await createInstances(process.env.DATABASE_URL as string, 2);
    [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
  });
  afterAll(async () => instances.close());

  it('a withdrawal on A shows in the list B kept, once B has heard of it', async () => {
    const session = await loginAs(a, customer);
    const url = '/api/v1/transactions/?page=1&per_page=10';
    const before = await get(b, session, url);
    expect(await get(a, session, url)).toEqual(before);
    const res = await a.inject({
      method: 'POST',
      url: '/api/v1/cash/withdrawals/',
      headers: { ...session.headers, 'idempotency-key': randomUUID() },
      payload: await confirmedBefore(a.database.db, customer, '1.00'),
    });
    expect(res.statusCode).toBe(201);
    // A answered only once it had heard of its own write: its next read has it, with no waiting.
    expect((await get(a, session, url)).count).toBe(before.count + 1);
    await b.readCache.caughtUp();
    const after = await get(b, session, url);
    expect(after.count).toBe(before.count + 1);
    expect(after.results[0].id).toBe(res.json().id);
  });

  it('a write waits to hear of its change; a read does not wait', async () => {
    const session = await loginAs(a, customer);
    const waits = vi.spyOn(a.readCache, 'caughtUp');
    const quote = await a.inject({
      method: 'GET',
      url: advanceQuoteUrl({ amount: '6000.00', instalments: 4 }),
      headers: session.headers,
    });
    expect(quote.statusCode).toBe(200);
    expect(waits).not.toHaveBeenCalled();
    const withdrawal = await a.inject({
      method: 'POST',
      url: '/api/v1/cash/withdrawals/',
      headers: { ...session.headers, 'idempotency-key': randomUUID() },
      payload: await confirmedBefore(a.database.db, customer, '1.00'),
    });
    expect(withdrawal.statusCode).toBe(201);
    expect(waits).toHaveBeenCalledTimes(1);
    waits.mockRestore();
  });
});
