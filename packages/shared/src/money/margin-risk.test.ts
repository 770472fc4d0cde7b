import { describe, expect, it } from 'vitest';
import { dayOfCall, marginDistance, stressedPosition, valueAfterFall } from './margin-risk';

// An equity fund of 10,000.00 € at 50 % and company shares of 22,080.00 € (1,200 × 18.40) at 40 %.
const fund = { key: 'position:3', value: '10000.00', loanToValue: '0.5000' };
const shares = { key: 'stock-plan:1', value: '22080.00', loanToValue: '0.4000' };

describe('marginDistance: how far prices may fall before a call', () => {
  it('solves the limit for a fall of every line at once and of each line alone', () => {
    // limit = 5,000.00 + 8,832.00 = 13,832.00; owed 10,000.00; headroom 3,832.00
    // LTV 10,000 ÷ 32,080 = 0.31172… → 0.3117; limit LTV 13,832 ÷ 32,080 = 0.43117… → 0.4312
    // all at once: 3,832 ÷ 13,832 = 0.277038… → up 0.2771; in euros 3,832 × 32,080 ÷ 13,832 = 8,887.403… → 8,887.41
    // the fund alone: 3,832 ÷ 5,000 = 0.7664, 3,832 ÷ 0.5 = 7,664.00 €
    // the shares alone: 3,832 ÷ 8,832 = 0.433876… → 0.4339, 3,832 ÷ 0.4 = 9,580.00 €
    expect(marginDistance({ outstanding: '10000.00', lines: [fund, shares] })).toEqual({
      outstanding: '10000.00',
      collateralValue: '32080.00',
      limit: '13832.00',
      headroom: '3832.00',
      loanToValue: '0.3117',
      limitLoanToValue: '0.4312',
      inCall: false,
      fall: '0.2771',
      fallAmount: '8887.41',
      lines: [
        { key: 'position:3', value: '10000.00', contribution: '5000.00', fall: '0.7664', fallAmount: '7664.00' },
        { key: 'stock-plan:1', value: '22080.00', contribution: '8832.00', fall: '0.4339', fallAmount: '9580.00' },
      ],
      // 0.4339 < 0.7664: the shares
      weakLine: 'stock-plan:1',
    });
  });

  it('weighs each line by how far its kind of asset has fallen at worst', () => {
    // bond fund 20,000 at 70 % → 14,000; shares 10,000 at 40 % → 4,000; limit 18,000; owed 16,200; headroom 1,800
    // the bonds alone: 1,800 ÷ 14,000 = 0.128571… → 0.1286; the shares alone: 1,800 ÷ 4,000 = 0.4500
    const bonds = { key: 'position:1', value: '20000.00', loanToValue: '0.7000' };
    const plan = { key: 'stock-plan:2', value: '10000.00', loanToValue: '0.4000' };
    expect(marginDistance({ outstanding: '16200.00', lines: [bonds, plan] }).weakLine).toBe('position:1');
    // bonds fell 17 % at worst, shares 60 %: 0.1286 ÷ 0.17 = 0.756…, 0.45 ÷ 0.60 = 0.75 → the shares
    const weighed = marginDistance({
      outstanding: '16200.00',
      lines: [
        { ...bonds, typicalFall: '0.17' },
        { ...plan, typicalFall: '0.60' },
      ],
    });
    expect(weighed.lines.map((l) => l.fall)).toEqual(['0.1286', '0.4500']);
    expect(weighed.weakLine).toBe('stock-plan:2');
  });

  it('says never for a line whose total loss would not open a call', () => {
    // limit 5,000 + 500 = 5,500; owed 1,000; headroom 4,500; the small line secures 500 < 4,500
    const small = { key: 'position:9', value: '1000.00', loanToValue: '0.5000' };
    const distance = marginDistance({ outstanding: '1000.00', lines: [fund, small] });
    expect(distance.lines).toEqual([
      { key: 'position:3', value: '10000.00', contribution: '5000.00', fall: '0.9000', fallAmount: '9000.00' },
      { key: 'position:9', value: '1000.00', contribution: '500.00', fall: null, fallAmount: null },
    ]);
    expect(distance.weakLine).toBe('position:3');
  });

  it('answers a fall of zero when the loan is already above its limit', () => {
    const distance = marginDistance({ outstanding: '15000.00', lines: [fund, shares] });
    expect(distance).toMatchObject({ inCall: true, headroom: '0.00', fall: '0.0000', fallAmount: '0.00' });
    expect(distance.loanToValue).toBe('0.4676'); // 15,000 ÷ 32,080 = 0.46758…
    expect(distance.weakLine).toBeNull();
  });

  it('has no fall to give without collateral', () => {
    expect(marginDistance({ outstanding: '5000.00', lines: [] })).toMatchObject({
      collateralValue: '0.00',
      loanToValue: null,
      limitLoanToValue: null,
      inCall: true,
      fall: null,
      fallAmount: null,
    });
  });

  it('gives the fall that a requested amount leaves before borrowing', () => {
    // 20,000 on a 100,000 fund at 50 %: headroom 30,000 ÷ 50,000 = 0.6000 (60 % fall, 60,000.00 €)
    const line = { key: 'position:2', value: '100000.00', loanToValue: '0.5000' };
    expect(marginDistance({ outstanding: '20000.00', lines: [line] })).toMatchObject({
      fall: '0.6000',
      fallAmount: '60000.00',
      loanToValue: '0.2000',
      limitLoanToValue: '0.5000',
    });
  });
});

