import { describe, expect, it } from 'vitest';
import type { UsuryThreshold } from '../schemas/settings';
import { aboveUsuryThreshold, quarterOfDate, quarterStart, usuryThresholdInForce } from './usury';

const thresholds: UsuryThreshold[] = [
  { category: 'other_loans', quarter: '2026-Q3', threshold_apr: '0.171000' },
  { category: 'other_loans', quarter: '2026-Q4', threshold_apr: '0.170400' },
  { category: 'other_loans', quarter: '2027-Q1', threshold_apr: '0.168800' },
  { category: 'advances_discounts', quarter: '2026-Q4', threshold_apr: '0.123000' },
];

describe('usury threshold', () => {
  it('quarters start on the first day of January, April, July and October', () => {
    expect(quarterStart('2026-Q4')).toBe('2026-10-01');
    expect(quarterStart('2027-Q1')).toBe('2027-01-01');
    expect(quarterOfDate('2026-11-29')).toBe('2026-Q4');
    expect(quarterOfDate('2026-03-31')).toBe('2026-Q1');
  });

  it('the threshold in force is the latest quarter begun, of the category asked', () => {
    expect(usuryThresholdInForce(thresholds, 'other_loans', '2026-12-31')?.threshold_apr).toBe('0.170400');
    expect(usuryThresholdInForce(thresholds, 'other_loans', '2027-01-01')?.threshold_apr).toBe('0.168800');
    expect(usuryThresholdInForce(thresholds, 'advances_discounts', '2027-05-01')?.threshold_apr).toBe('0.123000');
    // Before the first recorded quarter, the first.
    expect(usuryThresholdInForce(thresholds, 'other_loans', '2025-01-01')?.quarter).toBe('2026-Q3');
    expect(usuryThresholdInForce([], 'other_loans', '2026-11-29')).toBeNull();
  });

  it('an APR at the threshold passes; one a millionth above is refused', () => {
    const threshold = { threshold_apr: '0.170400' };
    expect(aboveUsuryThreshold('0.170400', threshold)).toBe(false);
    expect(aboveUsuryThreshold('0.1704', threshold)).toBe(false);
    expect(aboveUsuryThreshold('0.170401', threshold)).toBe(true);
    expect(aboveUsuryThreshold('0.050171', threshold)).toBe(false);
  });
});
