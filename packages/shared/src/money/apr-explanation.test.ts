import { describe, expect, it } from 'vitest';
import { quoteAdvance } from './advance-calculator';
import { explainApr } from './apr-explanation';

describe('the APR explained', () => {
  it('10,000.00 over four quarters at 4.90 %: the payout, four instalments and both sides equal', () => {
    const quote = quoteAdvance({ amount: '10000', instalments: 4, startDate: '2026-01-01' });
    const explained = explainApr(quote);
    expect(explained.apr).toBe(quote.apr);
    expect(explained.flows).toHaveLength(5);
    expect(explained.flows[0]).toMatchObject({
      kind: 'payout',
      amount: '10000.00',
      years: '0.000000',
      discountFactor: '1.00000000',
      presentValue: '10000.00',
    });
    // 1 April 2026 is 90 days into a 365-day year; the last instalment a whole year on.
    expect(explained.flows[1]).toMatchObject({ kind: 'instalment', number: 1, amount: '122.50', years: '0.246575' });
    expect(explained.flows[4]).toMatchObject({
      interest: '122.50',
      principal: '10000.00',
      amount: '10122.50',
      years: '1.000000',
    });
    // Both sides agree to a cent: the APR is rounded to six decimals, which moves 10,000.00 by less than that.
    const cents = (value: string) => Number(value.replace('.', ''));
    expect(Math.abs(cents(explained.repaymentsPresentValue) - cents(explained.payoutPresentValue))).toBeLessThanOrEqual(
      1,
    );
  });
});
