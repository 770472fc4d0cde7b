// Throttling of wrong passwords, per address typed AND per source, with growing waits. It replaces a
// lockout that let anyone shut any account (operators included) and told registered addresses apart:
// - the count is kept for any address, registered or not, and the answers do not differ;
// - a source that guesses wrong waits, other sources (the owner's) are not affected;
// - many sources guessing one account (each within its own free attempts) slow the account down: past a
//   ceiling of wrong passwords from all sources together, every source waits a short while between
//   attempts, so a botnet gets a few guesses a minute, while the owner is delayed, never locked out;
// - the owner is told by e-mail, once per episode, and a completed password reset clears every count.
// The counts are shared by every instance of the API: in Redis when it is configured
// (sign-in-throttle-redis.ts), otherwise in the database (here); the episodes are users' rows either way.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Database, inTransaction, type Queryable } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { signInThrottles } from '../../db/schema/auth';

/** Wrong passwords allowed from one source before it has to wait. */
export const FREE_FAILURES = 5;
/** The first wait; it doubles with every further wrong password, up to the maximum. */
export const FIRST_WAIT_SECONDS = 60;
export const MAX_WAIT_SECONDS = 30 * 60;
/** Wrong passwords for one account, from all sources together, before the account is under attack. */
export const ACCOUNT_FREE_FAILURES = 20;
/** Under attack, each further wrong password makes every source wait this long: slowed, not locked. */
export const ACCOUNT_WAIT_SECONDS = 30;
/** The row counting an account's wrong passwords from every source: no client address looks like it. */
const EVERY_SOURCE = '*';
/** Counts are forgotten after a day without wrong passwords; so is a notified episode. */
const MEMORY = sql`interval '1 day'`;

/** The address as a throttling key: trimmed and lower-cased (addresses are unique case-insensitively). */
export function throttleAccount(email: string): string {
  return email.trim().toLowerCase();
}

export interface ThrottleKey {
  account: string;
  source: string;
}

/** Where the counts live. `db` is the caller's transaction, which a store outside the database ignores. */
export interface SignInThrottles {
  /** Seconds this source still waits for this address (its own wait or the account's), or null. */
  waitingSeconds(key: ThrottleKey): Promise<number | null>;
  /** Counts a wrong password for the source and for the account; the wait it starts (the longer), or null. */
  recordFailure(key: ThrottleKey): Promise<number | null>;
  /** A right password from this source: its count starts again. Other sources keep theirs. */
  clearSource(db: Queryable, key: ThrottleKey): Promise<void>;
  /** Every count of the address, from every source (completed password reset, operator unlock). */
  clearAccount(db: Queryable, account: string): Promise<void>;
  /** Whether some source is waiting for this address (operators see the account as locked meanwhile). */
  anyWaiting(db: Queryable, account: string): Promise<boolean>;
}

/** The counts in the database (`sign_in_throttles`): one upsert per wrong password, shared by every instance. */
export function databaseThrottles(db: Database): SignInThrottles {
  return {
    waitingSeconds: (key) => waitingSeconds(db, key),
    recordFailure: (key) =>
      inTransaction(db, async (tx) => {
        const own = await recordFailure(tx, key);
        const everySource = await recordAccountFailure(tx, key.account);
        return own === null && everySource === null ? null : Math.max(own ?? 0, everySource ?? 0);
      }),
    clearSource: (tx, key) => clearSource(tx, key),
    clearAccount: (tx, account) => clearAccount(tx, account),
    async anyWaiting(tx, account) {
      const [row] = await tx
        .select({ account: signInThrottles.account })
        .from(signInThrottles)
        .where(and(eq(signInThrottles.account, account), sql`${signInThrottles.blockedUntil} > now()`))
        .limit(1);
      return row !== undefined;
    },
  };
}

const keyMatches = (key: ThrottleKey) =>
  and(eq(signInThrottles.account, key.account), eq(signInThrottles.source, key.source));

const secondsUntil = (column: typeof signInThrottles.blockedUntil) =>
  sql<number>`ceil(extract(epoch from (${column} - now())))::int`;

