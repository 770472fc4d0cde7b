import { describe, expect, it } from 'vitest';
import { decimalString, PRICE_DECIMAL, positiveDecimalString, UNITS_DECIMAL } from './decimal';

const messages = (result: { error?: { issues: { message: string; maximum?: unknown }[] } }) =>
  result.error?.issues.map((issue) => [issue.message, issue.maximum]);

describe('decimalString', () => {
  it('takes what numeric(24, 6) stores: 18 whole digits, 6 decimals, leading zeros not counted', () => {
    const units = decimalString(UNITS_DECIMAL);
    for (const value of ['0', '1', '123456789012345678', '1.123456', '000000000000000000000001.5', ' 2.5 '])
      expect(units.safeParse(value).success, value).toBe(true);
  });

  it('says how many whole digits or decimals the column holds, one message a value', () => {
    const price = positiveDecimalString(PRICE_DECIMAL);
    expect(messages(price.safeParse('9'.repeat(13)))).toEqual([['validation:wholeDigits', 12]]);
    expect(messages(price.safeParse('1.1234567'))).toEqual([['validation:decimalPlaces', 6]]);
    expect(messages(price.safeParse('1e5'))).toEqual([['validation:number', undefined]]);
    expect(messages(price.safeParse('-1'))).toEqual([['validation:number', undefined]]);
    expect(messages(price.safeParse('0.000'))).toEqual([['validation:positive', undefined]]);
    expect(messages(price.safeParse(''))).toEqual([['validation:required', undefined]]);
  });
});
