import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, DatabaseHandle } from './client';

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, 'migrations');

// Any constant works; it only has to be the same for every instance of the API.
const MIGRATION_LOCK_KEY = 7_310_204_101;

/**
 * Applies the committed SQL migrations. On a PostgreSQL server the work runs under a session advisory
 * lock so that several instances starting together migrate once and the others wait.
 */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  await withAdvisoryLock(handle, MIGRATION_LOCK_KEY, (session) =>
    migratePg(session as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER }),
  );
}

/**
 * Runs `work` on one connection holding a session advisory lock, so that instances starting together do
 * it one after the other. PGlite is one connection in one process: there is nobody to wait for.
 */
export async function withAdvisoryLock<T>(
  handle: DatabaseHandle,
  key: number,
  work: (session: Database) => Promise<T>,
): Promise<T> {
  if (handle.kind === 'pglite') return work(handle.db);
  return handle.withSession(async (session) => {
    await session.execute(sql`select pg_advisory_lock(${key})`);
    try {
      return await work(session);
    } finally {
      await session.execute(sql`select pg_advisory_unlock(${key})`);
    }
  });
}
