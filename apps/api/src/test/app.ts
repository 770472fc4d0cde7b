// Test harness: builds the real app on an isolated database. Without DATABASE_URL each call gets an
// in-memory PGlite; with it, a fresh database is created on that server and dropped afterwards, so
// runs can repeat on the same server and files run in parallel.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../app';
import { type Env, loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { verifyBooks } from '../modules/advances/service';
import { databaseUrlFor, fromTemplate, onServer, TEST_AUTHENTICATOR_KEY, type TemplateKind } from './templates';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestDatabase(
  dataDir: string,
  onQuery?: (query: string) => void,
  kind?: TemplateKind,
): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  const prepared = kind ? fromTemplate(kind, dataDir) : {};
  if (!base.databaseUrl) {
    const handle = await openDatabase({ dataDir, inMemory: true, onQuery, fromSnapshot: prepared.snapshot });
    return { handle, drop: async () => handle.close() };
  }
  const serverUrl = base.databaseUrl;
  const name = `lombard_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await onServer(serverUrl, `create database ${name}${prepared.database ? ` template ${prepared.database}` : ''}`);
  const handle = await openDatabase({ databaseUrl: databaseUrlFor(serverUrl, name), dataDir, onQuery });
  return {
    handle,
    async drop() {
      await handle.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export interface CreateTestAppOptions {
  env?: Env;
  seed?: boolean;
  /**
   * An existing PostgreSQL database to build on instead of a fresh one (tests of several instances
   * sharing one database); the caller creates and drops it.
   */
  databaseUrl?: string;
  /** Extra routes for one test (e.g. a route that throws), registered before the app is ready. */
  routes?: (app: FastifyInstance) => Promise<void> | void;
  /** Receives the app's log lines (set LOG_LEVEL in env: tests log nothing by default). */
  logStream?: BuildAppOptions['logStream'];
  /** The app's clock (one-time code expiry, limits per hour): tests move it instead of sleeping. */
  clock?: BuildAppOptions['clock'];
  /** Sees every SQL statement the app sends (query-count tests). */
  onQuery?: (query: string) => void;
}

export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lombard-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: '10000',
    // Tests sign in far more often than a person; the auth limit has its own test with a low value.
    AUTH_RATE_LIMIT_MAX: '10000',
    // Tests sign in as the demo accounts on either database; `seed: false` gives an empty one.
    SEED_DEMO: options.seed === false ? 'false' : 'true',
    // Counters in memory unless a test asks for Redis (with a key prefix of its own: see test/redis.ts).
    REDIS_URL: '',
    AUTHENTICATOR_KEY: TEST_AUTHENTICATOR_KEY,
    ...options.env,
  });
  const kind: TemplateKind = options.seed === false ? 'empty' : config.seedDemo ? 'demo' : 'base';
  const { handle, drop } = options.databaseUrl
    ? await openDatabase({ databaseUrl: options.databaseUrl, dataDir }).then((opened) => ({
        handle: opened,
        drop: () => opened.close(),
      }))
    : await createTestDatabase(dataDir, options.onQuery, kind);
  const app = await buildApp({
    config,
    database: handle,
    seed: options.seed ?? true,
    logStream: options.logStream,
    clock: options.clock,
  });
  if (options.routes) await app.register(async (scope) => options.routes?.(scope));
  await app.ready();
  return {
    app,
    database: handle,
    dataDir,
    async close() {
      // Whatever a test file did, the money must still add up: every ledger check and orders vs units
      // (unless the test closed the database itself, to see the app without it).
      const open = await handle.ping().then(
        () => true,
        () => false,
      );
      const report = open ? await verifyBooks(handle.db, new Date()) : { ok: true, checks: [] };
      if (!report.ok) {
        await app.close();
        await drop();
        throw new Error(`ledger verification failed: ${JSON.stringify(report.checks.filter((c) => !c.ok))}`);
      }
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app started again on a test app's data, as after a restart of the process (seeding included); the
 * caller closes it. A new handle object on the same database: the app keys per-process state by it.
 */
export async function restartTestApp(t: TestApp, env: Env = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: t.dataDir,
    SEED_DEMO: 'true',
    REDIS_URL: '',
    AUTHENTICATOR_KEY: TEST_AUTHENTICATOR_KEY,
    ...env,
  });
  const app = await buildApp({ config, database: { ...t.database } });
  await app.ready();
  return app;
}

/**
 * Instances of the API sharing one fresh PostgreSQL database, as several processes of one deployment do
 * (same signing key; started one after the other, so that the first migrates). The caller closes them.
 */
export async function createInstances(
  serverUrl: string,
  count: number,
  options: { seed?: boolean; env?: Env } = {},
): Promise<{ apps: FastifyInstance[]; url: string; close(): Promise<void> }> {
  const name = `lombard_test_instances_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = databaseUrlFor(serverUrl, name);
  const env = { JWT_SECRET: randomBytes(32).toString('hex'), ...options.env };
  const instances: TestApp[] = [];
  for (let i = 0; i < count; i++) instances.push(await createTestApp({ seed: options.seed, databaseUrl: url, env }));
  return {
    apps: instances.map((instance) => instance.app),
    url,
    async close() {
      for (const instance of instances) await instance.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
