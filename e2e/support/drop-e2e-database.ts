import { dropDatabase } from './e2e-database';

/** Playwright's global teardown: the run's own PostgreSQL database goes with the run. */
export default async function dropE2eDatabase(): Promise<void> {
  const server = process.env.E2E_DATABASE_SERVER;
  const name = process.env.E2E_DATABASE_NAME;
  if (server && name) await dropDatabase(server, name);
}
