// One-time codes: six digits sent by SMS to confirm one thing (a phone number today; an order or an advance
// contract later). A code is bound to a purpose and to a hash of the payload it confirms, so it confirms
// nothing else; it is stored hashed, works for ONE_TIME_CODE_VALIDITY_MINUTES, allows
// ONE_TIME_CODE_MAX_ATTEMPTS wrong tries, and a user gets at most ONE_TIME_CODE_MAX_SENDS_PER_HOUR codes
// per purpose in an hour. Time comes from the caller (`now`), so tests move a clock instead of sleeping.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ONE_TIME_CODE_LENGTH,
  ONE_TIME_CODE_MAX_ATTEMPTS,
  ONE_TIME_CODE_MAX_SENDS_PER_HOUR,
  ONE_TIME_CODE_VALIDITY_MINUTES,
} from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { oneTimeCodes } from '../../db/schema/one-time-codes';
import { AppError } from '../errors';
import { queueSms } from '../outbox';

const HOUR_MS = 60 * 60 * 1000;

/** A stable hash of what the code confirms (key order does not matter). */
export function payloadHash(payload: unknown): string {
  return createHash('sha256').update(stableJson(payload)).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const hashCode = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

export interface CodeDelivery {
  /** Phone number in E.164. */
  to: string;
  language: Language;
  /** Outbox template name, e.g. `phone_verification`. */
  template: string;
  /** The SMS text with the code in it. */
  text: (code: string) => string;
}

export interface IssueCodeInput {
  userId: number;
  purpose: string;
  payload: unknown;
  now?: Date;
  /** Queue the SMS in the same transaction. */
  sms?: CodeDelivery;
}

/**
 * A new code for this user, purpose and payload; earlier unused codes of the same purpose stop working.
 * Throws ONE_TIME_CODE_ATTEMPTS_EXCEEDED past the hourly number of sends.
 */
export async function issueCode(tx: Queryable, input: IssueCodeInput): Promise<{ code: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const mine = and(eq(oneTimeCodes.userId, input.userId), eq(oneTimeCodes.purpose, input.purpose));
  const [sent] = await tx
    .select({ n: count() })
    .from(oneTimeCodes)
    .where(and(mine, gt(oneTimeCodes.createdAt, new Date(now.getTime() - HOUR_MS))));
  if ((sent?.n ?? 0) >= ONE_TIME_CODE_MAX_SENDS_PER_HOUR) throw new AppError('ONE_TIME_CODE_ATTEMPTS_EXCEEDED');
  await tx
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(mine, isNull(oneTimeCodes.usedAt)));
  const code = String(randomInt(0, 10 ** ONE_TIME_CODE_LENGTH)).padStart(ONE_TIME_CODE_LENGTH, '0');
  const salt = randomBytes(16).toString('hex');
  const expiresAt = new Date(now.getTime() + ONE_TIME_CODE_VALIDITY_MINUTES * 60 * 1000);
  await tx.insert(oneTimeCodes).values({
    userId: input.userId,
    purpose: input.purpose,
    payloadHash: payloadHash(input.payload),
    codeHash: `${salt}:${hashCode(salt, code)}`,
    expiresAt,
    createdAt: now,
  });
  if (input.sms) {
    await queueSms(tx, {
      to: input.sms.to,
      template: input.sms.template,
      language: input.sms.language,
      text: input.sms.text(code),
      meta: { purpose: input.purpose },
    });
  }
  return { code, expiresAt };
}

export interface VerifyCodeInput {
  userId: number;
  purpose: string;
  payload: unknown;
  code: string;
  now?: Date;
}

/** `verified`, or why not; `attemptsLeft` after a wrong code. */
export type VerifyOutcome =
  | { status: 'verified' }
  | { status: 'invalid'; attemptsLeft: number }
  | { status: 'expired' }
  | { status: 'exceeded' };

/**
 * Checks a code. Returns the outcome instead of throwing, so that the caller can commit the counted
 * attempt before refusing (a thrown error would roll the count back and allow endless tries): call
 * `assertVerified` after the transaction.
 */
export async function verifyCode(tx: Queryable, input: VerifyCodeInput): Promise<VerifyOutcome> {
  const now = input.now ?? new Date();
  const [row] = await tx
    .select()
    .from(oneTimeCodes)
    .where(
      and(eq(oneTimeCodes.userId, input.userId), eq(oneTimeCodes.purpose, input.purpose), isNull(oneTimeCodes.usedAt)),
    )
    .orderBy(desc(oneTimeCodes.id))
    .limit(1)
    .for('update');
  if (!row) return { status: 'expired' };
  if (row.attempts >= ONE_TIME_CODE_MAX_ATTEMPTS) return { status: 'exceeded' };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  const [salt = '', expected = ''] = row.codeHash.split(':');
  const given = Buffer.from(hashCode(salt, input.code));
  const matches =
    given.length === expected.length &&
    timingSafeEqual(given, Buffer.from(expected)) &&
    row.payloadHash === payloadHash(input.payload);
  if (matches) {
    await tx.update(oneTimeCodes).set({ usedAt: now }).where(eq(oneTimeCodes.id, row.id));
    return { status: 'verified' };
  }
  const attempts = row.attempts + 1;
  await tx.update(oneTimeCodes).set({ attempts }).where(eq(oneTimeCodes.id, row.id));
  if (attempts >= ONE_TIME_CODE_MAX_ATTEMPTS) return { status: 'exceeded' };
  return { status: 'invalid', attemptsLeft: ONE_TIME_CODE_MAX_ATTEMPTS - attempts };
}

/** Throws the typed error of a failed verification (after the transaction that counted it). */
export function assertVerified(outcome: VerifyOutcome): void {
  if (outcome.status === 'verified') return;
  if (outcome.status === 'exceeded') throw new AppError('ONE_TIME_CODE_ATTEMPTS_EXCEEDED');
  if (outcome.status === 'expired') throw new AppError('ONE_TIME_CODE_EXPIRED');
  throw new AppError('ONE_TIME_CODE_INVALID', { params: { count: outcome.attemptsLeft } });
}
