import { type Language, localeOf } from '@lombard/shared/locale';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useLanguage } from '../../lib/i18n/use-language';

/**
 * How an amount field writes euros in a language: 10.000,50 € in Italian, €10,000.50 in English, as the
 * amounts shown next to it (lib/format). Only the language's own decimal separator starts the decimals:
 * an Italian typing "50.000" means fifty thousand, and the field's default (either "." or "," starts the
 * decimals) would read it as 50,00 €.
 */
export function amountFieldFormat(language: Language) {
  const parts = new Intl.NumberFormat(localeOf(language)).formatToParts(10000.5);
  const decimalSeparator = parts.find((p) => p.type === 'decimal')?.value ?? ',';
  return {
    thousandSeparator: parts.find((p) => p.type === 'group')?.value ?? '.',
    decimalSeparator,
    allowedDecimalSeparators: [decimalSeparator],
    prefix: language === 'en' ? '€' : undefined,
    suffix: language === 'it' ? ' €' : undefined,
  };
}

/**
 * A euro amount typed the way the language writes it. The form keeps a plain decimal string ("10000.5"),
 * which is what the API and the shared schemas read.
 */
export function AmountInput({
  value,
  onChange,
  ...props
}: Omit<NumberInputProps, 'value' | 'onChange'> & { value: string; onChange(value: string): void }) {
  const language = useLanguage();
  return (
    <NumberInput
      {...props}
      {...amountFieldFormat(language)}
      value={value}
      onChange={(next) => onChange(next === '' ? '' : String(next))}
      decimalScale={2}
      allowNegative={false}
      hideControls
      inputMode="decimal"
    />
  );
}
