// The first half of signing in with a passkey: a fresh challenge, kept to be spent once within a few
// minutes, and options that name no account (discoverable credentials: the browser offers the customer's
// passkeys for this site). The second half is the auth module's, which issues the session.
import { PASSKEY_CEREMONY_MINUTES } from '@lombard/shared/constants';
import type { PasskeyAssertion } from '@lombard/shared/schemas/webauthn';
import { and, eq, lt } from 'drizzle-orm';
import { type Database, inTransaction } from '../../db/client';
import { passkeyChallenges } from '../../db/schema/passkeys';
import { AppError } from '../../lib/errors';
import {
  challengeOfResponse,
  newChallenge,
  passkeyOwner,
  requestOptions,
  spendChallenge,
  storeChallenge,
  verifyAssertion,
} from './ceremony';

export async function signInOptions(db: Database, now: Date) {
  // Anyone may ask for one: the sign-in challenges of ceremonies never finished are cleared as they lapse.
  await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.purpose, 'sign-in'), lt(passkeyChallenges.expiresAt, now)));
  const challenge = newChallenge();
  await storeChallenge(db, {
    challenge,
    purpose: 'sign-in',
    expiresAt: new Date(now.getTime() + PASSKEY_CEREMONY_MINUTES * 60 * 1000),
  });
  return requestOptions(db, challenge, null);
}

/**
 * The second half: the account the assertion's passkey belongs to, and its check for the auth module's
 * sign-in (null when it holds; the refusal otherwise, which the sign-in throttle counts). The challenge is
 * spent in the same transaction, so one assertion signs in once.
 */
export async function signInProof(db: Database, response: PasskeyAssertion, now: Date) {
  const userId = await passkeyOwner(db, response.id);
  if (userId === null) throw new AppError('PASSKEY_REFUSED');
  const verify = async (): Promise<AppError | null> => {
    const challenge = challengeOfResponse(response);
    try {
      await inTransaction(db, async (tx) => {
        await spendChallenge(tx, { challenge, purpose: 'sign-in', now });
        await verifyAssertion(tx, { userId, response, expectedChallenge: challenge!, now });
      });
      return null;
    } catch (error) {
      if (error instanceof AppError && error.code === 'PASSKEY_REFUSED') return error;
      throw error;
    }
  };
  return { userId, verify };
}
