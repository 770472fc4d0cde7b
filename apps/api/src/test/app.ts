// Test harness: builds the real app on an isolated database. Without DATABASE_URL each call gets an
// in-memory PGlite; with it, a fresh database is created on that server and dropped afterwards, so
// runs can repeat on the same server and files run in parallel.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app';
import { type Env, loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestDatabase(dataDir: string): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  const base = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  if (!base.databaseUrl) {
    const handle = await openDatabase({ dataDir, inMemory: true });
    return { handle, drop: async () => handle.close() };
  }
  const name = `lombard_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base.databaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir });
  return {
    handle,
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: base.databaseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
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
}

export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lombard-test-'));
  const { handle, drop } = options.databaseUrl
    ? await openDatabase({ databaseUrl: options.databaseUrl, dataDir }).then((opened) => ({
        handle: opened,
        drop: () => opened.close(),
      }))
    : await createTestDatabase(dataDir);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    RATE_LIMIT_MAX: '10000',
    // Tests sign in far more often than a person; the auth limit has its own test with a low value.
    AUTH_RATE_LIMIT_MAX: '10000',
    // Tests sign in as the demo accounts on either database; `seed: false` gives an empty one.
    SEED_DEMO: options.seed === false ? 'false' : 'true',
    ...options.env,
  });
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
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, SEED_DEMO: 'true', ...env });
  const app = await buildApp({ config, database: { ...t.database } });
  await app.ready();
  return app;
}
