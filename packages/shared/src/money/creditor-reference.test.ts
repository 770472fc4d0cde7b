import { describe, expect, it } from 'vitest';
import { creditorReference, formatCreditorReference, isCreditorReference } from './creditor-reference';

describe('ISO 11649 creditor references', () => {
  it('matches the standard example RF18 5390 0754 7034', () => {
    expect(creditorReference('539007547034')).toBe('RF18539007547034');
    expect(formatCreditorReference('RF18539007547034')).toBe('RF18 5390 0754 7034');
  });
  it('accepts what it makes and refuses a mistyped character', () => {
    const reference = creditorReference('C000042');
    expect(isCreditorReference(reference)).toBe(true);
    expect(isCreditorReference(reference.toLowerCase())).toBe(true);
    expect(isCreditorReference(reference.replace('42', '43'))).toBe(false);
  });
});
