import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { entryCost, investmentBreakdown, releasedCost, saleProceeds } from './orders';

describe('order arithmetic', () => {
  it('charges the entry cost half-even to the cent', () => {
    // 1,234.50 × 1 % = 12.345 → 12.34 (the even cent), 1,234.70 × 1 % = 12.347 → 12.35.
    expect(entryCost('1234.50', '0.01').toFixed(2)).toBe('12.34');
    expect(entryCost('1234.70', '0.01').toFixed(2)).toBe('12.35');
    expect(entryCost('10000', '0').toFixed(2)).toBe('0.00');
  });

  it('buys units rounded down to six decimals, never more than the money pays for', () => {
    const { fee, net, units } = investmentBreakdown('10000.00', '0.015', '123.456789');
    expect(fee.toFixed(2)).toBe('150.00');
    expect(net.toFixed(2)).toBe('9850.00');
    expect(units.toFixed(6)).toBe('79.785000');
    expect(units.mul('123.456789').lte(net)).toBe(true);
  });

  it('pays sale proceeds rounded down to the cent', () => {
    expect(saleProceeds('79.785001', '130.999999').toFixed(2)).toBe('10451.83');
  });

  it('releases the cost of a partial sale pro rata and all of it on a full sale', () => {
    expect(releasedCost('9850.00', '10', '30').toFixed(2)).toBe('3283.33');
    expect(releasedCost('9850.00', '30', '30').toFixed(2)).toBe('9850.00');
    // Three sales of a third leave nothing behind.
    const first = releasedCost('100.00', '1', '3');
    const second = releasedCost(new Decimal('100.00').minus(first), '1', '2');
    const third = releasedCost(new Decimal('100.00').minus(first).minus(second), '1', '1');
    expect(first.plus(second).plus(third).toFixed(2)).toBe('100.00');
  });
});
