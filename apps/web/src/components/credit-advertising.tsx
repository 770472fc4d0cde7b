// The advertising duties of Directive (EU) 2023/2225 on every public page that shows a rate or a cost of
// an advance: the warning "Borrowing money costs money" and a representative example. The example's
// figures are the server's: the shared calculator's quote at the rate bands in force (the global
// configuration's `representative_example`), so they follow the operator's price list. Plain markup, no
// island and no script: the page says it before and without any JavaScript (decisions 017 and 033).
import type { Language } from '@lombard/shared/locale';
import { localeOf } from '@lombard/shared/locale';
import { Box, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../lib/format';
import { globalConfigQuery } from '../lib/global-config';

/** Quarterly instalments as a term in years and months, in the language's words ("2 anni"). */
function termOf(instalments: number, language: Language): string {
  const months = instalments * 3;
  const unit = (value: number, name: 'year' | 'month') =>
    new Intl.NumberFormat(localeOf(language), { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const parts = [];
  if (months >= 12) parts.push(unit(Math.floor(months / 12), 'year'));
  if (months % 12 > 0) parts.push(unit(months % 12, 'month'));
  return new Intl.ListFormat(localeOf(language), { style: 'long', type: 'conjunction' }).format(parts);
}

export function CreditAdvertising({ language }: { language: Language }) {
  const { t } = useTranslation('common');
  const { data: config } = useQuery(globalConfigQuery);
  const example = config?.representative_example;
  return (
    <Paper
      component="aside"
      aria-labelledby="credit-warning"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      style={{ borderLeft: '6px solid var(--mantine-color-orange-6)' }}
      data-testid="credit-advertising"
    >
      <Group gap="sm" wrap="nowrap" align="center">
        <ThemeIcon color="orange" variant="light" size={40} radius="xl" aria-hidden>
          <IconAlertTriangle size={24} />
        </ThemeIcon>
        <Text id="credit-warning" fz={{ base: 'lg', sm: 'xl' }} fw={800} lh={1.25} data-testid="credit-warning">
          {t('creditAdvertising.warning')}
        </Text>
      </Group>
      {example && (
        <Box mt="sm" data-testid="representative-example">
          <Text size="sm" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.04em' }}>
            {t('creditAdvertising.exampleTitle')}
          </Text>
          <Text size="md" mt={4} lh={1.6}>
            {t('creditAdvertising.example', {
              amount: formatMoney(example.amount, language),
              instalments: example.instalments,
              term: termOf(example.instalments, language),
              rate: formatPercent(example.annual_rate, language),
              apr: formatPercent(example.apr, language),
              instalment: formatMoney(example.quarterly_interest, language),
              interest: formatMoney(example.total_interest, language),
              total: formatMoney(example.total_repayable, language),
            })}
          </Text>
          <Text size="sm" c="dimmed" mt={6}>
            {t('creditAdvertising.conditions')}
          </Text>
        </Box>
      )}
    </Paper>
  );
}
