import { describe, expect, it } from 'vitest';
import { isWithin, signOf, toCents } from './cents';

describe('euro amounts compared in cents', () => {
  it('reads whole euros, one and two decimals exactly', () => {
    expect(toCents('12')).toBe(1200n);
    expect(toCents('12.5')).toBe(1250n);
    expect(toCents('0.07')).toBe(7n);
    expect(toCents('-3.10')).toBe(-310n);
    expect(toCents('1.234')).toBeNull();
    expect(toCents('abc')).toBeNull();
  });

  it('withdrawing exactly the available cash is within it; one cent more is not', () => {
    expect(isWithin('1250.50', '1250.5')).toBe(true);
    expect(isWithin('1250.51', '1250.50')).toBe(false);
    // 0.1 + 0.2 in floats is above 0.3: in cents it is exactly 0.30.
    expect(isWithin('0.30', '0.3')).toBe(true);
  });

  it('an unreadable amount is never within the limit', () => {
    expect(isWithin('', '100.00')).toBe(false);
    expect(isWithin('10', 'n/a')).toBe(false);
  });

  it('tells gains from losses, zero included', () => {
    expect(signOf('12.40')).toBe(1);
    expect(signOf('-0.0125')).toBe(-1);
    expect(signOf('0.00')).toBe(0);
    expect(signOf('-0.00')).toBe(0);
  });
});
