// Authentication without a query per request, and revocation that still takes effect at once: on this
// instance, and (PostgreSQL) on another instance of the API sharing the database.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstances, createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs } from '../../test/auth';

/** Counts the SELECT statements built on the app's database while `work` runs. */
async function countSelects(app: FastifyInstance, work: () => Promise<void>): Promise<number> {
  const db = app.database.db;
  const original = db.select;
  let calls = 0;
  db.select = ((...args: Parameters<typeof original>) => {
    calls++;
    return original.apply(db, args);
  }) as typeof original;
  try {
    await work();
  } finally {
    db.select = original;
  }
  return calls;
}

describe('signed-in requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it('GET /api/account/me/ costs at most one query once the sign-in is known', async () => {
    await createUser(t.app, { email: 'cheap@example.com' });
    const session = await loginAs(t.app, 'cheap@example.com');
    expect((await t.app.inject({ method: 'GET', url: '/api/account/me/', headers: session.headers })).statusCode).toBe(
      200,
    );
    const queries = await countSelects(t.app, async () => {
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({ method: 'GET', url: '/api/account/me/', headers: session.headers });
        expect(res.statusCode).toBe(200);
        expect(res.json().email).toBe('cheap@example.com');
      }
    });
    expect(queries).toBeLessThanOrEqual(5);
  });

  it('a sign-out is refused by the very next request; revocations written in SQL are refused too', async () => {
    const user = await createUser(t.app, { email: 'revoked@example.com', attributes: ['base'] });
    const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/account/me/', headers });

    const first = await loginAs(t.app, user.email);
    expect((await me(first.headers)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/account/token/logout/', payload: { refresh: first.refresh } });
    expect((await me(first.headers)).statusCode).toBe(401);

    // Written behind the API's back (an operator's SQL, another service): the database still tells.
    const second = await loginAs(t.app, user.email);
    expect((await me(second.headers)).statusCode).toBe(200);
    await t.app.database.db.execute(sql`update session_families set revoked_at = now() where user_id = ${user.id}`);
    // In-process (embedded database) at once; from a PostgreSQL server, as soon as its notification lands.
    await expect.poll(async () => (await me(second.headers)).statusCode, { timeout: 2000, interval: 20 }).toBe(401);

    const third = await loginAs(t.app, user.email);
    expect((await me(third.headers)).statusCode).toBe(200);
    await t.app.database.db.execute(sql`update users set status = 0 where id = ${user.id}`);
    await expect.poll(async () => (await me(third.headers)).statusCode, { timeout: 2000, interval: 20 }).toBe(401);
  });
});

// Two instances of the API on one PostgreSQL database; revocations also made outside either of them.
describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let instances: Awaited<ReturnType<typeof createInstances>>;
  let url: string;

  beforeAll(async () => {
    instances = await createInstances(process.env.DATABASE_URL as string, 2, { seed: false });
    [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
    url = instances.url;
  });
  afterAll(async () => instances.close());

  const me = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/account/me/', headers }).then((res) => res.statusCode);

  it('a sign-out on A makes the token fail on B at once', async () => {
    await createUser(a, { email: 'two@example.com' });
    const session = await loginAs(a, 'two@example.com');
    expect(await me(b, session.headers)).toBe(200);
    expect(await me(a, session.headers)).toBe(200);
    await a.inject({ method: 'POST', url: '/api/account/token/logout/', payload: { refresh: session.refresh } });
    expect(await me(a, session.headers)).toBe(401);
    expect(await me(b, session.headers)).toBe(401);
  });

  it('a revocation from another process reaches both (notified by the database)', async () => {
    const session = await loginAs(a, 'two@example.com');
    expect(await me(a, session.headers)).toBe(200);
    expect(await me(b, session.headers)).toBe(200);
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query('update session_families set revoked_at = now() where revoked_at is null');
    await other.end();
    // The notification travels over the network: wait for it, as a caller would retry.
    await expect.poll(() => me(b, session.headers), { timeout: 2000, interval: 20 }).toBe(401);
    await expect.poll(() => me(a, session.headers), { timeout: 2000, interval: 20 }).toBe(401);
  });
});
