// Small pieces every product screen shares: the interface language, a signed and coloured performance,
// and the label of a coupon frequency.
import type { Language } from '@lombard/shared/locale';
import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../lib/format';

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'it';
}

/** A performance fraction ("0.0457") as "+4.57%" in green, "-1.20%" in red; a dash when unknown. */
export function Performance({ value, ...props }: { value: string | null } & TextProps) {
  const language = useLanguage();
  if (value === null) {
    return (
      <Text span {...props}>
        —
      </Text>
    );
  }
  const number = Number(value);
  const sign = number > 0 ? '+' : '';
  const color =
    number > 0
      ? 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-4))'
      : number < 0
        ? 'light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))'
        : undefined;
  return (
    <Text span c={color} fw={700} data-sign={number > 0 ? 'up' : number < 0 ? 'down' : 'flat'} {...props}>
      {`${sign}${formatPercent(value, language)}`}
    </Text>
  );
}

export function useFrequencyLabel() {
  const { t } = useTranslation('products');
  return (code: string | null) => (code ? t(`frequency.${code}`) : t('frequency.none'));
}
