import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, annualRateFor, quoteAdvance, validateAdvanceInput } from './advance-calculator';

describe('quoteAdvance: hand-computed cases', () => {
  it('50,000 over 8 quarters at the 4.40 % band', () => {
    const quote = quoteAdvance({ amount: '50000', instalments: 8, startDate: '2026-01-15' });
    // 50,000 × 0.044 / 4 = 550.00; × 8 = 4,400.00. APR by the directive's equation on the dated schedule
    // (15 Jan → 15 Apr is 90 days of 365, 15 Jul 181, 15 Oct 273, then whole years): 0.04473614, solved
    // independently by bisection at 40 digits. The textbook 1.011^4 − 1 = 0.04473133 assumes equal quarters.
    expect(quote).toMatchObject({
      amount: '50000.00',
      annualRate: '0.0440',
      apr: '0.044736',
      quarterlyInterest: '550.00',
      totalInterest: '4400.00',
      totalRepayable: '54400.00',
      maturityDate: '2028-01-15',
    });
    expect(quote.schedule).toHaveLength(8);
    expect(quote.schedule[0]).toEqual({
      number: 1,
      dueDate: '2026-04-15',
      interest: '550.00',
      principal: '0.00',
      total: '550.00',
    });
    expect(quote.schedule[7]).toEqual({
      number: 8,
      dueDate: '2028-01-15',
      interest: '550.00',
      principal: '50000.00',
      total: '50550.00',
    });
  });

  it('10,000 over the maximum 40 quarters (10 years) at 4.90 %', () => {
    const quote = quoteAdvance({ amount: 10000, instalments: 40, startDate: '2026-03-01' });
    // 10,000 × 0.049 / 4 = 122.50; × 40 = 4,900.00; APR on the dated schedule 0.04990254 (independent
    // bisection); 1.01225^4 − 1 = 0.04990774 would assume quarters of exactly 91.25 days.
    expect(quote.quarterlyInterest).toBe('122.50');
    expect(quote.totalInterest).toBe('4900.00');
    expect(quote.apr).toBe('0.049903');
    expect(quote.maturityDate).toBe('2036-03-01');
  });

  it('rounds the quarterly interest half-up to the cent', () => {
    // 12,345.67 × 0.049 / 4 = 151.2344575 → 151.23; × 3 = 453.69
    const quote = quoteAdvance({ amount: '12345.67', instalments: 3, startDate: '2026-01-01' });
    expect(quote.quarterlyInterest).toBe('151.23');
    expect(quote.totalInterest).toBe('453.69');
    // 50,000.50 × 0.044 / 4 = 550.0055 → 550.01
    expect(quoteAdvance({ amount: '50000.50', instalments: 1, startDate: '2026-01-01' }).quarterlyInterest).toBe(
      '550.01',
    );
    // 1,000,000 × 0.039 / 4 = 9,750.00; APR on the schedule from 1 January 0.03957785 (independent
    // bisection; 1.00975^4 − 1 = 0.03957411).
    const top = quoteAdvance({ amount: '1000000', instalments: 4, startDate: '2026-01-01' });
    expect(top.quarterlyInterest).toBe('9750.00');
    expect(top.apr).toBe('0.039578');
  });

  it("a single quarter: the APR follows the quarter's length in days", () => {
    // 5,000 × 0.049 / 4 = 61.25, repaid with the principal after one quarter.
    // 31 Jan → 30 Apr 2026 = 89 days: 1.01225^(365/89) − 1 = 0.05120123
    expect(quoteAdvance({ amount: '5000', instalments: 1, startDate: '2026-01-31' }).apr).toBe('0.051201');
    // 1 Jul → 1 Oct 2026 = 92 days: 1.01225^(365/92) − 1 = 0.04949099
    expect(quoteAdvance({ amount: '5000', instalments: 1, startDate: '2026-07-01' }).apr).toBe('0.049491');
  });

  it('picks the rate band by amount, lower bound inclusive', () => {
    expect(annualRateFor('5000')).toBe('0.0490');
    expect(annualRateFor('49999.99')).toBe('0.0490');
    expect(annualRateFor('50000.00')).toBe('0.0440');
    expect(annualRateFor('199999.99')).toBe('0.0440');
    expect(annualRateFor('200000')).toBe('0.0390');
    expect(annualRateFor('1000000')).toBe('0.0390');
  });

  it('rejects input outside the calculator range', () => {
    expect(() => quoteAdvance({ amount: '0', instalments: 4, startDate: '2026-01-01' })).toThrow(RangeError);
    expect(() => quoteAdvance({ amount: '1000000.01', instalments: 4, startDate: '2026-01-01' })).toThrow(RangeError);
    expect(() => quoteAdvance({ amount: '5000', instalments: 41, startDate: '2026-01-01' })).toThrow(RangeError);
    expect(() => quoteAdvance({ amount: '5000', instalments: 0, startDate: '2026-01-01' })).toThrow(RangeError);
    expect(() => quoteAdvance({ amount: '-5', instalments: 4, startDate: '2026-01-01' })).toThrow(RangeError);
  });
});

