// Sign-in, token rotation and sign-out (docs/decisions/004). A sign-in opens a session family; every
// refresh rotates its token; presenting a rotated token again revokes the whole family. Access tokens
// are checked against the family and the user on every request, so logout, blocking and revocation take
// effect at once.
import { LANGUAGES, type Language } from '@lombard/shared/locale';
import { PROFILES, type Profile } from '@lombard/shared/permissions';
import type { TokenPair } from '@lombard/shared/schemas/auth';
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { type Database, inTransaction, type Queryable } from '../../db/client';
import { refreshTokens, sessionFamilies, users } from '../../db/schema/accounts';
import type { AuthUser } from '../../lib/auth-guards';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { addressKey } from '../../lib/rate-limit';
import { forgetLocally } from './session-cache';
import type { CookieLifetime } from './session-cookies';
import { type SignInThrottles, startEpisode, type ThrottleKey, throttleAccount } from './sign-in-throttle';
import { type NoticeLinks, queueThrottleNotice } from './throttle-notice';
import { type AccessTokens, hashToken, randomToken } from './tokens';

/** How long a refresh token just rotated may be presented again by a browser that lost the answer. */
const REFRESH_RETRY_GRACE_MS = 30_000;

export type { SignInThrottles } from './sign-in-throttle';
export { rotateSigningKey } from './signing-keys';
// Other modules hash their own single-use secrets the same way.
export { hashToken, randomToken } from './tokens';

/** Lifetime of a sign-in (its refresh tokens): one day with "remember me", otherwise twelve hours. */
export const SESSION_HOURS = { rememberMe: 24, standard: 12 } as const;

const HOUR_MS = 3_600_000;

// A throwaway hash to verify against for unknown addresses (see signIn).
let decoyHash: Promise<string> | null = null;
const decoy = () => {
  decoyHash ??= hashPassword(randomToken());
  return decoyHash;
};

export function toProfiles(attributes: readonly string[]): Profile[] {
  return attributes.filter((a): a is Profile => (PROFILES as readonly string[]).includes(a));
}

export function toLanguage(value: string): Language {
  return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'it';
}

export const emailEquals = (email: string) => sql`lower(${users.email}) = lower(${email})`;

/** "Try again in N minutes": the wait in whole minutes in the text, exact seconds in Retry-After. */
function throttled(seconds: number): AppError {
  return new AppError('SIGN_IN_THROTTLED', {
    params: { count: Math.ceil(seconds / 60) },
    headers: { 'retry-after': String(seconds) },
  });
}

/** A token pair and how long its sign-in lasts (the lifetime of the web app's cookie). */
export type Grant = TokenPair & CookieLifetime;

