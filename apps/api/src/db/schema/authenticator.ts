import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A customer's authenticator app (TOTP, RFC 6238): one per customer. The secret is what the app holds too;
 * it is answered once, at enrolment, and never logged (SECURITY.md). Until its first code arrives the row
 * waits (`confirmedAt` null) and confirms nothing.
 */
export const authenticators = pgTable('authenticators', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32, as in the otpauth URI. */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The last 30-second step a code was accepted for: that step and earlier ones are refused (replay). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  /** Wrong codes in a row; at TOTP_MAX_ATTEMPTS the factor rests until `lockedUntil`. */
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Codes that stand in for the authenticator once each (a lost phone); only their salted hashes are kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);
