// Fund units and prices per unit: the wire carries six decimals, the screen rounds numbers to three
// (the product's rule for numbers) while amounts of money keep their two.
import { DEFAULT_CURRENCY, NUMBER_DECIMALS } from '@lombard/shared/constants';
import { type Language, localeOf } from '@lombard/shared/locale';

const exact = (value: string) => value as unknown as number;

export function formatUnits(units: string, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), {
    useGrouping: 'always',
    minimumFractionDigits: 0,
    maximumFractionDigits: NUMBER_DECIMALS,
  }).format(exact(units));
}

/** A NAV or an average cost per unit, in euro with up to three decimals. */
export function formatUnitPrice(price: string, language: Language): string {
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: DEFAULT_CURRENCY,
    useGrouping: 'always',
    minimumFractionDigits: 2,
    maximumFractionDigits: NUMBER_DECIMALS,
  }).format(exact(price));
}
