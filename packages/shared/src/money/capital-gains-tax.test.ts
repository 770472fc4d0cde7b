import { describe, expect, it } from 'vitest';
import { estimateSaleTax, taxableEquivalent } from './capital-gains-tax';

const fund = (proceeds: string, cost: string, governmentBondShare = '0') =>
  ({ kind: 'fund', proceeds, cost, governmentBondShare }) as const;
const share = (proceeds: string, cost: string) =>
  ({ kind: 'share', proceeds, cost, governmentBondShare: '0' }) as const;

describe('capital-gains tax estimate', () => {
  it('a fund gain of 2,000.00 without government bonds pays 26 %: 520.00', () => {
    const result = estimateSaleTax([fund('10000.00', '8000.00')]);
    expect(result.tax).toBe('520.00');
    expect(result.lines[0]).toEqual({ gain: '2000.00', bondGain: '0.00', otherGain: '2000.00', tax: '520.00' });
  });

  it('a loss pays nothing and is carried forward in full', () => {
    const result = estimateSaleTax([fund('8000.00', '10000.00')], '150.00');
    expect(result.tax).toBe('0.00');
    expect(result.lines[0]!.gain).toBe('-2000.00');
    expect(result.lossesAfter).toBe('2150.00');
  });

  it('a fund 60 % in government bonds: 1,200.00 of a 2,000.00 gain at 12.5 %, 800.00 at 26 % = 358.00', () => {
    const result = estimateSaleTax([fund('12000.00', '10000.00', '0.6')]);
    expect(result.lines[0]).toEqual({ gain: '2000.00', bondGain: '1200.00', otherGain: '800.00', tax: '358.00' });
  });

  it('losses carried forward lower the tax on a share gain: 1,000.00 − 300.00 at 26 % = 182.00', () => {
    const result = estimateSaleTax([share('5000.00', '4000.00')], '300.00');
    expect(result).toMatchObject({ tax: '182.00', lossesUsed: '300.00', lossesAfter: '0.00' });
  });

  it("losses carried forward never offset a fund's gain (income from capital): 260.00, all 300.00 kept", () => {
    const result = estimateSaleTax([fund('5000.00', '4000.00')], '300.00');
    expect(result).toMatchObject({ tax: '260.00', lossesUsed: '0.00', lossesAfter: '300.00' });
  });

  it("a fund's loss in the same sale offsets a share gain before the losses carried forward", () => {
    const result = estimateSaleTax([fund('9000.00', '10000.00'), share('6500.00', '5000.00')], '200.00');
    // Pool 200 + 1,000 = 1,200 against a 1,500 gain: 300 taxed at 26 % = 78.00; the carried 200 used.
    expect(result).toMatchObject({ tax: '78.00', lossesUsed: '200.00', lossesAfter: '0.00' });
  });

  it('a loss on a fund half in government bonds counts 12.5/26 for that half: 1,000.00 → 740.38', () => {
    expect(taxableEquivalent('1000', '0.5').toDecimalPlaces(2).toFixed(2)).toBe('740.38');
    expect(estimateSaleTax([fund('9000.00', '10000.00', '0.5')]).lossesAfter).toBe('740.38');
  });

  it('refuses a bond share outside 0 to 1 and negative losses', () => {
    expect(() => estimateSaleTax([fund('1.00', '0.50', '1.2')])).toThrow(RangeError);
    expect(() => estimateSaleTax([fund('1.00', '0.50')], '-1')).toThrow(RangeError);
  });
});
