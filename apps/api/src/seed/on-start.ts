// Seeding on start, right after the database is open and migrated: the base content always, demo data
// when the configuration allows it (seed/steps.ts), and one log line saying which.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client';
import { countDemoAccounts, type SeedOutcome, seedDatabase } from './steps';

export const seedOnStart = fp(async (app: FastifyInstance) => {
  const started = Date.now();
  const outcome = await seedDatabase(app.database, {
    demo: app.config.seedDemo,
    files: app.files,
    publicUrl: app.config.publicUrl,
    supportEmail: app.config.supportEmail,
  });
  await reportSeeding(app, app.database, outcome, Date.now() - started);
});

/**
 * One line on every start saying whether this data set has demo data: demo accounts share a published
 * password, so on a PostgreSQL server (what a real deployment runs) their presence is a warning.
 */
async function reportSeeding(app: FastifyInstance, handle: DatabaseHandle, outcome: SeedOutcome, ms: number) {
  const details = { database: handle.kind, applied: outcome.applied, ms };
  // The rule is stated in terms of the configuration: DATABASE_URL names a PostgreSQL server.
  const server = Boolean(app.config.databaseUrl);
  if (app.config.seedDemo && server) {
    app.log.warn(
      details,
      'SEED_DEMO=true: this PostgreSQL database holds the demo accounts, whose password is published in the README. Never use SEED_DEMO=true in production.',
    );
    return;
  }
  if (app.config.seedDemo) {
    app.log.info(
      details,
      'demo data: seeded once for this data set (embedded database); deleted demo rows stay deleted',
    );
    return;
  }
  const demoAccounts = await countDemoAccounts(handle.db);
  if (demoAccounts > 0) {
    app.log.warn(
      { ...details, demoAccounts },
      'no demo data seeded, but this database already holds demo accounts (an earlier start seeded them) whose password is published: delete them',
    );
    return;
  }
  app.log.info(
    details,
    server
      ? 'no demo data seeded (DATABASE_URL is set and SEED_DEMO is not true); create the first operator with `npm run create-admin -- --email <address>`'
      : 'no demo data seeded (SEED_DEMO=false)',
  );
}
