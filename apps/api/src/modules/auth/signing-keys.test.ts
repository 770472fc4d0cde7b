// Without JWT_SECRET the signing keys live in the database: generated once (instances starting together
// agree on it), so every instance accepts every other's tokens; a rotation makes a new key sign while the
// tokens of the older one stay accepted until they expire, or are refused at once when asked.
import type { FastifyInstance } from 'fastify';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { signingKeys } from '../../db/schema/auth';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, TEST_PASSWORD } from '../../test/auth';
import { databaseUrlFor, onServer } from '../../test/templates';
import { rotateSigningKey } from './service';

const TTL = 300;

async function signIn(app: FastifyInstance, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/token/auth/',
    payload: { email, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { access: string; refresh: string };
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid;

/** The status of a signed-in read with this access token. */
const read = async (app: FastifyInstance, access: string) =>
  (await app.inject({ method: 'GET', url: '/api/account/me/', headers: { authorization: `Bearer ${access}` } }))
    .statusCode;

/** Asks again until `check` holds (another instance hearing of a rotation), at most ~30 s on a loaded machine. */
async function until(what: string, check: () => Promise<boolean>) {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting: ${what}`);
}

describe('signing keys kept in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t?.close());

  it('generates one key on the first start and names it in every token; a rotation signs with a new one', async () => {
    const user = await createUser(t.app, { email: 'keys@example.com' });
    const first = await signIn(t.app, user.email);
    expect(kidOf(first.access)).toBe('1');
    expect(await t.database.db.select().from(signingKeys)).toHaveLength(1);

    await rotateSigningKey(t.database.db, { accessTokenTtlSeconds: TTL });
    await until('the app signs with key 2', async () => kidOf((await signIn(t.app, user.email)).access) === '2');
    expect(await read(t.app, first.access)).toBe(200);
    // The older key is accepted for as long as a token it signed can live.
    const [older] = await t.database.db.select().from(signingKeys).orderBy(signingKeys.generation);
    const { exp } = JSON.parse(Buffer.from(first.access.split('.')[1]!, 'base64url').toString());
    expect(older!.acceptedUntil!.getTime()).toBeGreaterThanOrEqual(exp * 1000);
  });
});

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL database, no JWT_SECRET', () => {
  const serverUrl = process.env.DATABASE_URL as string;
  const name = `lombard_test_keys_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    await onServer(serverUrl, `create database ${name}`);
    const url = databaseUrlFor(serverUrl, name);
    // Started at the same moment on an empty database: both migrate, both look for a key.
    [a, b] = await Promise.all([
      createTestApp({ databaseUrl: url, seed: false }),
      createTestApp({ databaseUrl: url, seed: false }),
    ]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  });

  it('agree on one key, accept each other’s tokens, and follow a rotation made elsewhere', {
    timeout: 120_000,
  }, async () => {
    expect(await a.database.db.select().from(signingKeys)).toHaveLength(1);
    const user = await createUser(a.app, { email: 'two-instances@example.com' });
    const fromA = await signIn(a.app, user.email);
    const fromB = await signIn(b.app, user.email);
    expect(await read(b.app, fromA.access)).toBe(200);
    expect(await read(a.app, fromB.access)).toBe(200);

    // Rotated by another process (the command), through a connection of its own.
    const command = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, name), dataDir: a.dataDir });
    try {
      expect(await rotateSigningKey(command.db, { accessTokenTtlSeconds: TTL })).toBe(2);
      await until('B signs with key 2', async () => kidOf((await signIn(b.app, user.email)).access) === '2');
      const newer = await signIn(b.app, user.email);
      expect(await read(a.app, newer.access)).toBe(200);
      // Tokens of the older key are still accepted everywhere until they expire.
      expect(await read(a.app, fromA.access)).toBe(200);
      expect(await read(b.app, fromA.access)).toBe(200);

      // A key that leaked: retired at once. Its tokens are refused; a refresh gets a token of the new key.
      expect(await rotateSigningKey(command.db, { accessTokenTtlSeconds: TTL, immediately: true })).toBe(3);
      await until('A refuses key 2', async () => (await read(a.app, newer.access)) === 401);
      await until('B refuses key 2', async () => (await read(b.app, newer.access)) === 401);
      expect(await read(b.app, fromA.access)).toBe(401);
      const refreshed = await a.app.inject({
        method: 'POST',
        url: '/api/account/token/refresh/',
        payload: { refresh: newer.refresh },
      });
      expect(refreshed.statusCode).toBe(200);
      const { access } = refreshed.json() as { access: string };
      expect(kidOf(access)).toBe('3');
      expect(await read(b.app, access)).toBe(200);
    } finally {
      await command.close();
    }
  });
});
