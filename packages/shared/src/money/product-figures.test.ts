import { describe, expect, it } from 'vitest';
import { disinvestProceeds, exampleCosts } from './product-figures';

describe('exampleCosts', () => {
  it('charges 1.5 % entry on 10,000 € and a 1.2 % yearly fee on what is left invested', () => {
    expect(exampleCosts('0.0150', '0.0120')).toEqual({ entry: '150.00', invested: '9850.00', yearlyFee: '118.20' });
  });

  it('rounds an entry cost that falls on half a cent to the even cent', () => {
    // 1,234.50 × 0.5 % = 6.1725 → 6.17; 1,233.00 × 0.25 % = 3.0825 → 3.08
    expect(exampleCosts('0.0050', '0', '1234.50').entry).toBe('6.17');
    expect(exampleCosts('0.0025', '0.0025', '1233.00')).toMatchObject({ entry: '3.08', yearlyFee: '3.07' });
  });

  it('charges nothing on a product without costs', () => {
    expect(exampleCosts('0', '0')).toEqual({ entry: '0.00', invested: '10000.00', yearlyFee: '0.00' });
  });
});

describe('disinvestProceeds', () => {
  it('pays units times NAV rounded down to the cent', () => {
    expect(disinvestProceeds('12.345678', '101.234567')).toBe('1249.80');
    expect(disinvestProceeds('1', '0.009999')).toBe('0.00');
  });
});
