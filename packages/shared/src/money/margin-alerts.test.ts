import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  alertStage,
  businessDaysLeft,
  graceDeadline,
  isToldCrossing,
  proposeRemedy,
  saleToCover,
  warningAmount,
} from './margin-alerts';

describe('stage thresholds', () => {
  it('warns from 90 % of the limit, rounded up to the cent, and calls above the limit', () => {
    expect(warningAmount('10000.00', '0.90')).toBe('9000.00');
    expect(warningAmount('8333.33', '0.90')).toBe('7500.00'); // 7499.997 rounded up
    const stage = (outstanding: string) => alertStage({ outstanding, limit: '10000.00', warningRatio: '0.90' });
    expect(stage('8999.99')).toBe('clear');
    expect(stage('9000.00')).toBe('warning');
    expect(stage('10000.00')).toBe('warning');
    expect(stage('10000.01')).toBe('call');
    expect(stage('0.00')).toBe('clear');
    expect(alertStage({ outstanding: '7600.00', limit: '10000.00', warningRatio: '0.75' })).toBe('warning');
  });

  it('tells only upward crossings', () => {
    expect(isToldCrossing('clear', 'warning')).toBe(true);
    expect(isToldCrossing('warning', 'call')).toBe(true);
    expect(isToldCrossing('clear', 'call')).toBe(true);
    expect(isToldCrossing('call', 'warning')).toBe(false);
    expect(isToldCrossing('warning', 'clear')).toBe(false);
  });
});

describe('grace deadline in business days', () => {
  it('skips weekends and the TARGET2 closing days (Christmas, Boxing Day, Easter)', () => {
    // Tue 22 Dec 2026: 23, 24, (25–27 closed), 28, 29, 30.
    expect(graceDeadline('2026-12-22', 5)).toBe('2026-12-30');
    // Wed 24 Mar 2027: 25, (Good Friday 26, weekend, Easter Monday 29), 30, 31, 1 and 2 April.
    expect(graceDeadline('2027-03-24', 5)).toBe('2027-04-02');
    // Opened on a Saturday: Monday is the first day.
    expect(graceDeadline('2026-11-28', 5)).toBe('2026-12-04');
  });

  it('counts the business days left after today, none on the deadline or after it', () => {
    expect(businessDaysLeft('2026-12-22', '2026-12-30')).toBe(5);
    expect(businessDaysLeft('2026-12-26', '2026-12-30')).toBe(3);
    expect(businessDaysLeft('2026-12-30', '2026-12-30')).toBe(0);
    expect(businessDaysLeft('2026-12-31', '2026-12-30')).toBe(0);
  });
});

describe('remedy amounts', () => {
  const fund = { key: 'position:1', value: '10000.00', loanToValue: '0.7000', units: '100.000000', unitPrice: '100' };

  it('a sale covers 1 − loan-to-value of each euro sold: 300 € of shortfall sells about 1,000 € at 70 %', () => {
    // 9.9999 units: 999.99 € of proceeds; the 90.0001 left are worth 9,000.01 and secure 6,300.01,
    // 699.99 less than before: 999.99 − 699.99 = 300.00. One micro-unit fewer sells 999.98.
    expect(saleToCover(fund, '300.00')).toEqual({ units: '9.999900', proceeds: '999.99', covers: '300.00' });
  });

  it('sells enough units despite rounding, and not a step more than needed', () => {
    const odd = {
      key: 'position:2',
      value: '10000.00',
      loanToValue: '0.7000',
      units: '300.000000',
      unitPrice: '33.333333',
    };
    const sale = saleToCover(odd, '100.00');
    expect(new Decimal(sale.covers).gte('100.00')).toBe(true);
    const fewer = new Decimal(sale.units).minus('0.000001');
    const proceeds = fewer.mul(odd.unitPrice).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    const left = new Decimal(300).minus(fewer).mul(odd.unitPrice).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
    const drop = new Decimal(7000).minus(left.mul('0.7').toDecimalPlaces(2));
    expect(proceeds.minus(drop).lt('100.00')).toBe(true);
  });

  it('sells the whole line when it cannot cover the shortfall', () => {
    expect(saleToCover(fund, '5000.00')).toEqual({ units: '100.000000', proceeds: '10000.00', covers: '3000.00' });
  });

  it('pledges free lines whole in her order until the shortfall is covered', () => {
    const remedy = proposeRemedy({
      shortfall: '1000.00',
      methods: ['pledge', 'cash', 'sell'],
      cash: '300.00',
      free: [
        { key: 'position:5', value: '500.00', loanToValue: '0.7000' },
        { key: 'stock-plan:2', value: '2000.00', loanToValue: '0.5000' },
        { key: 'position:6', value: '9000.00', loanToValue: '0.5000' },
      ],
      sellable: [fund],
    });
    expect(remedy).toEqual({
      steps: [
        { method: 'pledge', key: 'position:5', value: '500.00', contribution: '350.00' },
        { method: 'pledge', key: 'stock-plan:2', value: '2000.00', contribution: '1000.00' },
      ],
      cures: true,
      uncovered: '0.00',
      repayment: '0.00',
    });
  });

  it('repays from cash first, then sells only what covers the rest', () => {
    const remedy = proposeRemedy({
      shortfall: '1000.00',
      methods: ['cash', 'sell', 'pledge'],
      cash: '300.00',
      free: [{ key: 'position:5', value: '500.00', loanToValue: '0.7000' }],
      sellable: [fund],
    });
    // 700 left: 23.3332 units sell for 2,333.32; the 76.6668 left are worth 7,666.68 and secure 5,366.68,
    // 1,633.32 less: 2,333.32 − 1,633.32 = 700.00.
    expect(remedy).toEqual({
      steps: [
        { method: 'cash', amount: '300.00' },
        { method: 'sell', key: 'position:1', units: '23.333200', proceeds: '2333.32' },
      ],
      cures: true,
      uncovered: '0.00',
      repayment: '2633.32',
    });
  });

  it('says what is left uncovered when her means do not reach', () => {
    const remedy = proposeRemedy({
      shortfall: '1000.00',
      methods: ['cash', 'pledge', 'sell'],
      cash: '100.00',
      free: [],
      sellable: [],
    });
    expect(remedy).toEqual({
      steps: [{ method: 'cash', amount: '100.00' }],
      cures: false,
      uncovered: '900.00',
      repayment: '100.00',
    });
  });
});
