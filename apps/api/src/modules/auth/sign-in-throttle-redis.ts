// The sign-in throttle's counts in Redis (REDIS_URL), with the same rules as in the database
// (sign-in-throttle.ts): a guessing flood then writes to Redis, not to PostgreSQL. Every count is one atomic
// increment (rate-limiter-flexible's RateLimiterRedis), so concurrent wrong passwords on several instances
// all count; a wait is a key that expires when the wait ends. Redis unreachable: sign-in is refused
// (LIMITS_UNAVAILABLE), never let through unthrottled.
import type { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { limitsUnavailable } from '../../lib/errors';
import {
  ACCOUNT_FREE_FAILURES,
  ACCOUNT_WAIT_SECONDS,
  FIRST_WAIT_SECONDS,
  FREE_FAILURES,
  MAX_WAIT_SECONDS,
  type SignInThrottles,
} from './sign-in-throttle';

/** Counts are forgotten a day after the last wrong password, as in the database. */
const MEMORY_SECONDS = 24 * 60 * 60;
/** The count of every source together (no client address is written like this). */
const EVERY_SOURCE = '*';
/** A failure count never refuses by itself: it is read, and the waits are keys of their own. */
const UNCAPPED = 1_000_000_000;

/** The wait a source's n-th consecutive wrong password starts, in seconds, or null within the free ones. */
function sourceWait(failures: number): number | null {
  if (failures < FREE_FAILURES) return null;
  return Math.min(FIRST_WAIT_SECONDS * 2 ** (failures - FREE_FAILURES), MAX_WAIT_SECONDS);
}

const accountWait = (failures: number) => (failures >= ACCOUNT_FREE_FAILURES ? ACCOUNT_WAIT_SECONDS : null);

/** Runs a Redis step; a Redis failure becomes the refusal that tells the person to come back shortly. */
async function counted<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch {
    throw limitsUnavailable();
  }
}

export function redisThrottles(redis: Redis): SignInThrottles {
  const failures = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: 'signin:failures',
    points: UNCAPPED,
    duration: MEMORY_SECONDS,
    // Not `customIncrTtlLuaScript`: the library defines its script on the connection, which every limit
    // shares, so a script of our own would replace theirs.
    rejectIfRedisNotReady: true,
  });
  // A key per waiting source (and one for the account under attack), blocked for the wait.
  const waits = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: 'signin:waits',
    points: 1,
    duration: MAX_WAIT_SECONDS,
    rejectIfRedisNotReady: true,
  });
  const keyOf = (account: string, source: string) => `${source} ${account}`;
  /** The sources that counted against an address, for clearing them all and for "is any waiting". */
  const sourcesOf = (account: string) => `signin:sources:${account}`;

  const secondsLeft = async (key: string) => {
    const state = await waits.get(key);
    return state && state.consumedPoints > 1 && state.msBeforeNext > 0 ? Math.ceil(state.msBeforeNext / 1000) : 0;
  };
  const forget = async (account: string, sources: string[]) => {
    const keys = sources.flatMap((source) => [
      failures.getKey(keyOf(account, source)),
      waits.getKey(keyOf(account, source)),
    ]);
    if (keys.length > 0) await redis.del(...keys);
  };

  return {
    waitingSeconds: (key) =>
      counted(async () => {
        const [own, everySource] = await Promise.all([
          secondsLeft(keyOf(key.account, key.source)),
          secondsLeft(keyOf(key.account, EVERY_SOURCE)),
        ]);
        const seconds = Math.max(own, everySource);
        return seconds > 0 ? seconds : null;
      }),

    recordFailure: (key) =>
      counted(async () => {
        const sourceKey = keyOf(key.account, key.source);
        const accountKey = keyOf(key.account, EVERY_SOURCE);
        const [own, everySource] = await Promise.all([failures.consume(sourceKey), failures.consume(accountKey)]);
        // The increment keeps its window's first expiry; the counts (and the list of sources) must live a
        // day after the latest wrong password. Whichever instance sets it last sets the same moment.
        await redis
          .multi()
          .expire(failures.getKey(sourceKey), MEMORY_SECONDS)
          .expire(failures.getKey(accountKey), MEMORY_SECONDS)
          .sadd(sourcesOf(key.account), key.source)
          .expire(sourcesOf(key.account), MEMORY_SECONDS)
          .exec();
        const ownWait = sourceWait(own.consumedPoints);
        const accountWaitSeconds = accountWait(everySource.consumedPoints);
        await Promise.all([
          ownWait === null ? null : waits.block(sourceKey, ownWait),
          accountWaitSeconds === null ? null : waits.block(accountKey, accountWaitSeconds),
        ]);
        return ownWait === null && accountWaitSeconds === null ? null : Math.max(ownWait ?? 0, accountWaitSeconds ?? 0);
      }),

    clearSource: (_db, key) =>
      counted(async () => {
        await forget(key.account, [key.source]);
        await redis.srem(sourcesOf(key.account), key.source);
      }),

    clearAccount: (_db, account) =>
      counted(async () => {
        const sources = await redis.smembers(sourcesOf(account));
        await forget(account, [...sources, EVERY_SOURCE]);
        await redis.del(sourcesOf(account));
      }),

    anyWaiting: (_db, account) =>
      counted(async () => {
        const sources = [...(await redis.smembers(sourcesOf(account))), EVERY_SOURCE];
        const left = await Promise.all(sources.map((source) => secondsLeft(keyOf(account, source))));
        return left.some((seconds) => seconds > 0);
      }),
  };
}
