// Sign-in, token rotation and sign-out (spec §4, §7; DESIGN §5). A sign-in opens a session family; every
// refresh rotates its token; presenting a rotated token again revokes the whole family. Access tokens
// are checked against the family and the user on every request, so logout, blocking and revocation take
// effect at once.
import { LANGUAGES, type Language } from '@lombard/shared/locale';
import { PROFILES, type Profile } from '@lombard/shared/permissions';
import type { TokenPair } from '@lombard/shared/schemas/auth';
import { and, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { type Database, inTransaction, type Queryable } from '../../db/client';
import { refreshTokens, sessionFamilies, users } from '../../db/schema/accounts';
import type { AuthUser } from '../../lib/auth-guards';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { type AccessTokens, hashToken, randomToken } from './tokens';

// Other modules hash their own single-use secrets the same way.
export { hashToken, randomToken } from './tokens';

/** Consecutive wrong passwords after which the account is locked until a reset or an operator. */
export const MAX_FAILED_SIGN_INS = 5;
/** Lifetime of a sign-in (its refresh tokens): one day with "remember me", otherwise twelve hours. */
export const SESSION_HOURS = { rememberMe: 24, standard: 12 } as const;

const HOUR_MS = 3_600_000;

// Verifying against a throwaway hash for unknown addresses keeps the answer time the same as for a
// known one, so timing does not reveal which addresses are registered.
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

export function createAuthService(db: Database, tokens: AccessTokens) {
  async function openSession(tx: Queryable, userId: number, rememberMe: boolean): Promise<TokenPair> {
    const hours = rememberMe ? SESSION_HOURS.rememberMe : SESSION_HOURS.standard;
    const [family] = await tx
      .insert(sessionFamilies)
      .values({ userId, rememberMe, expiresAt: new Date(Date.now() + hours * HOUR_MS) })
      .returning({ id: sessionFamilies.id });
    const refresh = randomToken();
    await tx.insert(refreshTokens).values({ familyId: family!.id, tokenHash: hashToken(refresh) });
    return { access: await tokens.sign({ userId, sessionId: family!.id }), refresh };
  }

  return {
    /** POST token/auth: one generic refusal for unknown, wrong, inactive or blocked; lockout after 5. */
    async signIn(input: { email: string; password: string; rememberMe: boolean }): Promise<TokenPair> {
      const [user] = await db.select().from(users).where(emailEquals(input.email));
      if (!user) {
        await verifyPassword(await decoy(), input.password);
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (user.lockedAt) throw new AppError('ACCOUNT_LOCKED');
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        const [after] = await db
          .update(users)
          .set({
            failedLoginCount: sql`${users.failedLoginCount} + 1`,
            lockedAt: sql`case when ${users.failedLoginCount} + 1 >= ${MAX_FAILED_SIGN_INS} then now() else null end`,
          })
          .where(eq(users.id, user.id))
          .returning({ lockedAt: users.lockedAt });
        throw new AppError(after?.lockedAt ? 'ACCOUNT_LOCKED' : 'INVALID_CREDENTIALS');
      }
      if (user.status !== 1 || !user.activatedAt) throw new AppError('INVALID_CREDENTIALS');
      return inTransaction(db, async (tx) => {
        await tx.update(users).set({ failedLoginCount: 0, lastLoginAt: new Date() }).where(eq(users.id, user.id));
        // Housekeeping: sign-ins of this user that ended long ago are of no further use.
        await tx
          .delete(sessionFamilies)
          .where(and(eq(sessionFamilies.userId, user.id), lt(sessionFamilies.expiresAt, new Date())));
        return openSession(tx, user.id, input.rememberMe);
      });
    },

    /** POST token/refresh: rotates; a dead token is refused, a rotated one also revokes its family. */
    async refresh(refresh: string): Promise<TokenPair> {
      const tokenHash = hashToken(refresh);
      const outcome = await inTransaction(db, async (tx) => {
        // Claiming the token and checking it is unused is one statement: of two concurrent refreshes with
        // the same token, the second waits for the first and then finds it used.
        const [claimed] = await tx
          .update(refreshTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
          .returning({ familyId: refreshTokens.familyId });
        if (!claimed) {
          const [known] = await tx
            .select({ familyId: refreshTokens.familyId })
            .from(refreshTokens)
            .where(eq(refreshTokens.tokenHash, tokenHash));
          if (known) await revokeFamily(tx, known.familyId);
          return null;
        }
        const [session] = await tx
          .select({ userId: sessionFamilies.userId })
          .from(sessionFamilies)
          .innerJoin(users, eq(users.id, sessionFamilies.userId))
          .where(
            and(
              eq(sessionFamilies.id, claimed.familyId),
              isNull(sessionFamilies.revokedAt),
              gt(sessionFamilies.expiresAt, new Date()),
              eq(users.status, 1),
              isNotNull(users.activatedAt),
            ),
          );
        if (!session) return null;
        const next = randomToken();
        await tx.insert(refreshTokens).values({ familyId: claimed.familyId, tokenHash: hashToken(next) });
        return { userId: session.userId, sessionId: claimed.familyId, refresh: next };
      });
      // Thrown after the transaction so that the revocation of a reused family is committed.
      if (!outcome) throw new AppError('SESSION_EXPIRED');
      return { access: await tokens.sign(outcome), refresh: outcome.refresh };
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

async function revokeFamily(db: Queryable, familyId: string) {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)));
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
}

/** Lifts a lockout after too many wrong passwords (operator action, or a password reset). */
export async function unlockUser(db: Queryable, userId: number): Promise<void> {
  await db.update(users).set({ failedLoginCount: 0, lockedAt: null }).where(eq(users.id, userId));
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
