import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';

interface Options {
  database?: DatabaseHandle | undefined;
  migrate: boolean;
}

/**
 * Opens (or adopts) the database and migrates it, and closes it when the app closes. Seeding comes next,
 * from the seed folder (seed/on-start.ts): it goes through the modules' services, which this layer does not
 * import.
 */
export const databasePlugin = fp(async (app: FastifyInstance, options: Options) => {
  const handle =
    options.database ?? (await openDatabase({ databaseUrl: app.config.databaseUrl, dataDir: app.config.dataDir }));
  app.decorate('database', handle);
  if (options.migrate) await runMigrations(handle);
  // A handle passed in by a test belongs to the test.
  if (!options.database) app.addHook('onClose', async () => handle.close());
});
