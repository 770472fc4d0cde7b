// Accounts: registration and activation, the current user, language; and what other modules need to
// read or change a user (they reach the users table only through here or modules/auth/service.ts).
import type { Language } from '@lombard/shared/locale';
import type { Profile } from '@lombard/shared/permissions';
import type { Me, RegistrationRequest } from '@lombard/shared/schemas/auth';
import { and, eq, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { type Database, inTransaction, type Queryable, sqlState } from '../../db/client';
import { oneTimeTokens, users } from '../../db/schema/accounts';
import { AppError, fieldError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { revokeSessions, toLanguage, toProfiles, userChanged } from '../auth/service';
import { sendAccountEmail } from './emails';
import { activatedByLink, consumeLink, issueLink, retireLinks } from './one-time-links';
import { assertPasswordAllowed } from './password-policy';
import { findUserByEmail, findUserById, insertUser, type UserRow } from './users';

/** What other modules may read about a user. */
export async function getAccount(db: Queryable, userId: number) {
  const row = await findUserById(db, userId);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    language: toLanguage(row.language),
    attributes: toProfiles(row.attributes),
    isSuperuser: row.isSuperuser,
    status: row.status,
    activated: row.activatedAt !== null,
    locked: row.lockedAt !== null,
    referralCode: row.referralCode,
    createdAt: row.createdAt,
  };
}

/** Replaces the profiles a user holds (KYC approval → lead, first investment → customer, operators). */
export async function setProfiles(db: Queryable, userId: number, attributes: Profile[]): Promise<void> {
  await db.update(users).set({ attributes, updatedAt: new Date() }).where(eq(users.id, userId));
  userChanged(userId);
}

export interface NewActiveUser {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  language?: Language;
  attributes?: Profile[];
  isSuperuser?: boolean;
}

/** An activated user, ready to sign in (operators, demo data, tests). 409 when the address is taken. */
export async function createActiveUser(db: Queryable, input: NewActiveUser): Promise<UserRow> {
  const row = await insertUser(db, {
    email: input.email.trim(),
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    language: input.language ?? 'it',
    attributes: input.attributes ?? ['base'],
    isSuperuser: input.isSuperuser ?? false,
    activatedAt: new Date(),
  });
  if (!row) throw new AppError('CONFLICT');
  return row;
}

export function toMe(row: UserRow): Me {
  const attributes = toProfiles(row.attributes);
  return {
    email: row.email,
    full_name: [row.firstName, row.lastName].filter(Boolean).join(' '),
    first_name: row.firstName,
    last_name: row.lastName,
    contact: row.id,
    profile: attributes[0] ?? null,
    attributes,
    referral_code: row.referralCode,
    username: row.email,
    language: toLanguage(row.language),
    contact_avatar_base64: row.avatarBase64 ?? null,
    is_superuser: row.isSuperuser,
  };
}

export function createAccountService(db: Database, config: AppConfig) {
  const link = (path: string, uid: string, token: string) => `${config.publicUrl}/${path}/${uid}/${token}/`;
  const params = { supportEmail: config.supportEmail };
  // GET /me is asked on every page of the customer area: one primary-key lookup, prepared once.
  const meStatement = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('account_me');

  async function sendActivation(tx: Queryable, user: UserRow) {
    const { uid, token, hours } = await issueLink(tx, { userId: user.id, purpose: 'activation' });
    await sendAccountEmail(tx, 'account_activation', {
      to: user.email,
      language: toLanguage(user.language),
      firstName: user.firstName,
      url: link('user-account-activation', uid, token),
      params: { ...params, hours },
    });
  }

  return {
    /**
     * Registration. Answers the same whether or not the address is known: a new address gets an
     * activation link; an active one a warning. A known, never-activated one is registered again: the
     * latest registrant's password and details replace the pending ones and only the new link works, so
     * whoever registered someone else's address first cannot sign in once its owner activates it.
     */
    async register(input: RegistrationRequest): Promise<void> {
      const person = { email: input.email, firstName: input.first_name, lastName: input.last_name };
      await assertPasswordAllowed(input.password, person, 'password');
      const referral = input.referral_code ? input.referral_code.toUpperCase() : null;
      if (referral) {
        const [referrer] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, referral));
        if (!referrer) throw fieldError({ referral_code: 'account:referralUnknown' });
      }
      // Hashing before looking the address up keeps both answers equally slow.
      const passwordHash = await hashPassword(input.password);
      const details = {
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        language: input.language,
        referredBy: referral,
        partnerSlug: input.partner || null,
      };
      await inTransaction(db, async (tx) => {
        const known = await findUserByEmail(tx, input.email);
        const created = known ? null : await insertUser(tx, { email: input.email, ...details });
        if (created) return sendActivation(tx, created);
        // Known, or registered by a concurrent request a moment ago.
        const existing = known ?? (await findUserByEmail(tx, input.email))!;
        if (!existing.activatedAt) {
          const [replaced] = await tx
            .update(users)
            .set({ ...details, email: input.email, securityStamp: crypto.randomUUID(), updatedAt: new Date() })
            .where(and(eq(users.id, existing.id), isNull(users.activatedAt)))
            .returning();
          // Activated in between: the address now has an owner, who gets the warning below.
          if (replaced) {
            await retireLinks(tx, replaced.id, ['activation', 'password_reset', 'email_change']);
            await revokeSessions(tx, replaced.id);
            return sendActivation(tx, replaced);
          }
        }
        await sendAccountEmail(tx, 'registration_attempt', {
          to: existing.email,
          language: toLanguage(existing.language),
          firstName: existing.firstName,
          url: `${config.publicUrl}/auth/forgot-password`,
          params,
        });
      });
    },

    /**
     * Login page, "send the link again": a fresh activation link when the address belongs to an account
     * that may sign in but never activated; nothing otherwise. The caller cannot tell which.
     */
    async resendActivationTo(email: string): Promise<void> {
      await inTransaction(db, async (tx) => {
        const user = await findUserByEmail(tx, email);
        if (user && user.status === 1 && !user.activatedAt) await sendActivation(tx, user);
      });
    },

    /** Activation link, or confirmation of a new e-mail address (same client screen and call). */
    /** `already_active` when the link had activated the account before (a reload of the page). */
    async activate(uid: string, token: string): Promise<'activated' | 'already_active'> {
      try {
        return await inTransaction(db, async (tx) => {
          const used = await consumeLink(tx, uid, token, ['activation', 'email_change']);
          if (!used) {
            if (await activatedByLink(tx, uid, token)) return 'already_active';
            throw new AppError('EMAIL_VERIFICATION_FAILED');
          }
          // The link's use time, so that a reload of this link can tell it activated the account.
          const activatedAt = sql`coalesce(${users.activatedAt}, ${used.usedAt!.toISOString()}::timestamptz)`;
          if (used.purpose === 'activation') {
            await tx.update(users).set({ activatedAt, updatedAt: new Date() }).where(eq(users.id, used.userId));
            return 'activated';
          }
          const newEmail = used.newEmail!;
          const taken = await findUserByEmail(tx, newEmail);
          if (taken && taken.id !== used.userId) throw new AppError('EMAIL_VERIFICATION_FAILED');
          await tx
            .update(users)
            .set({ email: newEmail, activatedAt, securityStamp: crypto.randomUUID(), updatedAt: new Date() })
            .where(eq(users.id, used.userId));
          await retireLinks(tx, used.userId, ['email_change', 'password_reset']);
          await revokeSessions(tx, used.userId);
          return 'activated';
        });
      } catch (error) {
        // Another account took the address between the request and the confirmation.
        if (sqlState(error) === '23505') throw new AppError('EMAIL_VERIFICATION_FAILED');
        throw error;
      }
    },

    async me(userId: number): Promise<Me> {
      const [row] = await meStatement.execute({ id: userId });
      if (!row) throw new AppError('UNAUTHENTICATED');
      return toMe(row);
    },

    async changeLanguage(userId: number, language: Language): Promise<Language> {
      await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
      userChanged(userId);
      return language;
    },

    /**
     * Operator action (back-office): a fresh activation link for a user who never activated, in the
     * caller's transaction. False when the account is already active.
     */
    async resendActivation(tx: Queryable, userId: number): Promise<boolean> {
      const user = await findUserById(tx, userId);
      if (!user || user.activatedAt) return false;
      await sendActivation(tx, user);
      return true;
    },
  };
}