export function createAuthService(db: Database, tokens: AccessTokens, links: NoticeLinks, throttles: SignInThrottles) {
  async function openSession(tx: Queryable, userId: number, rememberMe: boolean): Promise<Grant> {
    const hours = rememberMe ? SESSION_HOURS.rememberMe : SESSION_HOURS.standard;
    const expiresAt = new Date(Date.now() + hours * HOUR_MS);
    const [family] = await tx
      .insert(sessionFamilies)
      .values({ userId, rememberMe, expiresAt })
      .returning({ id: sessionFamilies.id });
    const refresh = randomToken();
    await tx.insert(refreshTokens).values({ familyId: family!.id, tokenHash: hashToken(refresh) });
    return { access: await tokens.sign({ userId, sessionId: family!.id }), refresh, rememberMe, expiresAt };
  }

  /** The right password (or passkey): the account's state is checked, the source's count cleared, a session opened. */
  async function welcome(user: typeof users.$inferSelect, key: ThrottleKey, rememberMe: boolean): Promise<Grant> {
    if (user.status !== 1) throw new AppError('ACCOUNT_DISABLED', { params: { supportEmail: links.supportEmail } });
    if (!user.activatedAt) throw new AppError('ACCOUNT_NOT_ACTIVATED');
    return inTransaction(db, async (tx) => {
      await throttles.clearSource(tx, key);
      await tx.update(users).set({ failedLoginCount: 0, lastLoginAt: new Date() }).where(eq(users.id, user.id));
      // Operators stop seeing the account as locked once no source is being made to wait.
      if (user.lockedAt && !(await throttles.anyWaiting(tx, key.account))) {
        await tx.update(users).set({ lockedAt: null }).where(eq(users.id, user.id));
      }
      // Housekeeping: sign-ins of this user that ended long ago are of no further use.
      await tx
        .delete(sessionFamilies)
        .where(and(eq(sessionFamilies.userId, user.id), lt(sessionFamilies.expiresAt, new Date())));
      return openSession(tx, user.id, rememberMe);
    });
  }

  return {
    /**
     * POST token/auth. A wrong password, or an unknown address, always gets the same generic refusal and
     * counts towards throttling this address from this source (same answers either way). Only after the
     * right password does the answer say why the account cannot sign in (blocked, not activated).
     */
    async signIn(input: { email: string; password: string; rememberMe: boolean }, ip: string): Promise<Grant> {
      const key = { account: throttleAccount(input.email), source: addressKey(ip) };
      const waiting = await throttles.waitingSeconds(key);
      if (waiting !== null) throw throttled(waiting);
      const [user] = await db.select().from(users).where(emailEquals(input.email));
      // Verifying against a throwaway hash for unknown addresses keeps the answer time the same.
      const valid = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
      if (!user || !valid) {
        // Counted first, on its own: a retried transaction below must not count the same password twice.
        const seconds = await throttles.recordFailure(key);
        const wait = await inTransaction(db, async (tx) => {
          // The same statements run for unknown addresses; they simply match no user.
          const [counted] = await tx
            .update(users)
            .set({ failedLoginCount: sql`${users.failedLoginCount} + 1` })
            .where(emailEquals(input.email))
            .returning({ id: users.id });
          if (counted && seconds !== null && (await startEpisode(tx, counted.id)) && user) {
            await queueThrottleNotice(tx, { ...user, language: toLanguage(user.language) }, links);
          }
          return seconds;
        });
        throw wait === null ? new AppError('INVALID_CREDENTIALS') : throttled(wait);
      }
      return welcome(user, key, input.rememberMe);
    },

    /**
     * Sign-in by a proof that names the account (a passkey's assertion): `verify` answers null when the
     * proof holds, or the refusal to count and throw. The same throttle as the password applies (a
     * source made to wait waits here too, and a refused proof counts), and the same session is issued.
     */
    async signInWithProof(
      input: { userId: number; rememberMe: boolean; verify: () => Promise<AppError | null> },
      ip: string,
    ): Promise<Grant> {
      const [user] = await db.select().from(users).where(eq(users.id, input.userId));
      if (!user) throw new AppError('INVALID_CREDENTIALS');
      const key = { account: throttleAccount(user.email), source: addressKey(ip) };
      const waiting = await throttles.waitingSeconds(key);
      if (waiting !== null) throw throttled(waiting);
      const refused = await input.verify();
      if (refused) {
        const seconds = await throttles.recordFailure(key);
        throw seconds === null ? refused : throttled(seconds);
      }
      return welcome(user, key, input.rememberMe);
    },

    /**
     * POST token/refresh: rotates; a dead token is refused; a rotated one presented again revokes its
     * family, unless it was rotated moments ago (a lost answer: see below).
     */
    async refresh(refresh: string): Promise<Grant> {
      const tokenHash = hashToken(refresh);
      const outcome = await inTransaction(db, async (tx) => {
        // Claiming the token and checking it is unused is one statement: of two concurrent refreshes with
        // the same token, the second waits for the first and then finds it used.
        const [claimed] = await tx
          .update(refreshTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
          .returning({ familyId: refreshTokens.familyId });
        let familyId = claimed?.familyId;
        if (!familyId) {
          const [known] = await tx
            .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt })
            .from(refreshTokens)
            .where(eq(refreshTokens.tokenHash, tokenHash));
          if (!known) return null;
          // Used moments ago: the answer of that refresh was lost (the page was reloaded or left while it
          // was on its way, so the browser never stored the new cookie). The same browser asking again
          // gets a token of the same sign-in instead of being signed out. Later, it is a stolen token
          // replayed: the whole family goes (docs/decisions/047).
          const retried = known.usedAt && known.usedAt.getTime() > Date.now() - REFRESH_RETRY_GRACE_MS;
          if (!retried) {
            await revokeFamily(tx, known.familyId);
            return null;
          }
          familyId = known.familyId;
        }
        const [session] = await tx
          .select({
            userId: sessionFamilies.userId,
            rememberMe: sessionFamilies.rememberMe,
            expiresAt: sessionFamilies.expiresAt,
          })
          .from(sessionFamilies)
          .innerJoin(users, eq(users.id, sessionFamilies.userId))
          .where(
            and(
              eq(sessionFamilies.id, familyId),
              isNull(sessionFamilies.revokedAt),
              gt(sessionFamilies.expiresAt, new Date()),
              eq(users.status, 1),
              isNotNull(users.activatedAt),
            ),
          );
        if (!session) return null;
        const next = randomToken();
        await tx.insert(refreshTokens).values({ familyId, tokenHash: hashToken(next) });
        return { ...session, sessionId: familyId, refresh: next };
      });
      // Thrown after the transaction so that the revocation of a reused family is committed.
      if (!outcome) throw new AppError('SESSION_EXPIRED');
      const { refresh: next, rememberMe, expiresAt } = outcome;
      return { access: await tokens.sign(outcome), refresh: next, rememberMe, expiresAt };
    },

    /** POST token/logout: ends the sign-in the token belongs to. Unknown or dead tokens are fine. */
    async signOut(refresh: string): Promise<void> {
      const [known] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(refresh)));
      if (known) await revokeFamily(db, known.familyId);
    },

    /** The user behind an access token, or null when the token, its sign-in or the user is not valid. */
    async authenticate(accessToken: string): Promise<AuthUser | null> {
      const claims = await tokens.verify(accessToken);
      if (!claims) return null;
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          attributes: users.attributes,
          isSuperuser: users.isSuperuser,
          language: users.language,
        })
        .from(users)
        .innerJoin(sessionFamilies, eq(sessionFamilies.userId, users.id))
        .where(
          and(
            eq(users.id, claims.userId),
            eq(users.status, 1),
            eq(sessionFamilies.id, claims.sessionId),
            isNull(sessionFamilies.revokedAt),
            gt(sessionFamilies.expiresAt, new Date()),
          ),
        );
      if (!row) return null;
      return {
        id: row.id,
        email: row.email,
        attributes: toProfiles(row.attributes),
        isSuperuser: row.isSuperuser,
        language: toLanguage(row.language),
        sessionId: claims.sessionId,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** Whether the password is the user's (a step-up before adding or removing a factor). */
export async function passwordMatches(db: Queryable, userId: number, password: string): Promise<boolean> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return Boolean(row) && (await verifyPassword(row!.hash, password));
}

