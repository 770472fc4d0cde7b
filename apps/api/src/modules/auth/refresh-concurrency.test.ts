// Runs only against a PostgreSQL server: PGlite is one connection and would serialise the requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs } from '../../test/auth';

describe.runIf(process.env.DATABASE_URL)('two refreshes with the same token at the same time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('exactly one succeeds', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await createUser(t.app, { email: `race-${round}@example.com` });
      const session = await loginAs(t.app, user.email);
      const results = await Promise.all(
        Array.from({ length: 4 }, () =>
          t.app.inject({ method: 'POST', url: '/api/account/token/refresh/', payload: { refresh: session.refresh } }),
        ),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 401, 401, 401]);
    }
  });
});
