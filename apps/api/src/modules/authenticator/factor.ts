// Checking a code of the authenticator app, or a recovery code, in the caller's transaction. The row is
// locked so that two requests with the same code are one: the first records the code's 30-second step and
// the second finds it used (replay). Wrong codes are counted; TOTP_MAX_ATTEMPTS in a row rest the factor for
// TOTP_LOCK_MINUTES. As with SMS codes the outcome is returned, not thrown, so the caller commits the
// counted attempt before refusing (`assertFactor` after the transaction).

import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  TOTP_DRIFT_STEPS,
  TOTP_LOCK_MINUTES,
  TOTP_MAX_ATTEMPTS,
  TOTP_PERIOD_SECONDS,
} from '@lombard/shared/constants';
import { and, eq, isNull } from 'drizzle-orm';
import { verify } from 'otplib';
import type { Queryable } from '../../db/client';
import { authenticators, recoveryCodes } from '../../db/schema/authenticator';
import { AppError } from '../../lib/errors';
import { openTotpSecret } from './secret-key';

export type FactorOutcome =
  | { status: 'verified' }
  | { status: 'invalid'; attemptsLeft: number }
  | { status: 'used' }
  | { status: 'locked'; wait: number }
  | { status: 'not-enrolled' };

export interface FactorProof {
  code?: string;
  recoveryCode?: string;
}

/**
 * Recovery codes carry 50 random bits each, so a salted SHA-256 keeps them as safe as a slow hash would
 * (there is no small space of likely values to try), and checking one against the ten stays instant.
 */
const hashRecovery = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

// Crockford's base32: no I, L, O or U to misread.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Fresh recovery codes, as shown (`ABCDE-FGHJK`), with the rows that keep their hashes. */
export function newRecoveryCodes(userId: number, now: Date) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  const rows = codes.map((code) => {
    const salt = randomBytes(16).toString('hex');
    return { userId, codeHash: `${salt}:${hashRecovery(salt, code)}`, createdAt: now };
  });
  return { shown: codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`), rows };
}

const sameHash = (stored: string, code: string) => {
  const [salt = '', expected = ''] = stored.split(':');
  const given = Buffer.from(hashRecovery(salt, code));
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
};

/** The TOTP step a code is valid for now (drift of TOTP_DRIFT_STEPS either side), or null. */
export async function stepOf(secret: string, code: string, now: Date): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS * TOTP_DRIFT_STEPS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Checks a code of the app (or a recovery code) for the user. `pending`: the enrolment's first code, for a
 * row not confirmed yet (recovery codes do not exist then).
 */
export async function checkFactor(
  tx: Queryable,
  input: { userId: number; proof: FactorProof; now: Date; pending?: boolean },
): Promise<FactorOutcome> {
  const { userId, proof, now } = input;
  const [row] = await tx.select().from(authenticators).where(eq(authenticators.userId, userId)).for('update');
  if (!row || Boolean(row.confirmedAt) === Boolean(input.pending)) return { status: 'not-enrolled' };
  if (row.lockedUntil && row.lockedUntil.getTime() > now.getTime()) {
    return { status: 'locked', wait: Math.ceil((row.lockedUntil.getTime() - now.getTime()) / 1000) };
  }
  if (proof.recoveryCode && !input.pending) {
    const unused = await tx
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    const match = unused.find((code) => sameHash(code.codeHash, proof.recoveryCode!));
    if (match) {
      await tx.update(recoveryCodes).set({ usedAt: now }).where(eq(recoveryCodes.id, match.id));
      await tx.update(authenticators).set({ failures: 0 }).where(eq(authenticators.userId, userId));
      return { status: 'verified' };
    }
  } else if (proof.code) {
    const step = await stepOf(openTotpSecret(userId, row.secret), proof.code, now);
    if (step !== null && row.lastUsedStep !== null && step <= row.lastUsedStep) return { status: 'used' };
    if (step !== null) {
      await tx.update(authenticators).set({ lastUsedStep: step, failures: 0 }).where(eq(authenticators.userId, userId));
      return { status: 'verified' };
    }
  }
  const failures = row.failures + 1;
  if (failures >= TOTP_MAX_ATTEMPTS) {
    const lockedUntil = new Date(now.getTime() + TOTP_LOCK_MINUTES * 60 * 1000);
    await tx.update(authenticators).set({ failures: 0, lockedUntil }).where(eq(authenticators.userId, userId));
    return { status: 'locked', wait: TOTP_LOCK_MINUTES * 60 };
  }
  await tx.update(authenticators).set({ failures }).where(eq(authenticators.userId, userId));
  return { status: 'invalid', attemptsLeft: TOTP_MAX_ATTEMPTS - failures };
}

/** Throws the typed error of a refused code (after the transaction that counted it). */
export function assertFactor(outcome: FactorOutcome): void {
  switch (outcome.status) {
    case 'verified':
      return;
    case 'invalid':
      throw new AppError('AUTHENTICATOR_CODE_INVALID', { params: { count: outcome.attemptsLeft } });
    case 'used':
      throw new AppError('AUTHENTICATOR_CODE_USED');
    case 'locked':
      throw new AppError('AUTHENTICATOR_LOCKED', {
        params: { count: Math.ceil(outcome.wait / 60) },
        headers: { 'retry-after': String(outcome.wait) },
      });
    case 'not-enrolled':
      throw new AppError('AUTHENTICATOR_NOT_ENROLLED');
  }
}
