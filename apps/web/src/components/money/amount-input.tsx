import { localeOf } from '@lombard/shared/locale';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useLanguage } from '../../lib/i18n/use-language';

/** Separators of the language: 10.000,50 in Italian, 10,000.50 in English. */
function separators(language: 'it' | 'en') {
  const parts = new Intl.NumberFormat(localeOf(language)).formatToParts(10000.5);
  return {
    thousandSeparator: parts.find((p) => p.type === 'group')?.value ?? '.',
    decimalSeparator: parts.find((p) => p.type === 'decimal')?.value ?? ',',
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
      {...separators(language)}
      value={value}
      onChange={(next) => onChange(next === '' ? '' : String(next))}
      decimalScale={2}
      allowNegative={false}
      hideControls
      prefix={language === 'en' ? '€ ' : undefined}
      suffix={language === 'it' ? ' €' : undefined}
      inputMode="decimal"
    />
  );
}
