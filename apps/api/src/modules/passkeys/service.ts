// The customer's passkeys in the settings: the list, adding one (a step-up first: the password and the
// code of the strongest factor the customer already has, so that a stolen password alone never makes a
// factor that confirms money), and removing one with the password. Both are audited (docs/decisions/039).
import { createHash } from 'node:crypto';
import {
  ONE_TIME_CODE_VALIDITY_MINUTES,
  PASSKEY_CEREMONY_MINUTES,
  PASSKEY_MAX_PER_USER,
} from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import type { Passkey } from '@lombard/shared/schemas/passkeys';
import type { PasskeyRegistration } from '@lombard/shared/schemas/webauthn';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import { and, eq } from 'drizzle-orm';
import { type Database, inTransaction, type Queryable } from '../../db/client';
import { passkeys } from '../../db/schema/passkeys';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { assertVerified, issueCode, verifyCode } from '../../lib/one-time-code/codes';
import { type RequestAudit, recordUserChange } from '../../lib/resource/audit';
import { passwordMatches } from '../auth/service';
import { assertFactor, checkFactor, hasAuthenticator } from '../authenticator/service';
import { verifiedPhone } from '../profile/service';
import {
  base64url,
  challengeOfResponse,
  newChallenge,
  relyingParty,
  spendChallenge,
  storeChallenge,
  userPasskeys,
} from './ceremony';

export { actOptions, checkActAssertion, existingActOptions } from './act';
export { hasPasskey } from './ceremony';

const ENROLMENT_CODE = 'passkey-enrolment';

const minutes = (now: Date, n: number) => new Date(now.getTime() + n * 60 * 1000);

export async function listPasskeys(db: Queryable, userId: number): Promise<Passkey[]> {
  return (await userPasskeys(db, userId)).map((row) => ({
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  }));
}

async function assertPassword(db: Queryable, userId: number, password: string) {
  if (!(await passwordMatches(db, userId, password))) throw fieldError({ password: 'account:wrongPassword' });
}

export interface StepUpInput {
  userId: number;
  email: string;
  language: Language;
  password: string;
  code?: string;
  recoveryCode?: string;
  now: Date;
}

export type StepUpResult =
  | { codeFactor: 'sms' | 'authenticator'; options: null }
  | { codeFactor: null; options: Record<string, unknown> };

/**
 * The password, then the strongest code factor the customer has: the authenticator app (or a recovery
 * code), else a code sent now to the verified phone. Without a code yet, answers which factor gives it
 * (and sends the SMS); with the right code, the options of the browser's registration.
 */
export async function stepUp(db: Database, input: StepUpInput): Promise<StepUpResult> {
  await assertPassword(db, input.userId, input.password);
  const existing = await userPasskeys(db, input.userId);
  if (existing.length >= PASSKEY_MAX_PER_USER) {
    throw new AppError('PASSKEY_LIMIT_REACHED', { params: { count: PASSKEY_MAX_PER_USER } });
  }
  const payload = { user: input.userId, act: ENROLMENT_CODE };
  const outcome = await inTransaction(db, async (tx) => {
    if (await hasAuthenticator(tx, input.userId)) {
      if (!input.code && !input.recoveryCode) return { ask: 'authenticator' as const };
      const proof = { code: input.code, recoveryCode: input.recoveryCode };
      return { factor: await checkFactor(tx, { userId: input.userId, proof, now: input.now }) };
    }
    const phone = await verifiedPhone(tx, input.userId);
    if (!phone) return {};
    if (!input.code) {
      const t = translator(input.language);
      await issueCode(tx, {
        userId: input.userId,
        purpose: ENROLMENT_CODE,
        subject: input.userId,
        payload,
        now: input.now,
        sms: {
          to: phone,
          language: input.language,
          template: ENROLMENT_CODE,
          text: (code) => t('profile:passkeySms', { code, minutes: ONE_TIME_CODE_VALIDITY_MINUTES }),
        },
      });
      return { ask: 'sms' as const };
    }
    const sms = await verifyCode(tx, {
      userId: input.userId,
      purpose: ENROLMENT_CODE,
      subject: input.userId,
      payload,
      code: input.code,
      now: input.now,
    });
    return { sms };
  });
  // Thrown after the transaction, so that a wrong code stays counted.
  if ('ask' in outcome && outcome.ask) return { codeFactor: outcome.ask, options: null };
  if ('factor' in outcome && outcome.factor) assertFactor(outcome.factor);
  if ('sms' in outcome && outcome.sms) assertVerified(outcome.sms);

  const { rpName, rpId } = relyingParty();
  const challenge = newChallenge();
  const options = await generateRegistrationOptions({
    rpName,
    rpID: rpId,
    userName: input.email,
    // A handle that names no one: the hash of the user's id on this site.
    userID: createHash('sha256').update(`lombard-user:${input.userId}`).digest(),
    challenge: Buffer.from(challenge, 'base64url'),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(db, {
    challenge,
    purpose: 'register',
    userId: input.userId,
    expiresAt: minutes(input.now, PASSKEY_CEREMONY_MINUTES),
  });
  return { codeFactor: null, options: { ...options } };
}

/** The browser's registration, over the challenge the step-up gave this user: the passkey is kept. */
export async function enrolPasskey(
  db: Database,
  input: { userId: number; name: string; response: PasskeyRegistration; now: Date; audit: RequestAudit },
): Promise<Passkey> {
  const challenge = challengeOfResponse(input.response);
  const { origin, rpId } = relyingParty();
  let credential: { id: string; publicKey: Uint8Array; counter: number };
  try {
    const result = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge ?? '',
      expectedOrigin: origin,
      expectedRPID: rpId,
      requireUserVerification: true,
    });
    if (!result.verified) throw new AppError('PASSKEY_REFUSED');
    credential = result.registrationInfo.credential;
  } catch (error) {
    throw error instanceof AppError ? error : new AppError('PASSKEY_REFUSED');
  }
  return inTransaction(db, async (tx) => {
    // The challenge must be one handed to this user after the step-up, unspent and in time.
    await spendChallenge(tx, { challenge, purpose: 'register', userId: input.userId, now: input.now });
    const [taken] = await tx.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, credential.id));
    if (taken) throw new AppError('PASSKEY_ALREADY_REGISTERED');
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: input.userId,
        credentialId: credential.id,
        publicKey: base64url(credential.publicKey),
        counter: credential.counter,
        transports: (input.response.response.transports ?? []).slice(0, 10),
        name: input.name,
        createdAt: input.now,
      })
      .returning();
    await recordUserChange(tx, input.userId, 'passkey_enrolled', input.audit);
    return { id: row!.id, name: row!.name, created_at: row!.createdAt.toISOString(), last_used_at: null };
  });
}

/** Removes one of the user's passkeys, on the password (acts are then confirmed by the next factor). */
export async function removePasskey(
  db: Database,
  input: { userId: number; id: number; password: string; audit: RequestAudit },
): Promise<void> {
  await assertPassword(db, input.userId, input.password);
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, input.userId)))
      .returning({ id: passkeys.id });
    if (!row) throw notFound();
    await recordUserChange(tx, input.userId, 'passkey_removed', input.audit);
  });
}