async function revokeFamily(db: Queryable, familyId: string) {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)));
  forgetLocally(`s:${familyId}`);
}

/**
 * This process changed what a signed-in user's requests carry (language, profiles): their next request
 * here reads it again at once; other instances hear of it from the database's notification.
 */
export function userChanged(userId: number) {
  forgetLocally(`u:${userId}`);
}

/**
 * Ends every sign-in of a user (password reset, e-mail change, blocking), or every one but `except`
 * (password change keeps the session that made it). Their access tokens stop working at once.
 */
export async function revokeSessions(db: Queryable, userId: number, options: { except?: string } = {}) {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessionFamilies.userId, userId),
        isNull(sessionFamilies.revokedAt),
        options.except ? ne(sessionFamilies.id, options.except) : undefined,
      ),
    );
  forgetLocally(`u:${userId}`);
}

/**
 * Ends the throttling of a user's address from every source and the episode operators see as "locked"
 * (operator action, or a completed password reset: the owner can always get back in that way).
 */
export async function unlockUser(db: Queryable, userId: number, throttles: SignInThrottles): Promise<void> {
  const [user] = await db
    .update(users)
    .set({ failedLoginCount: 0, lockedAt: null })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  if (user) await throttles.clearAccount(db, throttleAccount(user.email));
}

/**
 * Enables (1) or blocks (0) a user. A blocked user cannot sign in and every session ends at once. Run it
 * inside the caller's transaction when other changes go with it. Returns false when there is no such user.
 */
export async function setUserStatus(db: Queryable, userId: number, status: 0 | 1): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ status, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) return false;
  if (status === 0) await revokeSessions(db, userId);
  return true;
}

/** Every sign-in of a user, newest first: when, for how long, and when it ended (the copy of their data). */
export async function signInHistory(db: Queryable, userId: number) {
  return db
    .select({
      signedInAt: sessionFamilies.createdAt,
      rememberMe: sessionFamilies.rememberMe,
      expiresAt: sessionFamilies.expiresAt,
      revokedAt: sessionFamilies.revokedAt,
    })
    .from(sessionFamilies)
    .where(eq(sessionFamilies.userId, userId))
    .orderBy(desc(sessionFamilies.createdAt));
}