describe('stressedPosition: the advance after a crisis', () => {
  it('replays 2008 on a fund and company shares: the call, and what repaying or pledging takes', () => {
    // fund −57 %: 4,300.00 → secures 2,150.00; shares −60 %: 8,832.00 → 3,532.80; limit 5,682.80
    // LTV 10,000 ÷ 13,132 = 0.76149… → 0.7615; shortfall 10,000 − 5,682.80 = 4,317.20
    // to pledge at the pledged lines' weighted ratio: 4,317.20 × 13,132 ÷ 5,682.80 = 9,976.326… → 9,976.33
    // free bonds 15,000 −3 % = 14,550.00 at 70 % secure 10,185.00: 4,317.20 ÷ 0.7 = 6,167.428… → 6,167.43
    const position = stressedPosition({
      outstanding: '10000.00',
      pledged: [
        { ...fund, fall: '0.57' },
        { ...shares, fall: '0.60' },
      ],
      free: [{ key: 'position:1', value: '15000.00', loanToValue: '0.7000', fall: '0.03' }],
    });
    expect(position).toEqual({
      collateralValue: '13132.00',
      limit: '5682.80',
      loanToValue: '0.7615',
      // (13,832.00 − 5,682.80) ÷ 13,832.00 = 0.589155… → 0.5892
      limitFall: '0.5892',
      call: { limit: '5682.80', shortfall: '4317.20', collateralToAdd: '9976.33' },
      freeContribution: '10185.00',
      freeValueToPledge: '6167.43',
      curableByPledge: true,
    });
  });

  it('opens no call under a mild fall', () => {
    // −20 % everywhere: 8,000 → 4,000.00, 17,664 → 7,065.60; limit 11,065.60 ≥ 10,000
    const position = stressedPosition({
      outstanding: '10000.00',
      pledged: [
        { ...fund, fall: '0.20' },
        { ...shares, fall: '0.20' },
      ],
    });
    expect(position).toMatchObject({ limit: '11065.60', call: null, freeValueToPledge: null, curableByPledge: false });
    expect(position.loanToValue).toBe('0.3897'); // 10,000 ÷ 25,664 = 0.389651… → half-up 0.3897
  });

  it('says when free lines cannot cure it', () => {
    const position = stressedPosition({
      outstanding: '10000.00',
      pledged: [{ ...fund, fall: '0.57' }],
      free: [{ key: 'position:5', value: '1000.00', loanToValue: '0.8500', fall: '0' }],
    });
    // limit 2,150.00, shortfall 7,850.00 > 850.00 the free line secures
    expect(position.call?.shortfall).toBe('7850.00');
    expect(position.curableByPledge).toBe(false);
  });

  it('values a line after a fall half-even to the cent and never below zero', () => {
    expect(valueAfterFall('100.05', '0.5')).toBe('50.02'); // 50.025 → 50.02
    expect(valueAfterFall('100.00', '1.2')).toBe('0.00');
  });
});

describe('dayOfCall: when a steady fall would have crossed the threshold', () => {
  it('dates the crossing of a 27.71 % threshold in the 57 % fall of 2007–09', () => {
    // 31 Oct 2007 → 9 Mar 2009 is 495 days; 0.2771 ÷ 0.57 × 495 = 240.6 → day 241 = 28 Jun 2008
    expect(dayOfCall({ threshold: '0.2771', trough: '0.57', start: '2007-10-31', end: '2009-03-09' })).toBe(
      '2008-06-28',
    );
  });

  it('has no day when the trough stays short of the threshold', () => {
    expect(dayOfCall({ threshold: '0.40', trough: '0.34', start: '2020-02-19', end: '2020-03-23' })).toBeNull();
  });
});
