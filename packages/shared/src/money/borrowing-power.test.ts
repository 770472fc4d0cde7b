import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { STOCK_PLAN_LOAN_TO_VALUE } from '../constants';
import { borrowingPower, lineContribution, marginCall } from './borrowing-power';

const lines = [
  { key: 'position:1', value: '12345.67', loanToValue: '0.7000' },
  { key: 'position:2', value: '10000.00', loanToValue: '0.5000' },
  { key: 'plan:7', value: '3333.33', loanToValue: STOCK_PLAN_LOAN_TO_VALUE },
];

describe('borrowingPower', () => {
  it('adds up each line value × loan-to-value and lets the collateral bind under a high bank cap', () => {
    // 12,345.67 × 0.70 = 8,641.969 → 8,641.97; 10,000 × 0.50 = 5,000.00; 3,333.33 × 0.30 = 999.999 → 1,000.00
    // Σ values = 25,679.00; Σ contributions = 14,641.97
    expect(borrowingPower({ lines, bankMaximum: '100000' })).toEqual({
      lines: [
        { ...lines[0], contribution: '8641.97' },
        { ...lines[1], contribution: '5000.00' },
        { ...lines[2], contribution: '1000.00' },
      ],
      collateralTotal: '25679.00',
      maximumApplicable: '14641.97',
      bankMaximum: '100000.00',
      maximumAmount: '14641.97',
      binding: 'collateral',
    });
  });

  it('caps the amount at the bank maximum and says the bank binds', () => {
    const power = borrowingPower({ lines, bankMaximum: '10000.00' });
    expect(power).toMatchObject({ maximumApplicable: '14641.97', maximumAmount: '10000.00', binding: 'bank' });
  });

  it('lets the collateral bind when both limits are equal', () => {
    expect(borrowingPower({ lines, bankMaximum: '14641.97' })).toMatchObject({
      maximumAmount: '14641.97',
      binding: 'collateral',
    });
  });

  it('gives zero with no free collateral', () => {
    expect(borrowingPower({ lines: [], bankMaximum: '250000' })).toMatchObject({
      collateralTotal: '0.00',
      maximumApplicable: '0.00',
      maximumAmount: '0.00',
      binding: 'collateral',
    });
  });

  it('rounds a contribution half-up, not to even', () => {
    // 10.01 × 0.5 = 5.005 → 5.01; 10.03 × 0.5 = 5.015 → 5.02
    expect(lineContribution('10.01', '0.5')).toBe('5.01');
    expect(lineContribution('10.03', '0.5')).toBe('5.02');
  });

  it('refuses a negative or non-numeric value', () => {
    expect(() => lineContribution('-1', '0.5')).toThrow(RangeError);
    expect(() => borrowingPower({ lines, bankMaximum: 'lots' })).toThrow(RangeError);
  });
});

describe('marginCall', () => {
  const pledged = [
    { key: 'position:1', value: '20000.00', loanToValue: '0.7000' },
    { key: 'position:2', value: '10000.00', loanToValue: '0.4000' },
  ];

  it('is not open while the principal is within the limit, even exactly at it', () => {
    // limit = 14,000 + 4,000 = 18,000.00
    expect(marginCall({ outstanding: '17500.00', pledgedLines: pledged })).toBeNull();
    expect(marginCall({ outstanding: '18000.00', pledgedLines: pledged })).toBeNull();
  });

  it('asks for the shortfall, or collateral worth it at the weighted loan-to-value, rounded up', () => {
    // shortfall = 20,000 − 18,000 = 2,000; weighted LTV = 18,000 / 30,000 = 0.6;
    // 2,000 / 0.6 = 3,333.333… → 3,333.34 (3,333.34 × 0.6 = 2,000.004, enough; 3,333.33 would not be)
    const call = marginCall({ outstanding: '20000.00', pledgedLines: pledged });
    expect(call).toEqual({ limit: '18000.00', shortfall: '2000.00', collateralToAdd: '3333.34' });
    expect(new Decimal(call!.collateralToAdd!).mul('0.6').gte(call!.shortfall)).toBe(true);
  });

  it('opens for a single cent over the limit', () => {
    // 0.01 / 0.6 = 0.01666… → 0.02
    expect(marginCall({ outstanding: '18000.01', pledgedLines: pledged })).toEqual({
      limit: '18000.00',
      shortfall: '0.01',
      collateralToAdd: '0.02',
    });
  });

  it('weights by the exact value × loan-to-value, not the rounded contribution', () => {
    // contribution 10.01 × 0.5 = 5.005 → 5.01; shortfall = 6.01 − 5.01 = 1.00; 1.00 × 10.01 / 5.005 = 2.00
    expect(
      marginCall({ outstanding: '6.01', pledgedLines: [{ key: 'a', value: '10.01', loanToValue: '0.5' }] }),
    ).toEqual({ limit: '5.01', shortfall: '1.00', collateralToAdd: '2.00' });
  });

  it('asks for the whole principal and names no collateral when the pledged lines are worth nothing', () => {
    expect(marginCall({ outstanding: '100.00', pledgedLines: [] })).toEqual({
      limit: '0.00',
      shortfall: '100.00',
      collateralToAdd: null,
    });
    expect(
      marginCall({ outstanding: '100.00', pledgedLines: [{ key: 'a', value: '0.00', loanToValue: '0.7' }] }),
    ).toMatchObject({ shortfall: '100.00', collateralToAdd: null });
  });
});
