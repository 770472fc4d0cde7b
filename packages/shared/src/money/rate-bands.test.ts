import { describe, expect, it } from 'vitest';
import { CALCULATOR_MAX_AMOUNT } from '../constants';
import { calculatorMaximum, rateBandsOf } from './rate-bands';

describe('calculatorMaximum', () => {
  it('offers the bank maximum when it is below the calculator cap', () => {
    expect(calculatorMaximum('250000.00')).toBe('250000.00');
    expect(calculatorMaximum('250000.5')).toBe('250000.50');
    expect(calculatorMaximum('75000')).toBe('75000.00');
  });

  it('keeps the calculator cap when the bank allows more, nothing, or the configuration is unknown', () => {
    expect(calculatorMaximum('5000000.00')).toBe(CALCULATOR_MAX_AMOUNT);
    expect(calculatorMaximum('0.00')).toBe(CALCULATOR_MAX_AMOUNT);
    expect(calculatorMaximum(null)).toBe(CALCULATOR_MAX_AMOUNT);
    expect(calculatorMaximum(undefined)).toBe(CALCULATOR_MAX_AMOUNT);
    expect(calculatorMaximum('not an amount')).toBe(CALCULATOR_MAX_AMOUNT);
  });
});

describe('rateBandsOf', () => {
  it('turns a schedule’s bands into the calculator’s', () => {
    expect(rateBandsOf({ bands: [{ from: '0.00', annual_rate: '0.0500' }] })).toEqual([
      { from: '0.00', annualRate: '0.0500' },
    ]);
  });
});
