// npm run db:migrate | db:seed | db:reset — against DATABASE_URL, or the embedded database in DATA_DIR.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { seedDemoData } from './seed/index';

async function main(command: string | undefined) {
  const config = loadConfig();
  if (command === 'reset' && !config.databaseUrl) {
    await rm(path.join(config.dataDir, 'pglite'), { recursive: true, force: true });
  }
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (command === 'reset' && config.databaseUrl) {
      await handle.db.execute(sql`drop schema if exists public cascade`);
      await handle.db.execute(sql`drop schema if exists drizzle cascade`);
      await handle.db.execute(sql`create schema public`);
    }
    if (command === 'migrate' || command === 'reset' || command === 'seed') await runMigrations(handle);
    if (command === 'seed' || command === 'reset') await seedDemoData(handle.db);
    if (!['migrate', 'seed', 'reset'].includes(command ?? '')) {
      console.error('usage: cli.ts migrate | seed | reset');
      process.exitCode = 2;
      return;
    }
    console.info(`db ${command}: done (${handle.kind})`);
  } finally {
    await handle.close();
  }
}

main(process.argv[2]).catch((error) => {
  console.error(error);
  process.exit(1);
});
