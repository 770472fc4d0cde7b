import { describe, expect, it } from 'vitest';
import { isIsin, isinCheckDigit } from './isin';

describe('ISIN', () => {
  it('accepts real identifiers with their check digit', () => {
    expect(isIsin('US0378331005')).toBe(true);
    expect(isIsin('IT0005610032')).toBe(true);
    expect(isIsin('DE000BAY0017')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong shape and lower case', () => {
    expect(isIsin('US0378331006')).toBe(false);
    expect(isIsin('US037833100')).toBe(false);
    expect(isIsin('us0378331005')).toBe(false);
    expect(isIsin('1S0378331005')).toBe(false);
  });

  it('computes the check digit that makes an identifier valid', () => {
    expect(isinCheckDigit('US037833100')).toBe('5');
    expect(isinCheckDigit('DE000BAY001')).toBe('7');
    const fixed = `IT000558123${isinCheckDigit('IT000558123')}`;
    expect(isIsin(fixed)).toBe(true);
  });
});