describe('addMonths', () => {
  it('keeps the day, or falls on the last day of a shorter month', () => {
    expect(addMonths('2026-01-15', 3)).toBe('2026-04-15');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonths('2025-11-30', 6)).toBe('2026-05-30');
    expect(addMonths('2026-12-31', 120)).toBe('2036-12-31');
  });
});

describe('validateAdvanceInput', () => {
  it('accepts a valid amount and number of instalments', () => {
    expect(validateAdvanceInput({ amount: '5000', instalments: 1 })).toEqual({});
    expect(validateAdvanceInput({ amount: 1_000_000, instalments: 40 })).toEqual({});
  });
  it('answers 0, negative, non-numeric and amounts above 1,000,000 with the range one may enter', () => {
    for (const amount of ['0', 0, '-1', 'abc', '', '1000000.01', 1_000_001, null]) {
      expect(validateAdvanceInput({ amount, instalments: 4 }).amount).toEqual({
        key: 'validation:advanceAmountRange',
        params: { min: '5000.00', max: '1000000.00' },
      });
    }
  });
  it('asks for the minimum advance below 5,000', () => {
    expect(validateAdvanceInput({ amount: '4999.99', instalments: 4 }).amount).toEqual({
      key: 'validation:minimumAdvance',
      params: { minimumInvestment: '5000.00' },
    });
  });
  it('rejects 0, 41 and fractional instalments', () => {
    for (const instalments of [0, 41, 2.5, -1, Number.NaN, '4']) {
      expect(validateAdvanceInput({ amount: '5000', instalments }).instalments?.key).toBe('validation:instalments');
    }
  });
});

describe('quoteAdvance: properties', () => {
  const cents = fc.integer({ min: 1, max: 100_000_000 }).map((c) => new Decimal(c).div(100).toFixed(2));
  const instalments = fc.integer({ min: 1, max: 40 });
  const day = fc.date({ min: new Date('2020-01-01'), max: new Date('2040-12-31'), noInvalidDate: true });

  it('total interest = quarterly payment × instalments, every instalment pays it, principal at maturity', () => {
    fc.assert(
      fc.property(cents, instalments, day, (amount, n, start) => {
        const startDate = start.toISOString().slice(0, 10);
        const quote = quoteAdvance({ amount, instalments: n, startDate });
        const payment = new Decimal(quote.quarterlyInterest);
        expect(quote.totalInterest).toBe(payment.mul(n).toFixed(2));
        // The payment is the exact quarterly interest rounded to the cent.
        const exact = new Decimal(amount).mul(quote.annualRate).div(4);
        expect(payment.minus(exact).abs().lte('0.005')).toBe(true);
        expect(quote.schedule).toHaveLength(n);
        const sum = quote.schedule.reduce((acc, row) => acc.plus(row.interest), new Decimal(0));
        expect(sum.toFixed(2)).toBe(quote.totalInterest);
        const principal = quote.schedule.reduce((acc, row) => acc.plus(row.principal), new Decimal(0));
        expect(principal.toFixed(2)).toBe(quote.amount);
        expect(quote.schedule.at(-1)?.principal).toBe(quote.amount);
        expect(quote.totalRepayable).toBe(new Decimal(amount).plus(quote.totalInterest).toFixed(2));
        for (let i = 1; i < n; i++) expect(quote.schedule[i]!.dueDate > quote.schedule[i - 1]!.dueDate).toBe(true);
        expect(quote.maturityDate).toBe(addMonths(startDate, 3 * n));
      }),
      { numRuns: 150 },
    );
  }, 30_000);

  it('from the minimum advance, the APR is above the nominal rate and close to quarterly compounding', () => {
    // Near (1 + r/4)^4 − 1: a quarter is 89 to 92 days instead of 91.25, which weighs most on a single
    // quarter (31 Jan → 30 Apr at 4.90 %: 1.01225^(365/89) − 1 = 0.0512 against 0.0499), and the cent
    // rounding of the instalment weighs at most 0.005 / 5,000 a quarter.
    const advance = fc.integer({ min: 500_000, max: 100_000_000 }).map((c) => new Decimal(c).div(100).toFixed(2));
    fc.assert(
      fc.property(advance, instalments, day, (amount, n, start) => {
        const quote = quoteAdvance({ amount, instalments: n, startDate: start.toISOString().slice(0, 10) });
        const compounded = new Decimal(quote.annualRate).div(4).plus(1).pow(4).minus(1);
        expect(new Decimal(quote.apr).gt(quote.annualRate)).toBe(true);
        expect(new Decimal(quote.apr).minus(compounded).abs().lt('0.0015')).toBe(true);
      }),
      { numRuns: 100 },
    );
  }, 30_000);
});
