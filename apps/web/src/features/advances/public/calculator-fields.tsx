// The calculator's parts that do not change with the amount: memoised, so that a key typed in the amount
// re-renders that field alone at once, not the whole form (decision 044); they render again only when
// their own inputs change.
import { INSTALMENTS_PER_YEAR, MAX_INSTALMENTS, MIN_INSTALMENTS } from '@lombard/shared/constants';
import { type Language, localeOf } from '@lombard/shared/locale';
import { Box, Group, NumberInput, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../../lib/format';
import type { AdvanceTerms } from '../../../lib/global-config';

interface InstalmentsProps {
  value: number | string;
  onChange(value: number | string): void;
  /** The message under the field, if its value is refused. */
  error: string | undefined;
  language: Language;
}

/** The number of quarterly instalments, with the term they make in years and months. */
export const InstalmentsField = memo(function InstalmentsField({ value, onChange, error, language }: InstalmentsProps) {
  const { t } = useTranslation('landing');
  const term = typeof value === 'number' && value > 0 ? formatTerm(value, language) : null;
  return (
    <NumberInput
      label={t('calculator.instalments.label')}
      description={
        term !== null && !error
          ? t('calculator.instalments.duration', { term })
          : t('calculator.instalments.description', { min: MIN_INSTALMENTS, max: MAX_INSTALMENTS })
      }
      value={value}
      onChange={onChange}
      min={MIN_INSTALMENTS}
      max={MAX_INSTALMENTS}
      step={1}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      size="lg"
      inputMode="numeric"
      error={error}
      data-testid="calculator-instalments"
    />
  );
});

interface BandsProps {
  bands: AdvanceTerms['bands'];
  minimum: string;
  language: Language;
}

/** The rate of each band of amounts. */
export const RateBands = memo(function RateBands({ bands, minimum, language }: BandsProps) {
  const { t } = useTranslation('landing');
  return (
    <Box>
      <Text size="sm" fw={600} mb={6}>
        {t('calculator.bands.title')}
      </Text>
      <Stack gap={4}>
        {bands.map((band, index) => {
          const next = bands[index + 1];
          return (
            <Group key={band.from} justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                {next
                  ? t('calculator.bands.range', {
                      // The first band starts at the minimum advance: nothing smaller is lent.
                      from: formatMoney(index === 0 ? minimum : band.from, language, {
                        cents: false,
                      }),
                      to: formatMoney(next.from, language, { cents: false }),
                    })
                  : t('calculator.bands.above', { from: formatMoney(band.from, language, { cents: false }) })}
              </Text>
              <Text size="sm" fw={700}>
                {formatPercent(band.annualRate, language)}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Box>
  );
});

/**
 * The term of `instalments` quarterly payments in years and months, as the language says it, singular
 * or plural: 1 → "3 months", 4 → "1 year", 6 → "1 year and 6 months" ("1 anno e 6 mesi").
 */
export function formatTerm(instalments: number, language: Language): string {
  const months = instalments * (12 / INSTALMENTS_PER_YEAR);
  const locale = localeOf(language);
  const unit = (value: number, name: 'year' | 'month') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const parts = [];
  if (months >= 12) parts.push(unit(Math.floor(months / 12), 'year'));
  if (months % 12 > 0) parts.push(unit(months % 12, 'month'));
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(parts);
}
