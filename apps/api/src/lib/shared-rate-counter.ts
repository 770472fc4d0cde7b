// A per-address limit counted in Redis, so that every instance of the API spends the same budget: fixed
// windows with one atomic increment-and-expire per request (rate-limiter-flexible's RateLimiterRedis).
// An address past its limit is remembered here until its window ends: its further requests are refused
// without asking Redis, and `peek` can answer without a round trip (the page renderer asks it).
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { type RateLimit, type RateState, windowMs } from './rate-limit';

/** Bounds the memory of addresses remembered as spent; the oldest are forgotten first. */
const MAX_SPENT = 10_000;

/** Redis could not count the request (down, or too slow): the caller decides to refuse or let it through. */
export class CountersUnavailable extends Error {
  constructor(cause: unknown) {
    super('the shared counters cannot be reached', { cause });
    this.name = 'CountersUnavailable';
  }
}

export class SharedRateCounter {
  readonly max: number;
  private readonly limiter: RateLimiterRedis;
  /** Address → when its spent window ends (ms). */
  private readonly spent = new Map<string, number>();

  /** `name` keeps the windows of different limits apart in Redis; it is the same on every instance. */
  constructor(redis: Redis, name: string, limit: RateLimit) {
    this.max = limit.max;
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `rl:${name}`,
      points: limit.max,
      duration: Math.max(1, Math.round(windowMs(limit.timeWindow) / 1000)),
      // Fail at once while the connection is down, rather than wait for a command that cannot be sent.
      rejectIfRedisNotReady: true,
    });
  }

  /** Counts a request of `key` in Redis; throws CountersUnavailable when Redis cannot count it. */
  async take(key: string, now = Date.now()): Promise<RateState> {
    const until = this.spent.get(key);
    if (until !== undefined) {
      if (until > now) return { count: this.max + 1, max: this.max, secondsLeft: secondsUntil(until, now) };
      this.spent.delete(key);
    }
    let result: RateLimiterRes;
    try {
      result = await this.limiter.consume(key);
    } catch (outcome) {
      // The library rejects with the window's state when the limit is exceeded, with an Error otherwise.
      if (!(outcome instanceof RateLimiterRes)) throw new CountersUnavailable(outcome);
      result = outcome;
    }
    const ends = now + Math.max(0, result.msBeforeNext);
    if (result.consumedPoints >= this.max) this.remember(key, ends);
    return { count: result.consumedPoints, max: this.max, secondsLeft: secondsUntil(ends, now) };
  }

  /** Whether this instance has seen `key` spend its budget in the current window (no round trip). */
  isSpent(key: string, now = Date.now()): boolean {
    return (this.spent.get(key) ?? 0) > now;
  }

  private remember(key: string, until: number) {
    if (this.spent.size >= MAX_SPENT) this.spent.delete(this.spent.keys().next().value as string);
    this.spent.set(key, until);
  }
}

const secondsUntil = (until: number, now: number) => Math.max(1, Math.ceil((until - now) / 1000));
