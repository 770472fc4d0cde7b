// A customer's authenticator app, enrolled through HTTP as the settings page does it (the secret, then its
// first code), and the code the app would show at the fixture's clock.
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { Investor, MoneyFixture } from './money';

export interface EnrolledApp {
  secret: string;
  recoveryCodes: string[];
  /** The app's current code at the fixture's clock. */
  totp(): Promise<string>;
}

/**
 * Enrols the investor's app, then moves the clock past the 30-second step its first code used (a step is
 * accepted once): the next `totp()` is a code the server takes.
 */
export async function enrolAuthenticator(f: MoneyFixture, investor: Investor): Promise<EnrolledApp> {
  const { secret } = (await f.post(investor.session, '/api/v1/profile/authenticator/', undefined, null)).json();
  const totp = () => generate({ secret, epoch: Math.floor(f.clock.now.getTime() / 1000) });
  const enrolled = await f.post(
    investor.session,
    '/api/v1/profile/authenticator/confirm/',
    { code: await totp() },
    null,
  );
  expect(enrolled.statusCode).toBe(200);
  f.clock.now = new Date(f.clock.now.getTime() + 30_000);
  return { secret, recoveryCodes: enrolled.json().recovery_codes, totp };
}
