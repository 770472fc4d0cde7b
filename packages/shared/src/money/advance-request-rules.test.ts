import { describe, expect, it } from 'vitest';
import { MINIMUM_ADVANCE_AMOUNT } from '../constants';
import { validateAdvanceRequest, validateRepayment } from './advance-request-rules';

describe('validateAdvanceRequest', () => {
  const limits = { minimum: MINIMUM_ADVANCE_AMOUNT, maximumApplicable: '14641.97', bankMaximum: '250000' };

  it('accepts an amount from the minimum up to the collateral’s maximum, over 1 to 40 instalments', () => {
    expect(validateAdvanceRequest({ ...limits, amount: '5000', instalments: 1 })).toEqual({});
    expect(validateAdvanceRequest({ ...limits, amount: '14641.97', instalments: 40 })).toEqual({});
  });

  it('asks for the minimum below 5,000, zero included', () => {
    for (const amount of ['4999.99', '0', 0]) {
      expect(validateAdvanceRequest({ ...limits, amount, instalments: 4 }).amount).toEqual({
        key: 'validation:minimumAdvance',
        params: { minimumInvestment: '5000.00' },
      });
    }
  });

  it('says the applicable maximum is exceeded when the collateral binds', () => {
    expect(validateAdvanceRequest({ ...limits, amount: '14641.98', instalments: 4 }).amount).toEqual({
      key: 'validation:maximumApplicableAdvance',
      params: { maximumApplicable: '14641.97' },
    });
    // Above both, the collateral's (lower) maximum is the one to name.
    expect(validateAdvanceRequest({ ...limits, amount: '300000', instalments: 4 }).amount?.key).toBe(
      'validation:maximumApplicableAdvance',
    );
  });

  it('names the bank’s maximum when the bank binds', () => {
    const bankBinds = { ...limits, maximumApplicable: '400000.00', bankMaximum: '250000' };
    expect(validateAdvanceRequest({ ...bankBinds, amount: '250000.01', instalments: 4 }).amount).toEqual({
      key: 'validation:bankMaximumAdvance',
      params: { maximumInvestment: '250000.00' },
    });
    expect(validateAdvanceRequest({ ...bankBinds, amount: '250000.00', instalments: 4 })).toEqual({});
  });

  it('asks for a number when the amount is missing or not one', () => {
    for (const amount of [null, undefined, '', 'abc', '1e5', Number.NaN]) {
      expect(validateAdvanceRequest({ ...limits, amount, instalments: 4 }).amount).toEqual({
        key: 'validation:number',
      });
    }
  });

  it('rejects 0, 41, fractional and non-numeric instalments', () => {
    for (const instalments of [0, 41, 2.5, -1, '4', null]) {
      expect(validateAdvanceRequest({ ...limits, amount: '6000', instalments }).instalments).toEqual({
        key: 'validation:instalments',
        params: { max: 40 },
      });
    }
  });
});

describe('validateRepayment', () => {
  const balances = { availableCash: '3000.00', outstanding: '8000.00' };

  it('accepts an amount up to the cash and the outstanding principal', () => {
    expect(validateRepayment({ ...balances, amount: '0.01' })).toEqual({});
    expect(validateRepayment({ ...balances, amount: '3000' })).toEqual({});
    expect(validateRepayment({ availableCash: '9000', outstanding: '8000', amount: '8000.00' })).toEqual({});
  });

  it('refuses nothing or less', () => {
    for (const amount of ['0', '-5', 0]) {
      expect(validateRepayment({ ...balances, amount }).amount).toEqual({ key: 'validation:repaymentPositive' });
    }
    expect(validateRepayment({ ...balances, amount: 'ten' }).amount).toEqual({ key: 'validation:number' });
  });

  it('refuses more than the available cash', () => {
    expect(validateRepayment({ ...balances, amount: '3000.01' }).amount).toEqual({
      key: 'validation:repaymentAboveCash',
      params: { availableCash: '3000.00' },
    });
  });

  it('refuses more than the outstanding principal, even with cash to spare', () => {
    expect(validateRepayment({ availableCash: '20000', outstanding: '8000', amount: '8000.01' }).amount).toEqual({
      key: 'validation:repaymentAboveOutstanding',
      params: { outstanding: '8000.00' },
    });
    expect(validateRepayment({ ...balances, amount: '9000' }).amount?.key).toBe('validation:repaymentAboveOutstanding');
  });
});
