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