/**
 * The user columns operators may list and filter (back-office). Other modules build their lists on these
 * expressions instead of reading the table; secrets (password hash, security stamp) are not among them.
 */
export const operatorUserView = {
  table: users,
  columns: {
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    language: users.language,
    attributes: users.attributes,
    isSuperuser: users.isSuperuser,
    status: users.status,
    activatedAt: users.activatedAt,
    lockedAt: users.lockedAt,
    failedLoginCount: users.failedLoginCount,
    lastLoginAt: users.lastLoginAt,
    referralCode: users.referralCode,
    createdAt: users.createdAt,
  },
} as const;

/** A user's e-mail as an SQL expression, for lists of other modules that show who a row belongs to. */
export function userEmailOf(userId: SQLWrapper) {
  return sql<string | null>`(select ${users.email} from ${users} where ${users.id} = ${userId})`;
}

/** How many accounts registered with this referral code. */
export async function referralJoinedCount(db: Queryable, referralCode: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.referredBy, referralCode));
  return row?.n ?? 0;
}

/** A user by e-mail (demo data, operator tools), as `getAccount` gives it. */
export async function getAccountByEmail(db: Queryable, email: string) {
  const row = await findUserByEmail(db, email);
  return row ? getAccount(db, row.id) : null;
}

/** A user's full name as an SQL expression over another table's user id (lists join nothing). */
export function userFullNameOf(userId: SQLWrapper) {
  return sql<
    string | null
  >`(select trim(${users.firstName} || ' ' || ${users.lastName}) from ${users} where ${users.id} = ${userId})`;
}

