// One authenticator code checked several times at once (two tabs, a replayed confirmation): the row lock
// makes the checks one after the other, so exactly one is accepted and the others find its step used.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, type Session } from '../../test/auth';
import { checkFactor } from './service';

describe.runIf(process.env.DATABASE_URL)('one authenticator code sent at once on PostgreSQL', () => {
  let t: TestApp;
  let now = new Date('2026-03-02T09:00:00Z');
  let session: Session;
  let userId = 0;
  let secret = '';
  const totp = () => generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/v1/profile/authenticator/${url}`, headers: session.headers, payload });

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    const user = await createUser(t.app, { email: 'race@example.test' });
    userId = user.id;
    session = await loginAs(t.app, user.email);
  });
  afterAll(() => t.close());

  it('is accepted once out of eight, ten rounds over; the others find its step used', async () => {
    secret = (await post('')).json().secret;
    expect((await post('confirm/', { code: await totp() })).statusCode).toBe(200);
    for (let round = 0; round < 10; round++) {
      now = new Date(now.getTime() + 60_000);
      const code = await totp();
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, () =>
          inTransaction(t.database.db, (tx) => checkFactor(tx, { userId, proof: { code }, now })),
        ),
      );
      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([
        'used',
        'used',
        'used',
        'used',
        'used',
        'used',
        'used',
        'verified',
      ]);
    }
  });
});
