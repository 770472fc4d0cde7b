// Runs only against a PostgreSQL server: PGlite is one connection and would serialise the requests.
// Two tabs, or a reload while a refresh was on its way, present the same token at once: each gets a token
// of the same sign-in (one rotation, the others within the moments a lost answer may be asked again,
// docs/decisions/047), and the token replayed later ends the sign-in as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs } from '../../test/auth';
import { ageSpentRefreshTokens } from '../../test/spent-tokens';

describe.runIf(process.env.DATABASE_URL)('refreshes with the same token at the same time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/token/refresh/', payload: { refresh: token } });

  it('each keeps the sign-in; the token replayed a minute later ends it', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await createUser(t.app, { email: `race-${round}@example.com` });
      const session = await loginAs(t.app, user.email);
      const results = await Promise.all(Array.from({ length: 4 }, () => refresh(session.refresh)));
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const issued = results.map((r) => r.json().refresh as string);
      expect(new Set(issued).size).toBe(4);

      await ageSpentRefreshTokens(t);
      expect((await refresh(session.refresh)).statusCode).toBe(401);
      // The replay ended the whole sign-in: every token it had issued is dead.
      for (const token of issued) expect((await refresh(token)).statusCode).toBe(401);
    }
  });
});