/** The account's own row as the customer's copy of their data shows it (no password hash, no stamps). */
export async function accountRecord(db: Queryable, userId: number) {
  const row = await findUserById(db, userId);
  if (!row) return null;
  const { passwordHash: _hash, securityStamp: _stamp, failedLoginCount: _failed, ...visible } = row;
  return visible;
}

/** Locks the user's row until the transaction ends: decisions about the whole account wait on it. */
export async function lockUser(tx: Queryable, userId: number): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

/**
 * Refuses a closed account (409 ACCOUNT_CLOSED) under a key-share lock on its row, in the caller's
 * transaction: money that would land in the account (an incoming transfer, an order, a plan's units) waits
 * for a closure in progress, which holds the row `for update`, and then sees it closed; a closure that
 * comes second waits for the money and then finds it still there. Key-share locks do not wait for one
 * another, so a customer's own orders are not made to queue by it.
 */
export async function lockOpenAccount(tx: Queryable, userId: number): Promise<void> {
  const [row] = await tx.select({ closedAt: users.closedAt }).from(users).where(eq(users.id, userId)).for('key share');
  if (!row) throw new AppError('NOT_FOUND');
  if (row.closedAt) throw new AppError('ACCOUNT_CLOSED');
}

/**
 * Erases a closed account's personal data from its row: a non-routable address (the `.invalid` top-level
 * domain never resolves), no names, picture or referral link, a password nothing can match, blocked, every
 * sign-in ended and every one-time link gone. The row stays: the ledger and contracts point at it.
 */
export async function anonymiseUser(tx: Queryable, userId: number, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      email: `closed-${userId}@closed.invalid`,
      // Not an argon2 hash: verification fails for every password, and no reset link can be sent.
      passwordHash: '!closed',
      firstName: '',
      lastName: '',
      avatarBase64: null,
      referredBy: null,
      status: 0,
      lastLoginAt: null,
      closedAt: now,
      securityStamp: sql`gen_random_uuid()`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, userId));
  await revokeSessions(tx, userId);
  userChanged(userId);
}
