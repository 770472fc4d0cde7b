// Per-address request counting in fixed windows, held in this process's memory and decided without a
// promise: the check runs on every API call and every page, where the limiter plugin it replaces (three
// promise hops and an address parse per request) cost a tenth of a cached page's time.
import { isIP } from 'node:net';
import { memoize } from '@lombard/shared/memoize';

/** A limit: at most `max` requests per address within each window of `timeWindow` (ms, or "15 minutes"). */
export interface RateLimit {
  max: number;
  timeWindow: number | string;
}

export interface RateState {
  /** Requests counted in the current window, this one included when it was taken. */
  count: number;
  max: number;
  /** Whole seconds until the window ends: at least 1 while one is open, 0 when none is. */
  secondsLeft: number;
}

const UNIT_MS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000 };

export function windowMs(timeWindow: number | string): number {
  if (typeof timeWindow === 'number') return timeWindow;
  const match = /^(\d+)\s*(second|minute|hour)s?$/.exec(timeWindow.trim());
  if (!match) throw new Error(`unreadable rate-limit window: ${timeWindow}`);
  return Number(match[1]) * (UNIT_MS[match[2] as string] as number);
}

/** Bounds the memory a flood of addresses can take; the oldest windows are forgotten first. */
const MAX_ADDRESSES = 10_000;

/**
 * The key a request's source is counted under. An IPv6 client usually holds a whole /64, so counting per
 * address there would let it rotate addresses at will; IPv4-mapped addresses count as IPv4. Addresses
 * repeat, so each is worked out once.
 */
export function addressKey(ip: string): string {
  return ip.includes(':') ? ipv6NetworkOnce(ip) : ip;
}

const ipv6NetworkOnce = memoize(ipv6Network, MAX_ADDRESSES);

function ipv6Network(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1] as string;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

interface Window {
  count: number;
  startedAt: number;
}

/** The windows of one limit (the global one, or a route's own). */
export class RateCounter {
  private readonly windows = new Map<string, Window>();
  readonly max: number;
  private readonly ms: number;

  constructor(limit: RateLimit) {
    this.max = limit.max;
    this.ms = windowMs(limit.timeWindow);
  }

  /** Counts a request of `key` and says where its window stands. */
  take(key: string, now = Date.now()): RateState {
    let window = this.windows.get(key);
    if (!window || window.startedAt + this.ms <= now) {
      if (!window && this.windows.size >= MAX_ADDRESSES) this.forgetOldest(now);
      window = { count: 0, startedAt: now };
      this.windows.set(key, window);
    }
    window.count++;
    return this.state(window, now);
  }

  /** Where `key`'s window stands, without counting anything. */
  peek(key: string, now = Date.now()): RateState {
    const window = this.windows.get(key);
    if (!window || window.startedAt + this.ms <= now) return { count: 0, max: this.max, secondsLeft: 0 };
    return this.state(window, now);
  }

  private state(window: Window, now: number): RateState {
    const secondsLeft = Math.max(1, Math.ceil((window.startedAt + this.ms - now) / 1000));
    return { count: window.count, max: this.max, secondsLeft };
  }

  /** Drops the ended windows; if none had ended, the oldest tenth. */
  private forgetOldest(now: number) {
    for (const [key, window] of this.windows) if (window.startedAt + this.ms <= now) this.windows.delete(key);
    if (this.windows.size < MAX_ADDRESSES) return;
    let drop = Math.ceil(MAX_ADDRESSES / 10);
    for (const key of this.windows.keys()) {
      if (drop-- <= 0) break;
      this.windows.delete(key);
    }
  }
}
