import { describe, expect, it } from 'vitest';
import { earlyRepaymentCompensation } from './early-repayment-compensation';

describe('early repayment compensation under the directive cap', () => {
  it('more than a year to run: 1 % of the amount repaid, below the remaining interest', () => {
    // 20,000 at 4.90 % with 731 days left: interest 20,000 × 0.049 × 731 / 365 = 1,962.68 > 1 % = 200.00.
    const result = earlyRepaymentCompensation({
      amount: '20000.00',
      annualRate: '0.0490',
      date: '2026-11-29',
      maturityDate: '2028-11-29',
      rate: '0.02',
    });
    expect(result).toMatchObject({
      overAYear: true,
      capRate: '0.01',
      percentageCap: '200.00',
      remainingInterest: '1962.68',
      cap: '200.00',
      binding: 'percentage',
      // The lender asked 2 % (400.00): the cap takes it down to 200.00.
      charged: '200.00',
    });
  });

  it('exactly one year to run counts as "a year or less": 0.5 %', () => {
    const result = earlyRepaymentCompensation({
      amount: '10000.00',
      annualRate: '0.0440',
      date: '2026-11-29',
      maturityDate: '2027-11-29',
      rate: '0.01',
    });
    // 0.5 % = 50.00; interest 10,000 × 0.044 × 365 / 365 = 440.00.
    expect(result).toMatchObject({ overAYear: false, capRate: '0.005', cap: '50.00', charged: '50.00' });
  });

  it('a year or less to run: 0.5 % of the amount', () => {
    const result = earlyRepaymentCompensation({
      amount: '30000.00',
      annualRate: '0.0490',
      date: '2026-11-29',
      maturityDate: '2027-08-29',
      rate: '0.01',
    });
    // 273 days: interest 30,000 × 0.049 × 273 / 365 = 1,099.48; 0.5 % = 150.00.
    expect(result).toMatchObject({
      overAYear: false,
      percentageCap: '150.00',
      remainingInterest: '1099.48',
      cap: '150.00',
      charged: '150.00',
    });
  });

  it('a few days to run: the remaining interest caps it below the percentage', () => {
    const result = earlyRepaymentCompensation({
      amount: '50000.00',
      annualRate: '0.0440',
      date: '2026-11-29',
      maturityDate: '2026-12-09',
      rate: '0.01',
    });
    // 10 days: 50,000 × 0.044 × 10 / 365 = 60.27 < 0.5 % = 250.00.
    expect(result).toMatchObject({ remainingInterest: '60.27', cap: '60.27', binding: 'interest', charged: '60.27' });
  });

  it('Lombard charges nothing: zero within any cap', () => {
    const result = earlyRepaymentCompensation({
      amount: '20000.00',
      annualRate: '0.0490',
      date: '2026-11-29',
      maturityDate: '2028-11-29',
    });
    expect(result.charged).toBe('0.00');
    expect(result.cap).toBe('200.00');
  });

  it('on the contract end day nothing remains: cap and charge are zero', () => {
    const result = earlyRepaymentCompensation({
      amount: '1000.00',
      annualRate: '0.0490',
      date: '2027-01-01',
      maturityDate: '2027-01-01',
      rate: '0.01',
    });
    expect(result).toMatchObject({ remainingInterest: '0.00', cap: '0.00', charged: '0.00' });
  });
});
