// The WebAuthn checks shared by sign-in and the confirmation of acts (@simplewebauthn/server): challenges
// handed out once and spent under a lock, and an assertion verified against exactly the challenge stored
// for it, the customer's own public key, this site's origin and RP ID, user verification and the counter.
import { createHash, randomBytes } from 'node:crypto';
import type { PasskeyAssertion } from '@lombard/shared/schemas/webauthn';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { passkeyChallenges, passkeys } from '../../db/schema/passkeys';
import { AppError } from '../../lib/errors';

/** The relying party (config.ts: `webauthn`): set once when the module is registered. */
export interface RelyingParty {
  rpName: string;
  rpId: string;
  origin: string;
}

let party: RelyingParty | null = null;

/**
 * The signing service is called from many flows that carry no configuration; the relying party is the
 * same for the whole process, so the module keeps it here when the app starts.
 */
export function useRelyingParty(value: RelyingParty) {
  party = value;
}

export function relyingParty(): RelyingParty {
  if (!party) throw new Error('passkeys: the relying party is not configured (passkeysModule not registered)');
  return party;
}

export const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
export const newChallenge = () => base64url(randomBytes(32));

/** The challenge a browser signed, read from its clientDataJSON (null when unreadable). */
export function challengeOfResponse(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'));
    return typeof data?.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * The challenge of an act: SHA-256 over what is confirmed (the signature, the hash of its terms, the hash
 * of its document) and a random nonce, so that the passkey's signature covers that act and no other, and
 * the same act asked twice gets a new one.
 */
export function actChallenge(act: { signatureId: number; payloadHash: string; documentHash: string; nonce: string }) {
  return base64url(
    createHash('sha256')
      .update(`lombard-act:${act.signatureId}:${act.payloadHash}:${act.documentHash}:${act.nonce}`)
      .digest(),
  );
}

export async function userPasskeys(db: Queryable, userId: number) {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.id);
}

export async function hasPasskey(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return Boolean(row);
}

/** Options for `startAuthentication` with this challenge: the user's passkeys, or any (discoverable) for sign-in. */
export async function requestOptions(
  db: Queryable,
  challenge: string,
  userId: number | null,
): Promise<Record<string, unknown>> {
  const allow = userId === null ? undefined : await userPasskeys(db, userId);
  // Answered as JSON as it is (PublicKeyCredentialRequestOptionsJSON), for the browser's library to read.
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().rpId,
    challenge: Buffer.from(challenge, 'base64url'),
    userVerification: 'required',
    allowCredentials: allow?.map((row) => ({ id: row.credentialId, transports: row.transports })),
  });
  return { ...options };
}

/** Stores a challenge to accept once until `expiresAt`. */
export async function storeChallenge(
  db: Queryable,
  row: { challenge: string; purpose: string; userId?: number; signatureId?: number; nonce?: string; expiresAt: Date },
) {
  await db.insert(passkeyChallenges).values(row);
}

/**
 * Spends a sign-in or enrolment challenge: one statement, so of two requests with it only one finds it.
 * Unknown, expired, spent or someone else's: PASSKEY_CHALLENGE_EXPIRED.
 */
export async function spendChallenge(
  tx: Queryable,
  input: { challenge: string | null; purpose: 'sign-in' | 'register'; userId?: number; now: Date },
) {
  const [row] = input.challenge
    ? await tx
        .update(passkeyChallenges)
        .set({ usedAt: input.now })
        .where(
          and(
            eq(passkeyChallenges.challenge, input.challenge),
            eq(passkeyChallenges.purpose, input.purpose),
            input.userId === undefined ? undefined : eq(passkeyChallenges.userId, input.userId),
            isNull(passkeyChallenges.usedAt),
            gt(passkeyChallenges.expiresAt, input.now),
          ),
        )
        .returning({ challenge: passkeyChallenges.challenge })
    : [];
  if (!row) throw new AppError('PASSKEY_CHALLENGE_EXPIRED');
}

/** The owner of the passkey an assertion names, or null for a passkey this site does not know. */
export async function passkeyOwner(db: Queryable, credentialId: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: passkeys.userId })
    .from(passkeys)
    .where(eq(passkeys.credentialId, credentialId));
  return row?.userId ?? null;
}

/**
 * Verifies an assertion of one of the user's passkeys over `expectedChallenge`, under the passkey's row
 * lock, and records its counter and use. Another user's or an unknown passkey, another origin or RP ID,
 * no user verification, a bad signature or a counter that did not move on: PASSKEY_REFUSED.
 */
export async function verifyAssertion(
  tx: Queryable,
  input: { userId: number; response: PasskeyAssertion; expectedChallenge: string; now: Date },
): Promise<void> {
  const [credential] = await tx
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, input.response.id), eq(passkeys.userId, input.userId)))
    .for('update');
  if (!credential) throw new AppError('PASSKEY_REFUSED');
  const { origin, rpId } = relyingParty();
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      requireUserVerification: true,
      credential: {
        id: credential.credentialId,
        publicKey: Buffer.from(credential.publicKey, 'base64url'),
        counter: credential.counter,
        transports: credential.transports,
      },
    });
    if (!result.verified) throw new AppError('PASSKEY_REFUSED');
    newCounter = result.authenticationInfo.newCounter;
  } catch (error) {
    // The library throws plain errors for every failed check (origin, RP ID, signature, counter).
    throw error instanceof AppError ? error : new AppError('PASSKEY_REFUSED');
  }
  await tx.update(passkeys).set({ counter: newCounter, lastUsedAt: input.now }).where(eq(passkeys.id, credential.id));
}
