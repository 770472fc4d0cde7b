import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../client';
import { seedAccounts } from './accounts';
import { seedBackoffice } from './backoffice';
import { seedMenus } from './menus';
import { seedPartners } from './partners';
import { seedProducts } from './products';
import { seedSettings } from './settings';
import { seedSupport } from './support';

/**
 * Demo data for a first start. Idempotent: every step inserts only what is missing, so it runs on
 * every start and after a partial failure.
 */
export async function seedDemoData(db: Database, log?: FastifyBaseLogger): Promise<void> {
  const started = Date.now();
  await seedSettings(db);
  await seedMenus(db);
  await seedPartners(db);
  await seedProducts(db);
  await seedSupport(db);
  await seedAccounts(db);
  await seedBackoffice(db);
  log?.info({ ms: Date.now() - started }, 'demo data seeded');
}
