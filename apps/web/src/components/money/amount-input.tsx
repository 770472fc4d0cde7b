import { type Language, localeOf } from '@lombard/shared/locale';
import { NumberInput, type NumberInputProps, Text } from '@mantine/core';
import { useLanguage } from '../../lib/i18n/use-language';

/**
 * How an amount field writes the number in a language: 10.000,50 in Italian, 10,000.50 in English, as the
 * amounts shown next to it (lib/format). Only the language's own decimal separator starts the decimals:
 * an Italian typing "50.000" means fifty thousand, and the field's default (either "." or "," starts the
 * decimals) would read it as 50,00.
 */
export function amountFieldFormat(language: Language) {
  const parts = new Intl.NumberFormat(localeOf(language)).formatToParts(10000.5);
  const decimalSeparator = parts.find((p) => p.type === 'decimal')?.value ?? ',';
  return {
    thousandSeparator: parts.find((p) => p.type === 'group')?.value ?? '.',
    decimalSeparator,
    allowedDecimalSeparators: [decimalSeparator],
  };
}

const euroSign = (
  <Text component="span" c="dimmed" fz="inherit" aria-hidden>
    €
  </Text>
);

/**
 * A euro amount typed the way the language writes it, the one field for every amount. The euro sign
 * stands beside the text, after it in Italian and before it in English, never in it: a sign inside the
 * text is a boundary the caret is kept out of, so a triple-click left the caret before " €" and typing
 * "25000" over "50.000 €" gave "5.000.025.000 €". With digits only in the text, a double- or triple-click
 * selects them, typing replaces them and a pasted "25.000,00 €" keeps its digits. The form keeps a plain
 * decimal string ("10000.5"), which is what the API and the shared schemas read.
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
      leftSection={language === 'en' ? euroSign : undefined}
      rightSection={language === 'it' ? euroSign : undefined}
      rightSectionPointerEvents="none"
      leftSectionPointerEvents="none"
      value={value}
      onChange={(next) => onChange(next === '' ? '' : String(next))}
      decimalScale={2}
      allowNegative={false}
      hideControls
      inputMode="decimal"
    />
  );
}
