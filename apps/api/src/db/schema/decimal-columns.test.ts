// The shared schemas check each decimal against its column's precision (packages/shared
// schemas/decimal.ts); this holds those precisions equal to the columns they describe.
import {
  LOAN_TO_VALUE_DECIMAL,
  MONEY_DECIMAL,
  PERCENT_DECIMAL,
  PRICE_DECIMAL,
  RATE_DECIMAL,
  UNITS_DECIMAL,
} from '@lombard/shared/schemas/decimal';
import { describe, expect, it } from 'vitest';
import { products } from './products';
import { stockPlanPrices, stockPlans } from './stock-plans';
import { transactions } from './transactions';

/** The precision drizzle keeps on a numeric column (not in its public type). */
const precisionOf = (column: object) => {
  const { precision, scale } = column as { precision?: number; scale?: number };
  return { precision, scale };
};

describe('decimal columns', () => {
  it('have the precision the shared schemas check', () => {
    expect(precisionOf(stockPlans.vestedUnits)).toEqual(UNITS_DECIMAL);
    expect(precisionOf(transactions.units)).toEqual(UNITS_DECIMAL);
    expect(precisionOf(stockPlans.unitPrice)).toEqual(PRICE_DECIMAL);
    expect(precisionOf(stockPlanPrices.price)).toEqual(PRICE_DECIMAL);
    expect(precisionOf(products.minInvestment)).toEqual(MONEY_DECIMAL);
    expect(precisionOf(transactions.amount)).toEqual(MONEY_DECIMAL);
    expect(precisionOf(products.entryCost)).toEqual(RATE_DECIMAL);
    expect(precisionOf(products.loanToValue)).toEqual(LOAN_TO_VALUE_DECIMAL);
    expect(precisionOf(products.capitalProtection)).toEqual(PERCENT_DECIMAL);
  });
});
