import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { users } from '../db/schema/accounts';
import { hashPassword } from '../lib/passwords';

export const DEMO_PASSWORD = 'Demo-pass-2026';

export const DEMO_ACCOUNTS = [
  { email: 'base@demo.lombard.test', firstName: 'Bianca', lastName: 'Basile', attributes: ['base'], language: 'it' },
  { email: 'lead@demo.lombard.test', firstName: 'Luca', lastName: 'Leone', attributes: ['lead'], language: 'it' },
  {
    email: 'customer@demo.lombard.test',
    firstName: 'Chiara',
    lastName: 'Conti',
    attributes: ['customer'],
    language: 'it',
  },
  { email: 'admin@demo.lombard.test', firstName: 'Andrea', lastName: 'Amato', attributes: ['admin'], language: 'en' },
] as const;

export async function seedAccounts(db: Queryable) {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) in ${DEMO_ACCOUNTS.map((a) => a.email)}`);
  const missing = DEMO_ACCOUNTS.filter((a) => !existing.some((e) => e.email === a.email));
  if (missing.length === 0) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(users)
    .values(
      missing.map((account) => ({
        email: account.email,
        passwordHash,
        firstName: account.firstName,
        lastName: account.lastName,
        language: account.language,
        attributes: [...account.attributes],
        activatedAt: new Date(),
        referralCode: `DEMO${account.attributes[0].toUpperCase()}`,
      })),
    )
    .onConflictDoNothing();
}
