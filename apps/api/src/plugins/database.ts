import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDemoData } from '../db/seed/index';

interface Options {
  database?: DatabaseHandle | undefined;
  migrate: boolean;
  seed: boolean;
}

/** Opens (or adopts) the database, migrates and seeds it, and closes it when the app closes. */
export const databasePlugin = fp(async (app: FastifyInstance, options: Options) => {
  const handle =
    options.database ?? (await openDatabase({ databaseUrl: app.config.databaseUrl, dataDir: app.config.dataDir }));
  app.decorate('database', handle);
  if (options.migrate) await runMigrations(handle);
  if (options.seed) await seedDemoData(handle.db, app.log);
  // A handle passed in by a test belongs to the test.
  if (!options.database) app.addHook('onClose', async () => handle.close());
});
