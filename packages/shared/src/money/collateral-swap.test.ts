import { describe, expect, it } from 'vitest';
import { lineContribution } from './borrowing-power';
import { planSwapPledges, swapRequirement } from './collateral-swap';

const fund = {
  key: 'position:7',
  units: '600.000000',
  unitPrice: '100.000000',
  loanToValue: '0.8500',
  unitDecimals: 6,
};
const plan = {
  key: 'stock-plan:3',
  units: '500.000000',
  unitPrice: '24.000000',
  loanToValue: '0.3000',
  unitDecimals: 0,
};

describe('a collateral swap', () => {
  it('asks the new collateral for what the returned lines secured, never more than is owed', () => {
    expect(swapRequirement({ returnedContribution: '41789.99', outstanding: '20000.00' })).toBe('20000.00');
    expect(swapRequirement({ returnedContribution: '3600.00', outstanding: '20000.00' })).toBe('3600.00');
  });

  it('pledges only part of a fund: the fewest units that secure the amount', () => {
    // 20,000 ÷ 0.85 = 23,529.41… → 235.2941 units of 100 € = 23,529.41 € → × 0.85 = 20,000.00
    const swap = planSwapPledges({ required: '20000.00', lines: [fund] });
    expect(swap).toEqual({
      required: '20000.00',
      offered: '51000.00',
      pledges: [{ key: 'position:7', units: '235.294100', value: '23529.41', contribution: '20000.00', whole: false }],
      pledged: '20000.00',
      covered: true,
    });
    // One unit-step fewer would not be enough.
    expect(lineContribution('23529.40', '0.8500')).toBe('19999.99');
  });

  it('pledges whole shares of a stock plan, and a plan whole first when it is not enough alone', () => {
    // 500 shares × 24 € × 0.30 = 3,600.00 < 5,000: the plan whole, then 1,400 from the fund.
    const swap = planSwapPledges({ required: '5000.00', lines: [plan, fund] });
    expect(swap.pledges).toEqual([
      { key: 'stock-plan:3', units: '500.000000', value: '12000.00', contribution: '3600.00', whole: true },
      { key: 'position:7', units: '16.470600', value: '1647.06', contribution: '1400.00', whole: false },
    ]);
    expect(swap.covered).toBe(true);
    // 1,000 € from the plan: 1,000 ÷ 0.30 ÷ 24 = 138.89 → 139 whole shares = 3,336 € → 1,000.80
    expect(planSwapPledges({ required: '1000.00', lines: [plan] }).pledges).toEqual([
      { key: 'stock-plan:3', units: '139.000000', value: '3336.00', contribution: '1000.80', whole: false },
    ]);
  });

  it('leaves out a line that is not needed and says when the offer falls short', () => {
    expect(planSwapPledges({ required: '100.00', lines: [fund, plan] }).pledges.map((p) => p.key)).toEqual([
      'position:7',
    ]);
    const short = planSwapPledges({ required: '60000.00', lines: [fund, plan] });
    expect(short).toMatchObject({ offered: '54600.00', pledged: '54600.00', covered: false });
  });

  it('reaches the amount for awkward prices and ratios, never a cent short', () => {
    for (const [price, ltv, required] of [
      ['123.456789', '0.7000', '9876.54'],
      ['0.010000', '0.5000', '0.01'],
      ['99999.999999', '0.8500', '12345.67'],
      ['7.333333', '0.6500', '5000.01'],
    ] as const) {
      const swap = planSwapPledges({
        required,
        lines: [{ key: 'position:1', units: '1000000', unitPrice: price, loanToValue: ltv, unitDecimals: 6 }],
      });
      expect(swap.covered).toBe(true);
      // Over by at most what one millionth of a unit secures, and a cent of rounding.
      expect(Number(swap.pledged) - Number(required)).toBeLessThan(Number(price) * Number(ltv) * 1e-6 + 0.01);
    }
  });
});
