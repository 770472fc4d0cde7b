import { describe, expect, it } from 'vitest';
import { annualPercentageRate, yearFraction } from './advance-apr';

const loan = (start: string, amount: string, ...payments: [string, string][]) => [
  { date: start, amount: `-${amount}` },
  ...payments.map(([date, paid]) => ({ date, amount: paid })),
];

describe('annualPercentageRate: single repayment', () => {
  it('borrow 1,000 and repay 1,100 a year (365 days) later: 10 %', () => {
    expect(annualPercentageRate(loan('2026-01-01', '1000', ['2027-01-01', '1100']))).toBe('0.100000');
  });

  it('a year spanning 29 February (366 days) is still one year: 10 %', () => {
    // Counting 366 / 365 years would give 1.1^(365/366) − 1 = 0.0997136.
    expect(annualPercentageRate(loan('2027-06-01', '1000', ['2028-06-01', '1100']))).toBe('0.100000');
    // From 29 February the anniversary is 28 February.
    expect(annualPercentageRate(loan('2028-02-29', '1000', ['2029-02-28', '1100']))).toBe('0.100000');
  });

  it('two whole years: 1,000 → 1,210 is 10 % a year', () => {
    expect(annualPercentageRate(loan('2026-03-15', '1000', ['2028-03-15', '1210']))).toBe('0.100000');
  });

  it('half a year in a leap year counts the days over 366', () => {
    // 2028-01-01 → 2028-07-01 = 31 + 29 + 31 + 30 + 31 + 30 = 182 days of a 366-day year:
    // X = 1.05^(366/182) − 1; ln 1.05 = 0.04879016, × 2.01098901 = 0.09811649, e^… − 1 = 0.10309127
    expect(annualPercentageRate(loan('2028-01-01', '1000', ['2028-07-01', '1050']))).toBe('0.103091');
    // The same 182 days in 2026 are over 365: 1.05^(365/182) − 1 = 0.10279560
    expect(annualPercentageRate(loan('2026-01-01', '1000', ['2026-07-02', '1050']))).toBe('0.102796');
  });
});

describe('annualPercentageRate: equal quarterly interest', () => {
  // 10,000 at 4 % nominal, 100 each quarter and the principal at the end of 2026 (a 365-day year).
  // Payments at 90, 181 and 273 days and one year: solved independently (bisection at 40 digits) as
  // X = 0.0406080; the textbook (1 + 0.04/4)^4 − 1 = 0.0406040 assumes quarters of exactly 91.25 days.
  const flows = loan(
    '2026-01-01',
    '10000',
    ['2026-04-01', '100'],
    ['2026-07-01', '100'],
    ['2026-10-01', '100'],
    ['2027-01-01', '10100'],
  );

  it('matches the independent computation to six decimals', () => {
    expect(annualPercentageRate(flows)).toBe('0.040608');
  });

  it('makes the payments worth the drawdown (checked with plain arithmetic)', () => {
    const rate = Number(annualPercentageRate(flows));
    const presentValue = (x: number) =>
      -10000 +
      100 * (1 + x) ** (-90 / 365) +
      100 * (1 + x) ** (-181 / 365) +
      100 * (1 + x) ** (-273 / 365) +
      10100 / (1 + x);
    expect(Math.abs(presentValue(rate))).toBeLessThan(0.01);
    expect(presentValue(rate - 0.000001)).toBeGreaterThan(0);
    expect(presentValue(rate + 0.000001)).toBeLessThan(0);
  });

  it('does not depend on the order of the flows', () => {
    expect(annualPercentageRate([...flows].reverse())).toBe('0.040608');
  });
});

describe('annualPercentageRate: unusual credits', () => {
  it('is zero when exactly the amount borrowed is repaid', () => {
    expect(annualPercentageRate(loan('2026-01-01', '1000', ['2027-01-01', '1000']))).toBe('0.000000');
  });

  it('is negative when less is repaid', () => {
    // 900 / 1000 − 1 = −0.1
    expect(annualPercentageRate(loan('2026-01-01', '1000', ['2027-01-01', '900']))).toBe('-0.100000');
  });

  it('counts from the first of several drawdowns', () => {
    // 500 now and 500 a year later; at 10 % they are worth 500 × 1.21 + 500 × 1.1 = 1,155 after two
    // years, so repaying 1,155 then costs 10 %.
    const flows = [
      { date: '2026-01-01', amount: '-500' },
      { date: '2027-01-01', amount: '-500' },
      { date: '2028-01-01', amount: '1155' },
    ];
    expect(annualPercentageRate(flows)).toBe('0.100000');
  });

  it('refuses flows without a drawdown, without a later payment, or paying before the drawdown', () => {
    expect(() => annualPercentageRate([{ date: '2026-01-01', amount: '100' }])).toThrow(RangeError);
    expect(() => annualPercentageRate([{ date: '2026-01-01', amount: '-100' }])).toThrow(RangeError);
    expect(() => annualPercentageRate(loan('2026-01-01', '1000', ['2025-12-31', '1100']))).toThrow(RangeError);
  });
});

describe('yearFraction', () => {
  it('counts whole years by anniversary and the rest over that year’s length', () => {
    expect(yearFraction('2026-01-01', '2026-01-01').toString()).toBe('0');
    expect(yearFraction('2027-06-01', '2028-06-01').toString()).toBe('1');
    // 2027-06-01 → 2028-03-01: 274 days; the year to 2028-06-01 holds 29 February, so 366 days.
    expect(yearFraction('2027-06-01', '2028-03-01').toFixed(10)).toBe((274 / 366).toFixed(10));
    // One year, then 2027-06-01 → 2027-09-01 = 92 days of the year to 2028-06-01 (366 days).
    expect(yearFraction('2026-06-01', '2027-09-01').toFixed(10)).toBe((1 + 92 / 366).toFixed(10));
    // 31 January → 30 April 2026: 89 days of a 365-day year.
    expect(yearFraction('2026-01-31', '2026-04-30').toFixed(10)).toBe((89 / 365).toFixed(10));
  });
});
