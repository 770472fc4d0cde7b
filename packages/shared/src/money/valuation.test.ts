import { describe, expect, it } from 'vitest';
import { positionValue, valuedCollateral } from './valuation';

describe('positionValue: one valuation of a holding', () => {
  it('values 1,000 units at a NAV of 11.969129 at 11,969.13 €, the portfolio and borrowing power alike', () => {
    // 1,000 × 11.969129 = 11,969.129 → half-even to the cent → 11,969.13 (rounding down gave 11,969.12)
    expect(positionValue('1000', '11.969129').toFixed(2)).toBe('11969.13');
    expect(valuedCollateral('1000', '11.969129', '0.7').value).toBe('11969.13');
  });

  it('rounds an exact half cent to the even cent', () => {
    // 3 × 0.835 = 2.505 → 2.50 (0 is even); 3 × 0.845 = 2.535 → 2.54
    expect(positionValue('3', '0.835').toFixed(2)).toBe('2.50');
    expect(positionValue('3', '0.845').toFixed(2)).toBe('2.54');
  });

  it('values a position to the cent', () => {
    expect(positionValue('79.785001', '101.5').toFixed(2)).toBe('8098.18');
  });

  it('values nothing at zero', () => {
    expect(positionValue('0', '123.456789').toFixed(2)).toBe('0.00');
  });
});

describe('valuedCollateral: the contribution is taken from the value shown', () => {
  it('lends 8,500.00 € on a line shown at 10,000.00 € at 85 %', () => {
    // 1,000 × 9.999995 = 9,999.995 → half-even → 10,000.00; × 0.85 = 8,500.00 (rounding the value down
    // to 9,999.99 first gave 8,499.99 beside a line shown at 10,000.00)
    expect(valuedCollateral('1000', '9.999995', '0.8500')).toEqual({ value: '10000.00', contribution: '8500.00' });
  });

  it('rounds a contribution half-up from the rounded value', () => {
    // 10 × 1.001 = 10.01; × 0.5 = 5.005 → half-up → 5.01
    expect(valuedCollateral('10', '1.001', '0.5')).toEqual({ value: '10.01', contribution: '5.01' });
    // 7.123456 × 140.5 = 1,000.845568 → 1,000.85; × 0.3 = 300.255 → half-up → 300.26
    expect(valuedCollateral('7.123456', '140.5', '0.3')).toEqual({ value: '1000.85', contribution: '300.26' });
  });
});
