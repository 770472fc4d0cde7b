import { describe, expect, it } from 'vitest';
import { MARKET_CRISES, productAssetClass, worstFall } from './market-crises';

describe('market crises', () => {
  it('holds the four falls, each class with a source and its dates', () => {
    expect(MARKET_CRISES.map((c) => c.id)).toEqual(['gfc-2008', 'euro-debt-2011', 'covid-2020', 'rates-2022']);
    for (const crisis of MARKET_CRISES) {
      for (const drawdown of Object.values(crisis.drawdowns)) {
        expect(drawdown.source).not.toBe('');
        expect(drawdown.from < drawdown.to).toBe(true);
        expect(Number(drawdown.fall)).toBeGreaterThanOrEqual(0);
        expect(Number(drawdown.fall)).toBeLessThan(1);
      }
    }
  });

  it('takes a balanced product as half shares, half bonds', () => {
    // 2008–09: (0.5907 + 0.05) ÷ 2 = 0.32035 → 0.3204; 2022: (0.26 + 0.1717) ÷ 2 = 0.21585 → 0.2159
    expect(MARKET_CRISES[0]!.drawdowns.balanced).toMatchObject({ fall: '0.3204', from: '2007-10-31', to: '2009-03-09' });
    expect(MARKET_CRISES[3]!.drawdowns.balanced.fall).toBe('0.2159');
  });

  it('dates the replay on the world equity fall', () => {
    expect(MARKET_CRISES[0]).toMatchObject({ start: '2007-10-31', end: '2009-03-09' });
  });

  it('never treats a product as safer than its risk indicator', () => {
    expect(productAssetClass('bond', 2)).toBe('bond');
    expect(productAssetClass('money_market', 1)).toBe('money_market');
    // A "bond" product with SRI 5 falls like shares; an equity fund with SRI 3 still falls like shares.
    expect(productAssetClass('bond', 5)).toBe('equity');
    expect(productAssetClass('equity', 3)).toBe('equity');
    expect(productAssetClass('balanced', 4)).toBe('balanced');
    expect(productAssetClass('money_market', 4)).toBe('balanced');
  });

  it('names the worst fall of each class', () => {
    expect(worstFall('equity')).toBe('0.5907');
    expect(worstFall('single_stock')).toBe('0.6029');
    expect(worstFall('bond')).toBe('0.1717');
  });

  it('computes each exact fall from the index closes: 1 − trough ÷ peak', () => {
    const fall = (peak: string, trough: string) => (1 - Number(trough) / Number(peak)).toFixed(4);
    const [gfc, euro, covid, rates] = MARKET_CRISES;
    expect(gfc!.drawdowns.equity.fall).toBe(fall('1682.35', '688.64'));
    expect(gfc!.drawdowns.single_stock.fall).toBe(fall('4557.57', '1809.98'));
    expect(euro!.drawdowns.single_stock.fall).toBe(fall('3068.00', '1995.01'));
    expect(covid!.drawdowns.equity.fall).toBe(fall('2434.92', '1602.11'));
    expect(covid!.drawdowns.single_stock.fall).toBe(fall('3865.18', '2385.82'));
    expect(rates!.drawdowns.single_stock.fall).toBe(fall('4392.15', '3279.04'));
  });
});
