// Prepared databases for the tests. Migrating and seeding one takes seconds (the demo data is made
// through the real services, password hashing included) and nearly every test file starts the app on the
// same one, so the run prepares each kind once — empty, seeded, seeded with the demo — and every test app
// starts from a copy of it, its files included: a snapshot loaded into a new embedded database, or on
// PostgreSQL a database created from the prepared one as its template. The app then finds the copy
// migrated and seeded and leaves it as it is.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, parseConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { localFileStorage } from '../lib/files/storage';
import { useAuthenticatorKey } from '../modules/authenticator/service';
import { seedDatabase } from '../seed/steps';

export const TEMPLATE_KINDS = ['empty', 'base', 'demo'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export interface PreparedTemplates {
  /** Each kind's files, and on the embedded database its snapshot. */
  folder: string;
  /** On PostgreSQL, each kind's template database. */
  databases?: Record<TemplateKind, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates?: PreparedTemplates;
  }
}

const filesOf = (folder: string, kind: TemplateKind) => path.join(folder, `${kind}-files`);
const snapshotOf = (folder: string, kind: TemplateKind) => path.join(folder, `${kind}.tar`);

/** A database URL naming another database on the same server. */
export function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs statements on the server's maintenance connection (create and drop databases). */
export async function onServer(serverUrl: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Migrates (and seeds) one database and keeps it, with the files it wrote, in `folder`: on the embedded
 * database as a snapshot file, on PostgreSQL as the database `database` (created here).
 */
/**
 * The key sealing TOTP secrets in every prepared database and test app of a run (the demo customer's
 * secret is sealed in the templates, made by the global setup, where vitest's `env` does not apply).
 * vitest.config.ts gives the same value to the test files' environment.
 */
export const TEST_AUTHENTICATOR_KEY = '6c6f6d626172642d746573742d6b65792d666f722d746f74702d736563726574';

export async function prepareTemplate(
  folder: string,
  kind: TemplateKind,
  server?: { url: string; database: string },
): Promise<void> {
  const files = filesOf(folder, kind);
  mkdirSync(files, { recursive: true });
  if (server) await onServer(server.url, `create database ${server.database}`);
  const handle = server
    ? await openDatabase({ databaseUrl: databaseUrlFor(server.url, server.database), dataDir: files })
    : await openDatabase({ dataDir: files, inMemory: true });
  try {
    await runMigrations(handle);
    useAuthenticatorKey(loadConfig({ NODE_ENV: 'test', DATA_DIR: files, AUTHENTICATOR_KEY: TEST_AUTHENTICATOR_KEY }));
    if (kind !== 'empty') {
      // The links of the e-mails the demo flows queue: the test configuration's, as a test app has them.
      const { publicUrl, supportEmail } = parseConfig({ NODE_ENV: 'test' });
      await seedDatabase(handle, {
        demo: kind === 'demo',
        files: localFileStorage(files),
        publicUrl,
        supportEmail,
      });
    }
    if (handle.snapshot) {
      const snapshot = await handle.snapshot();
      writeFileSync(snapshotOf(folder, kind), Buffer.from(await snapshot.arrayBuffer()));
    }
  } finally {
    await handle.close();
  }
}

const loaded = new Map<TemplateKind, Blob>();

/**
 * Copies a prepared template's files into `dataDir` and answers where its data is: the snapshot to load
 * or the database to copy. Nothing when the run prepared none (the app then migrates and seeds itself).
 */
export function fromTemplate(kind: TemplateKind, dataDir: string): { snapshot?: Blob; database?: string } {
  const prepared = inject('testTemplates');
  if (!prepared) return {};
  cpSync(filesOf(prepared.folder, kind), dataDir, { recursive: true });
  if (prepared.databases) return { database: prepared.databases[kind] };
  let snapshot = loaded.get(kind);
  if (!snapshot) {
    snapshot = new Blob([readFileSync(snapshotOf(prepared.folder, kind))]);
    loaded.set(kind, snapshot);
  }
  return { snapshot };
}
