// The demo customer confirms operations with an authenticator app, enrolled through the same service as a
// customer's own: a newcomer adds the published secret (README, demo accounts) to any TOTP app and signs an
// order, a contract or a swap with its code. The secret is fixed here and nowhere else.
import { generate } from 'otplib';
import type { Queryable, Transaction } from '../db/client';
import { getAccountByEmail } from '../modules/account/service';
import { confirmEnrolmentIn, startEnrolmentIn } from '../modules/authenticator/service';

/** Published in the README: a demo data set is public by nature. */
export const DEMO_AUTHENTICATOR_SECRET = 'LOMBARDDEMOTOTPSECRETKEY23456723';

export async function seedDemoAuthenticator(db: Queryable): Promise<void> {
  const tx = db as Transaction;
  const customer = await getAccountByEmail(tx, 'customer@demo.lombard.test');
  if (!customer) return;
  const now = new Date();
  await startEnrolmentIn(tx, { userId: customer.id, email: customer.email, now, secret: DEMO_AUTHENTICATOR_SECRET });
  const code = await generate({ secret: DEMO_AUTHENTICATOR_SECRET, epoch: Math.floor(now.getTime() / 1000) });
  const { outcome } = await confirmEnrolmentIn(tx, { userId: customer.id, code, now });
  if (outcome.status !== 'verified') throw new Error(`demo authenticator not enrolled: ${outcome.status}`);
}
