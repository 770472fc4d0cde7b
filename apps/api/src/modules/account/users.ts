// Reading and inserting rows of the users table, shared by the account flows.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { emailEquals } from '../auth/service';

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const REFERRAL_LENGTH = 8;

export function generateReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_LENGTH; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(emailEquals(email));
  return row;
}

export async function findUserById(db: Queryable, userId: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

/**
 * Inserts a user, retrying on the rare referral-code collision. Null when the address is taken (also
 * when another request registered it a moment earlier).
 */
export async function insertUser(db: Queryable, values: Omit<typeof users.$inferInsert, 'referralCode'>) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await db
      .insert(users)
      .values({ ...values, referralCode: generateReferralCode() })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
    if (await findUserByEmail(db, values.email)) return null;
  }
  throw new Error('could not generate a unique referral code');
}
