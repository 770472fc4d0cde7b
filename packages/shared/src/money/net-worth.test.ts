import { describe, expect, it } from 'vitest';
import { forcedSaleNetWorth, monthlyDays, netWorthSeries } from './net-worth';

describe('net worth with the advance as a debt', () => {
  it('monthly days end today, month ends clamped', () => {
    expect(monthlyDays('2026-03-31', 3)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
  });

  it('rebuilds each day from the ledger: cash, then units at that day’s NAV, then an advance owed', () => {
    const points = netWorthSeries({
      days: ['2026-01-15', '2026-02-15', '2026-03-15'],
      movements: [
        { date: '2026-03-05', account: 'advance', amount: '5000.00' },
        { date: '2026-01-10', account: 'cash', amount: '10000.00' },
        { date: '2026-01-20', account: 'cash', amount: '-10000.00' },
        { date: '2026-01-20', account: 'units', productId: 1, amount: '100.000000' },
        { date: '2026-03-05', account: 'cash', amount: '5000.00' },
      ],
      navs: new Map([
        [
          1,
          [
            { date: '2026-01-20', nav: '100.000000' },
            { date: '2026-02-15', nav: '110.000000' },
            { date: '2026-03-10', nav: '105.000000' },
          ],
        ],
      ]),
    });
    expect(points.map((p) => [p.date, p.assets, p.advance, p.netWorth])).toEqual([
      ['2026-01-15', '10000.00', '0.00', '10000.00'],
      ['2026-02-15', '11000.00', '0.00', '11000.00'],
      ['2026-03-15', '15500.00', '5000.00', '10500.00'],
    ]);
  });

  it('a forced sale repaying 5,000.00 from units bought at 80 now at 100 costs 274.26 of tax', () => {
    const sale = forcedSaleNetWorth({
      assets: '12000.00',
      advance: '5000.00',
      pledged: [
        {
          key: 'fund-1',
          units: '100.000000',
          heldUnits: '100.000000',
          cost: '8000.00',
          nav: '100.000000',
          governmentBondShare: '0',
          entryCostRate: '0',
          couponRate: null,
          couponFrequency: null,
          capitalProtection: null,
          maturityDate: null,
        },
      ],
      lossesCarriedForward: '0',
      today: '2026-01-15',
    });
    expect(sale).toMatchObject({
      before: '7000.00',
      soldValue: '5274.26',
      proceeds: '5274.26',
      tax: '274.26',
      loss: '274.26',
      repaid: '5000.00',
      stillOwed: '0.00',
      after: '6725.74',
    });
  });

  it('without an advance nothing is sold', () => {
    const sale = forcedSaleNetWorth({
      assets: '100.00',
      advance: '0.00',
      pledged: [],
      lossesCarriedForward: '0',
      today: '2026-01-15',
    });
    expect(sale).toMatchObject({ before: '100.00', after: '100.00', repaid: '0.00' });
  });
});
