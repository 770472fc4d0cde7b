// One-time codes: six digits sent by SMS to confirm one thing (a phone number today; an order or an advance
// contract later). A code is bound to a purpose and to a hash of the payload it confirms, so it confirms
// nothing else; it is stored hashed, works for ONE_TIME_CODE_VALIDITY_MINUTES, allows
// ONE_TIME_CODE_MAX_ATTEMPTS wrong tries, and a user gets at most ONE_TIME_CODE_MAX_SENDS_PER_HOUR codes
// per purpose and subject (the document) in an hour (docs/decisions/021-one-time-codes.md). Time comes from the caller (`now`), so tests move a clock instead of sleeping.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  ONE_TIME_CODE_LENGTH,
  ONE_TIME_CODE_MAX_ATTEMPTS,
  ONE_TIME_CODE_MAX_SENDS_PER_HOUR,
  ONE_TIME_CODE_RESEND_SECONDS,
  ONE_TIME_CODE_VALIDITY_MINUTES,
} from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { oneTimeCodes } from '../../db/schema/one-time-codes';
import { AppError } from '../errors';
import { queueSms } from '../outbox';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The per-address limit of every call that sends a code (an SMS costs money and reaches a person), as
 * strict as sign-in's. With Redis it is shared by every instance and, Redis down, refuses: an uncounted
 * send could be repeated at will. The codes' own limits (sends per hour, tries per code) are kept with the
 * codes in the database, in the transaction that sends or checks one.
 */
export const codeSendLimit = (config: { authRateLimitMax: number }) => ({
  rateLimit: { max: config.authRateLimitMax, timeWindow: '1 minute' },
});

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
  /**
   * The document the code confirms (an advance, a product's order): limits, and the code that a newer
   * one replaces, are counted per purpose and subject, so signing one advance never spends another's sends.
   */
  subject?: string | number;
  payload: unknown;
  now?: Date;
  /** Queue the SMS in the same transaction. */
  sms?: CodeDelivery;
}

export interface IssuedCode {
  expiresAt: Date;
  /** False when a code of these terms had just been sent and is still live: nothing was sent again. */
  sent: boolean;
}

/** Where a code's rows are kept: the purpose, narrowed to one document when it has a subject. */
export const codeKey = (purpose: string, subject?: string | number) =>
  subject === undefined ? purpose : `${purpose}:${subject}`;

/**
 * Seconds until a new code may be sent for this key (0: one may be sent now): the hour of the oldest
 * of the last ONE_TIME_CODE_MAX_SENDS_PER_HOUR sends must be over.
 */
export async function secondsUntilNextSend(tx: Queryable, userId: number, key: string, now: Date): Promise<number> {
  const recent = await tx
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, key),
        gt(oneTimeCodes.createdAt, new Date(now.getTime() - HOUR_MS)),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(ONE_TIME_CODE_MAX_SENDS_PER_HOUR);
  if (recent.length < ONE_TIME_CODE_MAX_SENDS_PER_HOUR) return 0;
  const oldest = recent[recent.length - 1]!.createdAt.getTime();
  return Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000));
}

/** The wait in whole minutes in the text, exact seconds in Retry-After. */
function waitParams(seconds: number) {
  return { params: { count: Math.ceil(seconds / 60) }, headers: { 'retry-after': String(seconds) } };
}

/**
 * A code for this user, purpose, subject and payload, sent by SMS. Under a lock per user and key, so
 * that two presses of "send me the code" (a double-click, two tabs) are one send: while the last code of
 * these terms is live and younger than ONE_TIME_CODE_RESEND_SECONDS it is kept and nothing is sent (both
 * presses answer with the same code). Otherwise a new code replaces the earlier unused ones. Throws
 * ONE_TIME_CODE_SENDS_EXCEEDED, with the real wait, past the hourly number of sends.
 */
