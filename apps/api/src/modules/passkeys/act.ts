// A passkey confirming an act (an order past the MiFID warning, an advance contract, a collateral swap):
// the signing service asks here for the act's WebAuthn options, whose challenge is derived from the act,
// and checks the assertion against exactly that stored challenge, once (docs/decisions/039).
import { randomBytes } from 'node:crypto';
import type { PasskeyAssertion } from '@lombard/shared/schemas/webauthn';
import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { passkeyChallenges } from '../../db/schema/passkeys';
import { AppError } from '../../lib/errors';
import { actChallenge, challengeOfResponse, requestOptions, storeChallenge, verifyAssertion } from './ceremony';

const SIGNATURE = 'signature';

/** Derives, stores and answers the WebAuthn options of a new signature (in the transaction that made it). */
export async function actOptions(
  tx: Queryable,
  act: { userId: number; signatureId: number; payloadHash: string; documentHash: string; expiresAt: Date },
) {
  const nonce = randomBytes(16).toString('hex');
  const challenge = actChallenge({ ...act, nonce });
  await storeChallenge(tx, {
    challenge,
    purpose: SIGNATURE,
    userId: act.userId,
    signatureId: act.signatureId,
    nonce,
    expiresAt: act.expiresAt,
  });
  return requestOptions(tx, challenge, act.userId);
}

/** The options of a signature asked for before (a double-click answers the same act with the same challenge). */
export async function existingActOptions(tx: Queryable, userId: number, signatureId: number) {
  const [row] = await tx
    .select({ challenge: passkeyChallenges.challenge })
    .from(passkeyChallenges)
    .where(and(eq(passkeyChallenges.signatureId, signatureId), eq(passkeyChallenges.purpose, SIGNATURE)));
  return row ? requestOptions(tx, row.challenge, userId) : null;
}

/**
 * Checks an assertion for the signature, whose row the caller holds locked: signed over another challenge
 * (another act, or the same act asked again) is CONFIRMATION_MISMATCH; already spent is
 * PASSKEY_ASSERTION_USED; past its time CONFIRMATION_EXPIRED; then the passkey itself is verified.
 */
export async function checkActAssertion(
  tx: Queryable,
  input: { userId: number; signatureId: number; response: PasskeyAssertion; now: Date },
): Promise<void> {
  const [row] = await tx
    .select()
    .from(passkeyChallenges)
    .where(and(eq(passkeyChallenges.signatureId, input.signatureId), eq(passkeyChallenges.purpose, SIGNATURE)));
  if (!row || row.userId !== input.userId) throw new AppError('CONFIRMATION_MISMATCH');
  if (challengeOfResponse(input.response) !== row.challenge) throw new AppError('CONFIRMATION_MISMATCH');
  if (row.usedAt) throw new AppError('PASSKEY_ASSERTION_USED');
  if (row.expiresAt.getTime() <= input.now.getTime()) throw new AppError('CONFIRMATION_EXPIRED');
  await verifyAssertion(tx, {
    userId: input.userId,
    response: input.response,
    expectedChallenge: row.challenge,
    now: input.now,
  });
  await tx.update(passkeyChallenges).set({ usedAt: input.now }).where(eq(passkeyChallenges.challenge, row.challenge));
}
