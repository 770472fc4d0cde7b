// Single-use links sent by e-mail. The link carries the user id (base64url, "uid") and a random token;
// only the token's hash is stored, with its purpose and expiry. Issuing a new link of a purpose retires
// the user's earlier ones, so only the latest e-mail works.
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { oneTimeTokens, users } from '../../db/schema/accounts';
import { hashToken, randomToken } from '../auth/service';

export type LinkPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

/** How long each kind of link stays valid. */
export const LINK_HOURS: Record<LinkPurpose, number> = { activation: 72, email_change: 24, password_reset: 24 };

export function encodeUid(userId: number): string {
  return Buffer.from(String(userId)).toString('base64url');
}

export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,24}$/.test(uid)) return null;
  const decoded = Buffer.from(uid, 'base64url').toString('utf8');
  if (!/^[1-9]\d{0,9}$/.test(decoded)) return null;
  return Number(decoded);
}

export async function issueLink(
  db: Queryable,
  input: { userId: number; purpose: LinkPurpose; newEmail?: string },
): Promise<{ uid: string; token: string; hours: number }> {
  await retireLinks(db, input.userId, [input.purpose]);
  const token = randomToken();
  const hours = LINK_HOURS[input.purpose];
  await db.insert(oneTimeTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: hashToken(token),
    newEmail: input.newEmail ?? null,
    expiresAt: new Date(Date.now() + hours * 3_600_000),
  });
  return { uid: encodeUid(input.userId), token, hours };
}

/**
 * The same work as `issueLink` for a link nobody will receive (unknown addresses, whose requests must
 * take as long as real ones). Its token is never stored.
 */
export async function mintDecoyLink(db: Queryable, purpose: LinkPurpose) {
  await retireLinks(db, 0, [purpose]);
  const token = randomToken();
  hashToken(token);
  return { uid: encodeUid(0), token, hours: LINK_HOURS[purpose] };
}

function linkMatches(userId: number, token: string, purposes: LinkPurpose[]) {
  return and(
    eq(oneTimeTokens.tokenHash, hashToken(token)),
    eq(oneTimeTokens.userId, userId),
    inArray(oneTimeTokens.purpose, purposes),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, new Date()),
  );
}

/** Whether a link is still usable, without using it. */
export async function isLinkValid(db: Queryable, uid: string, token: string, purposes: LinkPurpose[]) {
  const userId = decodeUid(uid);
  if (userId === null) return false;
  const rows = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .where(linkMatches(userId, token, purposes));
  return rows.length > 0;
}

/**
 * Uses a link: marks it used in the same statement that checks it is unused and unexpired, so two
 * concurrent uses cannot both succeed. Null for a used, unknown, tampered or expired link.
 */
export async function consumeLink(db: Queryable, uid: string, token: string, purposes: LinkPurpose[]) {
  const userId = decodeUid(uid);
  if (userId === null) return null;
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(linkMatches(userId, token, purposes))
    .returning({
      userId: oneTimeTokens.userId,
      purpose: oneTimeTokens.purpose,
      newEmail: oneTimeTokens.newEmail,
      usedAt: oneTimeTokens.usedAt,
    });
  return row ?? null;
}

/**
 * Whether this activation link is the one that activated its account (a reload of the link): activation
 * stamps the account with the link's use time, which a link retired unused (a newer e-mail) never has.
 */
export async function activatedByLink(db: Queryable, uid: string, token: string): Promise<boolean> {
  const userId = decodeUid(uid);
  if (userId === null) return false;
  const rows = await db
    .select({ id: oneTimeTokens.id })
    .from(oneTimeTokens)
    .innerJoin(users, eq(users.id, oneTimeTokens.userId))
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, 'activation'),
        eq(oneTimeTokens.usedAt, users.activatedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Makes the user's unused links of these purposes unusable (after a reset, a new link, a change). */
export async function retireLinks(db: Queryable, userId: number, purposes: LinkPurpose[]) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(oneTimeTokens.userId, userId), inArray(oneTimeTokens.purpose, purposes), isNull(oneTimeTokens.usedAt)),
    );
}
