import { describe, expect, it } from 'vitest';
import { addressKey, RateCounter, windowMs } from './rate-limit';

describe('per-address rate counting', () => {
  it('refuses past the limit within a window, tells when it ends, and starts again after it', () => {
    const counter = new RateCounter({ max: 2, timeWindow: '1 minute' });
    const start = 1_000_000;
    expect(counter.take('198.51.100.1', start).count).toBe(1);
    expect(counter.take('198.51.100.1', start + 1_000).count).toBe(2);
    const third = counter.take('198.51.100.1', start + 30_500);
    expect(third.count).toBeGreaterThan(counter.max);
    expect(third.secondsLeft).toBe(30);
    // Another address has its own window.
    expect(counter.take('198.51.100.2', start + 30_500).count).toBe(1);
    expect(counter.peek('198.51.100.1', start + 59_999).count).toBe(3);
    expect(counter.take('198.51.100.1', start + 60_000).count).toBe(1);
  });

  it('counts an IPv6 client by its /64 network and an IPv4-mapped address as IPv4', () => {
    expect(addressKey('2001:db8:1:2::5')).toBe(addressKey('2001:db8:1:2:ffff::9'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('reads windows written as text and refuses one it cannot read', () => {
    expect(windowMs('15 minutes')).toBe(900_000);
    expect(windowMs(5_000)).toBe(5_000);
    expect(() => windowMs('a fortnight')).toThrow(/unreadable/);
  });
});