/**
 * Seconds this source still has to wait for this address (its own wait, or the account's while it is
 * under attack, whichever ends later), or null when it may try.
 */
async function waitingSeconds(db: Queryable, key: ThrottleKey): Promise<number | null> {
  const [row] = await db
    .select({ seconds: sql<number | null>`max(${secondsUntil(signInThrottles.blockedUntil)})` })
    .from(signInThrottles)
    .where(
      and(
        eq(signInThrottles.account, key.account),
        inArray(signInThrottles.source, [key.source, EVERY_SOURCE]),
        sql`${signInThrottles.blockedUntil} > now()`,
      ),
    );
  return row?.seconds == null ? null : Math.max(1, row.seconds);
}

/**
 * Counts a wrong password, atomically (concurrent attempts on several instances all count). Returns the
 * wait it starts, in seconds, or null while the source is within its free attempts.
 */
async function recordFailure(db: Queryable, key: ThrottleKey): Promise<number | null> {
  const t = signInThrottles;
  const stale = sql`${t.lastFailureAt} < now() - ${MEMORY}`;
  const next = sql`(case when ${stale} then 1 else ${t.failures} + 1 end)`;
  const wait = sql`least(${FIRST_WAIT_SECONDS} * power(2, ${next} - ${FREE_FAILURES}), ${MAX_WAIT_SECONDS})`;
  const [row] = await db
    .insert(t)
    .values({ account: key.account, source: key.source, failures: 1 })
    .onConflictDoUpdate({
      target: [t.account, t.source],
      set: {
        failures: next,
        lastFailureAt: sql`now()`,
        blockedUntil: sql`case when ${next} >= ${FREE_FAILURES} then now() + ${wait} * interval '1 second' end`,
      },
    })
    .returning({ blocked: sql<boolean>`${t.blockedUntil} is not null`, seconds: secondsUntil(t.blockedUntil) });
  // Housekeeping: guesses at addresses nobody owns leave rows behind; drop a few stale ones each time.
  await db.execute(
    sql`delete from ${t} where (${t.account}, ${t.source}) in (select ${t.account}, ${t.source} from ${t} where ${stale} limit 20)`,
  );
  return row?.blocked ? Math.max(1, row.seconds) : null;
}

/**
 * Counts a wrong password against the account, whatever its source. Returns the wait it starts for every
 * source (the account is under attack), or null below the ceiling.
 */
async function recordAccountFailure(db: Queryable, account: string): Promise<number | null> {
  const t = signInThrottles;
  const stale = sql`${t.lastFailureAt} < now() - ${MEMORY}`;
  const next = sql`(case when ${stale} then 1 else ${t.failures} + 1 end)`;
  const [row] = await db
    .insert(t)
    .values({ account, source: EVERY_SOURCE, failures: 1 })
    .onConflictDoUpdate({
      target: [t.account, t.source],
      set: {
        failures: next,
        lastFailureAt: sql`now()`,
        blockedUntil: sql`case when ${next} >= ${ACCOUNT_FREE_FAILURES} then now() + ${ACCOUNT_WAIT_SECONDS} * interval '1 second' end`,
      },
    })
    .returning({ blocked: sql<boolean>`${t.blockedUntil} is not null`, seconds: secondsUntil(t.blockedUntil) });
  return row?.blocked ? Math.max(1, row.seconds) : null;
}

async function clearSource(db: Queryable, key: ThrottleKey): Promise<void> {
  await db.delete(signInThrottles).where(keyMatches(key));
}

async function clearAccount(db: Queryable, account: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.account, account));
}

/**
 * Marks the user as being throttled (operators see it as "locked") and says whether this starts a new
 * episode, i.e. whether the owner should be told. One statement, so that of several instances noticing
 * at once only one sends the e-mail; an episode left unnoticed for a day counts as over.
 */
export async function startEpisode(db: Queryable, userId: number): Promise<boolean> {
  const started = await db
    .update(users)
    .set({ lockedAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`(${users.lockedAt} is null or ${users.lockedAt} < now() - ${MEMORY})`))
    .returning({ id: users.id });
  return started.length > 0;
}
