import { describe, expect, it } from 'vitest';
import { quoteAdvance } from './advance-calculator';
import { highestApr, representativeExample } from './quote-limits';
import { ADVANCE_RATE_BANDS } from './rate-bands';

describe('representative example', () => {
  it('is the calculator quote of 50,000 € over 8 quarters at the bands in force', () => {
    const example = representativeExample(
      ADVANCE_RATE_BANDS,
      { minimum: '5000.00', maximum: '500000.00' },
      '2026-11-29',
    );
    expect(example).toEqual(
      quoteAdvance({ amount: '50000.00', instalments: 8, startDate: '2026-11-29' }, ADVANCE_RATE_BANDS),
    );
    // 50,000 is in the 4.40 % band: 550.00 a quarter, 4,400.00 of interest, 54,400.00 in all.
    expect(example).toMatchObject({ annualRate: '0.0440', quarterlyInterest: '550.00', totalRepayable: '54400.00' });
  });

  it('follows the bands: a new price list changes the example', () => {
    const bands = [{ from: '0.00', annualRate: '0.0600' }];
    const example = representativeExample(bands, { minimum: '5000.00', maximum: '500000.00' }, '2026-11-29');
    expect(example).toMatchObject({ annualRate: '0.0600', quarterlyInterest: '750.00', totalInterest: '6000.00' });
  });

  it('stays within the advances offered', () => {
    const limits = { minimum: '5000.00', maximum: '30000.00' };
    expect(representativeExample(ADVANCE_RATE_BANDS, limits, '2026-11-29').amount).toBe('30000.00');
    expect(
      representativeExample(ADVANCE_RATE_BANDS, { minimum: '60000.00', maximum: '90000.00' }, '2026-11-29').amount,
    ).toBe('60000.00');
  });
});

describe('highest APR of a price list', () => {
  it('is at least the APR of every quote of the band', () => {
    const [first] = highestApr(ADVANCE_RATE_BANDS, '5000.00', '2026-11-29');
    for (const instalments of [1, 4, 8, 40]) {
      const { apr } = quoteAdvance({ amount: '5000.00', instalments, startDate: '2026-11-29' }, ADVANCE_RATE_BANDS);
      expect(Number(first!.apr)).toBeGreaterThanOrEqual(Number(apr));
    }
    // 4.90 % paid quarterly: about (1 + 0.049 / 4)^4 − 1 = 4.99 %.
    expect(Number(first!.apr)).toBeGreaterThan(0.049);
    expect(Number(first!.apr)).toBeLessThan(0.051);
  });
});
