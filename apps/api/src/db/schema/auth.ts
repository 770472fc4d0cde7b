import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Wrong passwords per address and source (the client's network address). Keyed by the address typed,
 * registered or not, so that throttling answers the same for unknown addresses; keyed by source too, so
 * that guessing from one network never shuts the owner out from theirs. Kept in the database so that
 * every instance of the API sees the same counts.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    /** The address as typed, trimmed and lower-cased. */
    account: text('account').notNull(),
    /** The client's address (IPv6 reduced to its /64 network). */
    source: text('source').notNull(),
    /** Consecutive wrong passwords; forgotten a day after the last one. */
    failures: integer('failures').notNull().default(0),
    /** Sign-in from this source for this address is refused until then. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.account, t.source] }),
    index('sign_in_throttles_last_failure_idx').on(t.lastFailureAt),
  ],
);

/**
 * The keys that sign access tokens when JWT_SECRET is not set, kept here so that every instance of the API
 * signs and accepts with the same ones. The newest generation signs; a token names its key (`kid`). A
 * rotation adds a generation and gives the older ones an end: until then the tokens they signed are
 * still accepted (docs/decisions/024-shared-counters-and-signing-keys.md).
 */
export const signingKeys = pgTable('signing_keys', {
  /** 1 for the first key, one more at each rotation. */
  generation: integer('generation').primaryKey(),
  /** 48 random bytes, base64url: whoever reads it can sign tokens (see SECURITY.md). */
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Null while the key is the newest; after a rotation, when the tokens it signed stop being accepted. */
  acceptedUntil: timestamp('accepted_until', { withTimezone: true }),
});
