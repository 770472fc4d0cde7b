// The customer's authenticator app (TOTP, RFC 6238, with otplib): enrolment with a secret made here and
// shown once as a QR code and as text, confirmed by the app's first code, which also issues the recovery
// codes (shown once, kept hashed); disabling takes a current code. Other modules ask `hasAuthenticator` to
// choose the factor of a confirmation and `checkFactor` to check its code (docs/decisions/032).
import { TOTP_PERIOD_SECONDS } from '@lombard/shared/constants';
import type { AuthenticatorEnrolment, AuthenticatorStatus } from '@lombard/shared/schemas/authenticator';
import { and, count, eq, isNotNull, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import { type Database, inTransaction, type Queryable, type Transaction } from '../../db/client';
import { authenticators, recoveryCodes } from '../../db/schema/authenticator';
import { AppError } from '../../lib/errors';
import { type RequestAudit, recordUserChange } from '../../lib/resource/audit';
import { notifyUser } from '../notifications/service';
import { assertFactor, checkFactor, type FactorOutcome, type FactorProof, newRecoveryCodes } from './factor';
import { sealTotpSecret } from './secret-key';

export { assertFactor, checkFactor, type FactorOutcome, type FactorProof } from './factor';
export { sealPlainSecrets, useAuthenticatorKey } from './secret-key';

/** The name the app lists the account under. */
const ISSUER = 'Lombard';

/** True when the user has an authenticator that confirms acts (its first code was accepted). */
export async function hasAuthenticator(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: authenticators.userId })
    .from(authenticators)
    .where(and(eq(authenticators.userId, userId), isNotNull(authenticators.confirmedAt)));
  return Boolean(row);
}

/** The same as an SQL condition on a user id, for a list that says who has one (the operator's users). */
export function hasAuthenticatorSql(userId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${authenticators} where ${authenticators.userId} = ${userId}
    and ${authenticators.confirmedAt} is not null)`;
}

export async function authenticatorStatus(db: Queryable, userId: number): Promise<AuthenticatorStatus> {
  const [row] = await db.select().from(authenticators).where(eq(authenticators.userId, userId));
  if (!row?.confirmedAt) return { enrolled: false, enrolled_at: null, recovery_codes_left: 0 };
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { enrolled: true, enrolled_at: row.confirmedAt.toISOString(), recovery_codes_left: left?.n ?? 0 };
}

/**
 * A new secret waiting for the app's first code (it replaces one still waiting). `secret` is given only by
 * the demo seed, whose customer's secret is published in the README.
 */
export async function startEnrolment(
  db: Database,
  input: { userId: number; email: string; now: Date; secret?: string },
): Promise<AuthenticatorEnrolment> {
  return inTransaction(db, (tx) => startEnrolmentIn(tx, input));
}

/** `startEnrolment` in the caller's transaction (the demo seed's). */
export async function startEnrolmentIn(
  tx: Transaction,
  input: { userId: number; email: string; now: Date; secret?: string },
): Promise<AuthenticatorEnrolment> {
  const secret = input.secret ?? generateSecret();
  const [row] = await tx
    .select({ confirmedAt: authenticators.confirmedAt })
    .from(authenticators)
    .where(eq(authenticators.userId, input.userId))
    .for('update');
  if (row?.confirmedAt) throw new AppError('AUTHENTICATOR_ALREADY_ENROLLED');
  const values = {
    secret: sealTotpSecret(input.userId, secret),
    failures: 0,
    lockedUntil: null,
    lastUsedStep: null,
    createdAt: input.now,
  };
  if (row) await tx.update(authenticators).set(values).where(eq(authenticators.userId, input.userId));
  else await tx.insert(authenticators).values({ userId: input.userId, ...values });
  const otpauthUri = generateURI({ issuer: ISSUER, label: input.email, secret, period: TOTP_PERIOD_SECONDS });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    otpauth_uri: otpauthUri,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** The app's first code: the authenticator confirms acts from now on; the recovery codes, shown once. */
/** Who did it, for the audit log the operators read (never the secret or the codes). */
export async function confirmEnrolment(
  db: Database,
  input: { userId: number; code: string; now: Date; audit?: RequestAudit },
): Promise<string[]> {
  const result = await inTransaction(db, (tx) => confirmEnrolmentIn(tx, input));
  assertFactor(result.outcome);
  return result.codes;
}

/** `confirmEnrolment` in the caller's transaction: the outcome, for the caller to assert once committed. */
export async function confirmEnrolmentIn(
  tx: Transaction,
  input: { userId: number; code: string; now: Date; audit?: RequestAudit },
): Promise<{ outcome: FactorOutcome; codes: string[] }> {
  const outcome = await checkFactor(tx, {
    userId: input.userId,
    proof: { code: input.code },
    now: input.now,
    pending: true,
  });
  if (outcome.status !== 'verified') return { outcome, codes: [] };
  await tx.update(authenticators).set({ confirmedAt: input.now }).where(eq(authenticators.userId, input.userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, input.userId));
  const { shown, rows } = newRecoveryCodes(input.userId, input.now);
  await tx.insert(recoveryCodes).values(rows);
  if (input.audit) await recordUserChange(tx, input.userId, 'authenticator_enrolled', input.audit);
  return { outcome, codes: shown };
}

/** Removes the authenticator and its recovery codes, on a current code (or a recovery code). */
export async function disableAuthenticator(
  db: Database,
  input: { userId: number; proof: FactorProof; now: Date; audit?: RequestAudit },
): Promise<void> {
  const outcome = await inTransaction(db, async (tx) => {
    const result = await checkFactor(tx, input);
    if (result.status === 'verified') {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, input.userId));
      await tx.delete(authenticators).where(eq(authenticators.userId, input.userId));
      if (input.audit) await recordUserChange(tx, input.userId, 'authenticator_disabled', input.audit);
    }
    return result;
  });
  assertFactor(outcome);
}

/**
 * An operator removes a customer's authenticator (a lost phone, with the recovery codes gone): the app and
 * its recovery codes go, the customer confirms by SMS (or passkey) from now on and is told so; audited by
 * the caller's resource action. AUTHENTICATOR_NOT_ENROLLED when there is none.
 */
export async function resetAuthenticator(tx: Transaction, userId: number): Promise<void> {
  const removed = await tx
    .delete(authenticators)
    .where(eq(authenticators.userId, userId))
    .returning({ userId: authenticators.userId });
  if (removed.length === 0) throw new AppError('AUTHENTICATOR_NOT_ENROLLED');
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await notifyUser(tx, { userId, kind: 'authenticator_reset', link: '/customer/setting/' });
}
