import { describe, expect, it } from 'vitest';
import { planSale, type SellableLine } from './borrow-or-sell';

const line = (overrides: Partial<SellableLine> = {}): SellableLine => ({
  key: 'fund-1',
  units: '100.000000',
  heldUnits: '100.000000',
  cost: '8000.00',
  nav: '100.000000',
  governmentBondShare: '0',
  entryCostRate: '0.0100',
  couponRate: null,
  couponFrequency: null,
  capitalProtection: null,
  maturityDate: null,
  ...overrides,
});

describe('selling to raise a cash need', () => {
  it('sells 10.548524 units at 100 (bought at 80) to net 1,000.00 after 54.85 of tax', () => {
    const plan = planSale({
      need: '1000.00',
      lines: [line()],
      lossesCarriedForward: '0',
      today: '2026-01-15',
      termMonths: 12,
    });
    expect(plan.lines[0]).toMatchObject({
      units: '10.548524',
      proceeds: '1054.85',
      cost: '843.88',
      gain: '210.97',
      tax: '54.85',
      buyBackCost: '10.55',
    });
    expect(plan).toMatchObject({ net: '1000.00', tax: '54.85', totalCost: '65.40', enough: true });
  });

  it('a quarterly coupon of 4 % a year: four coupons of 9.50 given up, 28.12 after tax; protection 50.00 below cost', () => {
    const plan = planSale({
      need: '950.00',
      lines: [
        line({
          cost: '10000.00',
          nav: '95.000000',
          couponRate: '0.0400',
          couponFrequency: 'Q',
          capitalProtection: '100.00',
          maturityDate: '2030-06-30',
          entryCostRate: '0',
        }),
      ],
      lossesCarriedForward: '20.00',
      today: '2026-01-15',
      termMonths: 12,
    });
    expect(plan.lines[0]).toMatchObject({ units: '10.000000', proceeds: '950.00', tax: '0.00', gain: '-50.00' });
    expect(plan).toMatchObject({ couponsGivenUp: '28.12', protectionGivenUp: '50.00', lossesAfter: '70.00' });
    expect(plan.totalCost).toBe('78.12');
  });

  it('coupons stop at the maturity: two of a quarterly coupon before 1 August', () => {
    const plan = planSale({
      need: '1000.00',
      lines: [line({ cost: '10000.00', couponRate: '0.0400', couponFrequency: 'Q', maturityDate: '2026-08-01' })],
      lossesCarriedForward: '0',
      today: '2026-01-15',
      termMonths: 12,
    });
    // 10.00 a quarter, 20.00 gross, 5.20 tax.
    expect(plan.couponsGivenUp).toBe('14.80');
  });

  it('sells the line with no gain before the one with a gain', () => {
    const plan = planSale({
      need: '500.00',
      lines: [line({ key: 'a-gain' }), line({ key: 'b-flat', cost: '10000.00' })],
      lossesCarriedForward: '0',
      today: '2026-01-15',
      termMonths: 3,
    });
    expect(plan.lines.map((sold) => sold.key)).toEqual(['b-flat']);
    expect(plan.tax).toBe('0.00');
  });

  it('not enough free units: sells them all and says so', () => {
    const plan = planSale({
      need: '1000.00',
      lines: [line({ units: '5.000000', heldUnits: '5.000000', cost: '500.00' })],
      lossesCarriedForward: '0',
      today: '2026-01-15',
      termMonths: 3,
    });
    expect(plan).toMatchObject({ proceeds: '500.00', net: '500.00', enough: false });
  });
});
