// npm run db:migrate | db:seed | db:reset — against DATABASE_URL, or the embedded database in DATA_DIR.
// - migrate: applies the SQL migrations.
// - seed: migrates, then applies the seed steps this data set has not had yet (the base content; demo data
//   under the same rule as a start: embedded database, or SEED_DEMO=true). A step already applied is not
//   repeated, so rows an operator deleted stay deleted.
// - reset: deletes every table and row (the embedded data folder, or the server's public schema), then
//   migrates and seeds afresh. On a PostgreSQL server it asks for `--yes`: it is not undoable.

import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { openFileStorage } from '../lib/files/storage';
import { useAuthenticatorKey } from '../modules/authenticator/service';
import { seedDatabase } from '../seed/steps';

const COMMANDS = ['migrate', 'seed', 'reset'] as const;
type Command = (typeof COMMANDS)[number];

async function main(argv: string[]) {
  const [command, ...flags] = argv;
  if (!COMMANDS.includes(command as Command)) {
    console.error('usage: database.ts migrate | seed | reset [--yes]');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  if (command === 'reset' && config.databaseUrl && !flags.includes('--yes')) {
    console.error(
      'db:reset on a PostgreSQL server deletes every table and row of its public schema. To go ahead, run: npm run db:reset -- --yes',
    );
    process.exitCode = 2;
    return;
  }
  if (command === 'reset' && !config.databaseUrl) {
    await rm(path.join(config.dataDir, 'pglite'), { recursive: true, force: true });
  }
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Demo documents go where the server will look for them: DATA_DIR/files or the bucket of S3_URL.
  const files = await openFileStorage(config);
  try {
    if (command === 'reset' && config.databaseUrl) {
      await handle.db.execute(sql`drop schema if exists public cascade`);
      await handle.db.execute(sql`drop schema if exists drizzle cascade`);
      await handle.db.execute(sql`create schema public`);
    }
    await runMigrations(handle);
    if (command === 'seed' || command === 'reset') {
      // The demo customer's authenticator is enrolled by the seed: its secret is sealed with the key.
      if (!useAuthenticatorKey(config) && config.seedDemo) {
        throw new Error('AUTHENTICATOR_KEY is required to seed the demo data on PostgreSQL');
      }
      const { applied } = await seedDatabase(handle, {
        demo: config.seedDemo,
        files,
        publicUrl: config.publicUrl,
        supportEmail: config.supportEmail,
      });
      console.info(`seed steps applied: ${applied.length > 0 ? applied.join(', ') : 'none (all applied before)'}`);
      if (!config.seedDemo) console.info('demo data: not seeded (SEED_DEMO=true would seed it)');
      else if (handle.kind === 'postgres')
        console.warn('demo data: SEED_DEMO=true, demo accounts are in this database');
    }
    console.info(`db ${command}: done (${handle.kind}${handle.kind === 'pglite' ? `, ${config.dataDir}` : ''})`);
  } finally {
    await handle.close();
    await files.close();
  }
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