export async function issueCode(tx: Queryable, input: IssueCodeInput): Promise<IssuedCode> {
  const now = input.now ?? new Date();
  const key = codeKey(input.purpose, input.subject);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`one-time-code:${input.userId}:${key}`}))`);
  const mine = and(eq(oneTimeCodes.userId, input.userId), eq(oneTimeCodes.purpose, key));
  const hash = payloadHash(input.payload);
  const [live] = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(mine, isNull(oneTimeCodes.usedAt)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  if (
    live &&
    live.payloadHash === hash &&
    live.attempts === 0 &&
    live.expiresAt.getTime() > now.getTime() &&
    now.getTime() - live.createdAt.getTime() < ONE_TIME_CODE_RESEND_SECONDS * 1000
  ) {
    return { expiresAt: live.expiresAt, sent: false };
  }
  const wait = await secondsUntilNextSend(tx, input.userId, key, now);
  if (wait > 0) throw new AppError('ONE_TIME_CODE_SENDS_EXCEEDED', waitParams(wait));
  await tx
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(mine, isNull(oneTimeCodes.usedAt)));
  const code = String(randomInt(0, 10 ** ONE_TIME_CODE_LENGTH)).padStart(ONE_TIME_CODE_LENGTH, '0');
  const salt = randomBytes(16).toString('hex');
  const expiresAt = new Date(now.getTime() + ONE_TIME_CODE_VALIDITY_MINUTES * 60 * 1000);
  await tx.insert(oneTimeCodes).values({
    userId: input.userId,
    purpose: key,
    payloadHash: hash,
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
  return { expiresAt, sent: true };
}

export interface VerifyCodeInput {
  userId: number;
  purpose: string;
  subject?: string | number;
  /** The terms the code was sent for, or (`payloadHash`) their hash as stored with a signature. */
  payload?: unknown;
  payloadHash?: string;
  code: string;
  now?: Date;
}

/** `verified`, or why not; `attemptsLeft` after a wrong code. */
export type VerifyOutcome =
  | { status: 'verified' }
  | { status: 'invalid'; attemptsLeft: number }
  | { status: 'expired' }
  /** No tries left on the code: a new one may be asked for in `wait` seconds (0: now). */
  | { status: 'exceeded'; wait: number };

/**
 * Checks a code. Returns the outcome instead of throwing, so that the caller can commit the counted
 * attempt before refusing (a thrown error would roll the count back and allow endless tries): call
 * `assertVerified` after the transaction.
 */
export async function verifyCode(tx: Queryable, input: VerifyCodeInput): Promise<VerifyOutcome> {
  const now = input.now ?? new Date();
  const key = codeKey(input.purpose, input.subject);
  const exceeded = async () =>
    ({ status: 'exceeded', wait: await secondsUntilNextSend(tx, input.userId, key, now) }) as const;
  const [row] = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, input.userId), eq(oneTimeCodes.purpose, key), isNull(oneTimeCodes.usedAt)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1)
    .for('update');
  if (!row) return { status: 'expired' };
  if (row.attempts >= ONE_TIME_CODE_MAX_ATTEMPTS) return exceeded();
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  const [salt = '', expected = ''] = row.codeHash.split(':');
  const given = Buffer.from(hashCode(salt, input.code));
  const matches =
    given.length === expected.length &&
    timingSafeEqual(given, Buffer.from(expected)) &&
    row.payloadHash === (input.payloadHash ?? payloadHash(input.payload));
  if (matches) {
    await tx.update(oneTimeCodes).set({ usedAt: now }).where(eq(oneTimeCodes.id, row.id));
    return { status: 'verified' };
  }
  const attempts = row.attempts + 1;
  await tx.update(oneTimeCodes).set({ attempts }).where(eq(oneTimeCodes.id, row.id));
  if (attempts >= ONE_TIME_CODE_MAX_ATTEMPTS) return exceeded();
  return { status: 'invalid', attemptsLeft: ONE_TIME_CODE_MAX_ATTEMPTS - attempts };
}

/** Throws the typed error of a failed verification (after the transaction that counted it). */
export function assertVerified(outcome: VerifyOutcome): void {
  if (outcome.status === 'verified') return;
  if (outcome.status === 'exceeded') {
    // The wait is for the next send; with sends left the customer asks for a new code now.
    if (outcome.wait === 0) throw new AppError('ONE_TIME_CODE_ATTEMPTS_EXCEEDED', { headers: { 'retry-after': '0' } });
    throw new AppError('ONE_TIME_CODE_ATTEMPTS_EXCEEDED', {
      messageKey: 'errors:ONE_TIME_CODE_ATTEMPTS_EXCEEDED_WAIT',
      ...waitParams(outcome.wait),
    });
  }
  if (outcome.status === 'expired') throw new AppError('ONE_TIME_CODE_EXPIRED');
  throw new AppError('ONE_TIME_CODE_INVALID', { params: { count: outcome.attemptsLeft } });
}
