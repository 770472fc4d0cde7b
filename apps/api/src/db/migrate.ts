import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

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
  await handle.withSession(async (session) => {
    await session.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await migratePg(session as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await session.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  });
}
