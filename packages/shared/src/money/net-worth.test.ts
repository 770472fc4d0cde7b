import { describe, expect, it } from 'vitest';
import { forcedSaleNetWorth, latestOnOrBefore, monthlyDays, netWorthSeries, planPriceOn } from './net-worth';

describe('net worth with the advance as a debt', () => {
  const fund = {
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
  };

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
      pledged: [fund],
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

  it('counts stock-plan units at the plan’s price from the day the ledger holds them', () => {
    const points = netWorthSeries({
      days: ['2026-01-15', '2026-02-15', '2026-03-15'],
      movements: [
        { date: '2026-01-10', account: 'cash', amount: '1000.00' },
        // Verified on 1 February: 1,200.5 units enter the ledger; the pledge moves them, the total stays.
        { date: '2026-02-01', account: 'plan_units', stockPlanId: 7, amount: '1200.500000' },
        { date: '2026-03-01', account: 'plan_units', stockPlanId: 7, amount: '-1200.500000' },
        { date: '2026-03-01', account: 'plan_units', stockPlanId: 7, amount: '1200.500000' },
        { date: '2026-03-01', account: 'advance', amount: '5000.00' },
        { date: '2026-03-01', account: 'cash', amount: '5000.00' },
      ],
      navs: new Map(),
      planPrices: new Map([[7, [{ date: '2026-02-01', price: '18.400000' }]]]),
    });
    // 1,200.5 × 18.40 = 22,089.20.
    expect(points.map((p) => [p.date, p.stockPlans, p.assets, p.advance, p.netWorth])).toEqual([
      ['2026-01-15', '0.00', '1000.00', '0.00', '1000.00'],
      ['2026-02-15', '22089.20', '23089.20', '0.00', '23089.20'],
      ['2026-03-15', '22089.20', '28089.20', '5000.00', '23089.20'],
    ]);
  });

  it('values each day’s plan units at the price then in force', () => {
    const points = netWorthSeries({
      days: ['2026-01-15', '2026-02-15', '2026-03-15', '2026-04-15'],
      movements: [{ date: '2026-01-20', account: 'plan_units', stockPlanId: 7, amount: '1200.000000' }],
      navs: new Map(),
      planPrices: new Map([
        [
          7,
          [
            { date: '2026-01-20', price: '18.400000' },
            { date: '2026-02-13', price: '15.125000' },
            { date: '2026-03-16', price: '9.999999' },
          ],
        ],
      ]),
    });
    // 15 Jan: no units yet. 15 Feb: the price of Friday 13 Feb, 1,200 × 15.125 = 18,150.00. 15 Mar: still
    // that one (16 Mar's comes after). 15 Apr: 1,200 × 9.999999 = 11,999.9988, 12,000.00 to the cent.
    expect(points.map((p) => [p.date, p.stockPlans])).toEqual([
      ['2026-01-15', '0.00'],
      ['2026-02-15', '18150.00'],
      ['2026-03-15', '18150.00'],
      ['2026-04-15', '12000.00'],
    ]);
  });

  it('a plan’s price on a day is the latest on or before it, the first one before any', () => {
    const history = [
      { date: '2026-02-02', price: '10.000000' },
      { date: '2026-03-02', price: '8.000000' },
    ];
    expect(planPriceOn(history, '2026-01-31')).toBe('10.000000');
    expect(planPriceOn(history, '2026-02-02')).toBe('10.000000');
    expect(planPriceOn(history, '2026-03-01')).toBe('10.000000');
    expect(planPriceOn(history, '2026-03-02')).toBe('8.000000');
    expect(planPriceOn(history, '2027-01-01')).toBe('8.000000');
    expect(planPriceOn([], '2026-03-02')).toBeNull();
    expect(latestOnOrBefore(history, '2026-02-01')).toBeNull();
  });

  it('a forced sale sells the pledged fund first, then whole plan shares for what it leaves owed', () => {
    // Owed 25,000.00. The fund's 100 units pay 10,000.00 with a gain of 2,000.00 taxed 520.00: 9,480.00 net.
    // 15,520.00 left: ceil(15,520 ÷ 18.40) = 844 shares, 15,529.60. Assets 10,000 + 22,080 + 1,000 cash.
    const sale = forcedSaleNetWorth({
      assets: '33080.00',
      advance: '25000.00',
      pledged: [fund],
      pledgedPlans: [{ key: 'plan-7', units: '1200.000000', price: '18.400000' }],
      lossesCarriedForward: '0',
      today: '2026-01-15',
    });
    expect(sale).toMatchObject({
      before: '8080.00',
      soldValue: '25529.60',
      proceeds: '25529.60',
      tax: '520.00',
      loss: '520.00',
      repaid: '25000.00',
      stillOwed: '0.00',
      after: '7560.00',
    });
    expect(sale.lines).toEqual([
      { key: 'fund-1', kind: 'fund', units: '100.000000', proceeds: '10000.00', tax: '520.00' },
      { key: 'plan-7', kind: 'stock_plan', units: '844.000000', proceeds: '15529.60', tax: '0.00' },
    ]);
  });

  it('plan units alone: all of them when they fall short, and the rest stays owed', () => {
    const sale = forcedSaleNetWorth({
      assets: '22080.00',
      advance: '30000.00',
      pledged: [],
      pledgedPlans: [{ key: 'plan-7', units: '1200.000000', price: '18.400000' }],
      lossesCarriedForward: '0',
      today: '2026-01-15',
    });
    expect(sale).toMatchObject({
      before: '-7920.00',
      proceeds: '22080.00',
      loss: '0.00',
      repaid: '22080.00',
      stillOwed: '7920.00',
      after: '-7920.00',
    });
  });

  it('a fraction of a share left pledged is sold with the rest when the whole shares fall short', () => {
    const sale = forcedSaleNetWorth({
      assets: '105.00',
      advance: '105.00',
      pledged: [],
      pledgedPlans: [{ key: 'plan-7', units: '10.500000', price: '10.000000' }],
      lossesCarriedForward: '0',
      today: '2026-01-15',
    });
    expect(sale.lines).toEqual([
      { key: 'plan-7', kind: 'stock_plan', units: '10.500000', proceeds: '105.00', tax: '0.00' },
    ]);
    expect(sale).toMatchObject({ repaid: '105.00', stillOwed: '0.00', after: '0.00' });
  });
});
