// Two instances behind a load balancer, as deploy/compose.yaml runs them: one PostgreSQL database, one
// Redis, one S3-compatible bucket (s3rver on loopback), no JWT_SECRET and a data folder each. Whatever
// instance a request lands on, the answer is the same: limits count together, tokens and sign-outs hold
// everywhere, a file stored through one is read through the other, a job runs once, a setting changed
// through one is served by the other.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { documentFileDownloadPath, IDENTITY_DOCUMENT_UPLOAD_PATH } from '@lombard/shared/document-paths';
import type { DocumentItem } from '@lombard/shared/schemas/documents';
import dayjs from 'dayjs';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportsTable } from './db/schema/exports';
import { createTestApp, type TestApp } from './test/app';
import { createUser, loginAs } from './test/auth';
import { fieldParts, multipartBody } from './test/multipart';
import { keysUnder, TEST_REDIS_URL, uniqueKeyPrefix } from './test/redis';
import { databaseUrlFor, onServer } from './test/templates';

const serverUrl = process.env.DATABASE_URL;
const BUCKET = 'lombard-files';
const API_LIMIT = 30;

describe.runIf(serverUrl)('two instances on one database, one Redis and one bucket', () => {
  const name = `lombard_two_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const prefix = uniqueKeyPrefix();
  const directory = mkdtempSync(path.join(os.tmpdir(), 'lombard-two-s3-'));
  let store: S3rver;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    store = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory,
      silent: true,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await store.run();
    await onServer(serverUrl as string, `create database ${name}`);
    const env = {
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMIT_MAX: String(API_LIMIT),
      S3_URL: `s3://${BUCKET}?region=eu-south-1&endpoint=http://127.0.0.1:${port}`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    };
    const databaseUrl = databaseUrlFor(serverUrl as string, name);
    // Started together on an empty database: both migrate and look for a signing key at once.
    [a, b] = await Promise.all([
      createTestApp({ databaseUrl, seed: false, env }),
      createTestApp({ databaseUrl, seed: false, env }),
    ]);
    // Each starts before its connection to Redis is up (and counts alone until then).
    await vi.waitFor(
      () => {
        if (a.app.redis?.status !== 'ready' || b.app.redis?.status !== 'ready')
          throw new Error('Redis not reached yet');
      },
      { timeout: 10_000, interval: 50 },
    );
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await store?.close();
    rmSync(directory, { recursive: true, force: true });
    if (serverUrl) await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  });

  it('count one address against one limit, wherever its requests land', async () => {
    const from = { remoteAddress: '203.0.113.41' };
    const statuses: number[] = [];
    for (let i = 0; i < API_LIMIT + 2; i++) {
      const instance = i % 2 === 0 ? a : b;
      statuses.push((await instance.app.inject({ method: 'GET', url: '/api/get-global-config/', ...from })).statusCode);
    }
    expect(statuses.slice(0, API_LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(API_LIMIT)).toEqual([429, 429]);
    // Another address is not held back by this one's count.
    expect(
      (await b.app.inject({ method: 'GET', url: '/api/get-global-config/', remoteAddress: '203.0.113.42' })).statusCode,
    ).toBe(200);
    expect((await keysUnder(prefix)).length).toBeGreaterThan(0);
  });

  it('accept each other’s tokens, and a sign-out on one is refused on the other at once', async () => {
    const user = await createUser(a.app, { email: 'both-instances@example.com' });
    const onA = await loginAs(a.app, user.email);
    const me = (t: TestApp, headers: { authorization: string }) =>
      t.app.inject({ method: 'GET', url: '/api/account/me/', headers });
    expect((await me(b, onA.headers)).statusCode).toBe(200);

    const out = await a.app.inject({ method: 'POST', url: '/api/account/token/logout-all/', headers: onA.headers });
    expect(out.statusCode).toBe(200);
    await expect.poll(async () => (await me(b, onA.headers)).statusCode, { timeout: 2_000 }).toBe(401);
    const refreshed = await b.app.inject({
      method: 'POST',
      url: '/api/account/token/refresh/',
      payload: { refresh: onA.refresh },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('serve a setting an operator changed through the other at once', async () => {
    const operator = await createUser(a.app, { email: 'operator-both@example.com', attributes: ['admin'] });
    const onA = await loginAs(a.app, operator.email);
    const config = async (t: TestApp) =>
      (await t.app.inject({ method: 'GET', url: '/api/get-global-config/', remoteAddress: '203.0.113.60' })).json();
    // B has built and keeps its configuration before the change.
    expect((await config(b)).bank_maximum_advance_amount).toBe('500000.00');
    const settings = (
      await a.app.inject({ method: 'GET', url: '/api/v1/backoffice/settings/', headers: onA.headers })
    ).json();
    const saved = await a.app.inject({
      method: 'PUT',
      url: '/api/v1/backoffice/settings/',
      headers: onA.headers,
      payload: { ...settings, bank_maximum_advance_amount: '250000.00' },
    });
    expect(saved.statusCode).toBe(200);
    await expect.poll(async () => (await config(b)).bank_maximum_advance_amount, { timeout: 2_000 }).toBe('250000.00');
  });

  it('store a document through one and give it back through the other', async () => {
    await createUser(a.app, { email: 'holder@example.com' });
    const session = await loginAs(b.app, 'holder@example.com');
    const front = Buffer.from('%PDF-1.7\n% Carta di identità, Rossi Mario\n%%EOF\n');
    const { payload, headers } = multipartBody([
      ...fieldParts({
        type: 'identity_card',
        number: 'CA 12345 AB',
        issued_on: dayjs().subtract(2, 'year').format('YYYY-MM-DD'),
        expires_on: dayjs().add(7, 'year').format('YYYY-MM-DD'),
      }),
      { name: 'front', fileName: 'fronte.pdf', contentType: 'application/pdf', data: front },
      { name: 'back', fileName: 'retro.pdf', contentType: 'application/pdf', data: front },
    ]);
    const uploaded = await a.app.inject({
      method: 'POST',
      url: IDENTITY_DOCUMENT_UPLOAD_PATH,
      payload,
      headers: { ...headers, ...session.headers },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const item = uploaded.json() as DocumentItem;
    const download = await b.app.inject({
      method: 'GET',
      url: documentFileDownloadPath(item.id, item.files[0]!.id),
      headers: session.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(front)).toBe(true);
  });

  it('run a job enqueued once on one of them only, and its export downloads from the other', async () => {
    await createUser(a.app, { email: 'operator@example.com', attributes: ['admin'] });
    const operator = await loginAs(a.app, 'operator@example.com');
    const asked = await a.app.inject({
      method: 'PATCH',
      url: '/api/v1/backoffice/users/export-xlsx/',
      payload: { filters: { order_by__: 'email' } },
      headers: operator.headers,
    });
    expect(asked.statusCode).toBe(202);
    // Both workers look for work at the same moment: the job is claimed by one.
    const ran = await Promise.all([a.app.jobs.drain(), b.app.jobs.drain()]);
    expect(ran[0] + ran[1]).toBe(1);
    const exported = await b.database.db.select().from(exportsTable);
    expect(exported).toHaveLength(1);
    const res = await b.app.inject({
      method: 'GET',
      url: `/api/v1/exports/${exported[0]!.id}/download_document_file`,
      headers: operator.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
