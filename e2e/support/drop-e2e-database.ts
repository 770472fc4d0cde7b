import { dropDatabase } from './e2e-database';

/** Playwright's global teardown: the run's own PostgreSQL databases go with the run. */
export default async function dropE2eDatabase(): Promise<void> {
  const server = process.env.E2E_DATABASE_SERVER;
  const names = process.env.E2E_DATABASE_NAMES?.split(',') ?? [];
  if (server) for (const name of names) await dropDatabase(server, name);
}
