// The cash statement for a period: the balance it opened on, every ledger line on the cash (advances'
// payout, instalments and repayments included) and the balance it closed on, which the lines add up to.
import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CashMovementLines } from '../../../components/money/cash-movement-lines';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { cashStatementQuery } from '../../../lib/money/cash-statement';

export function CashStatementCard() {
  const { t } = useTranslation('transactions');
  const language = useLanguage();
  const [period, setPeriod] = useState<{ from: string | null; to: string | null }>({ from: null, to: null });
  const statement = useQuery(cashStatementQuery(language, period));
  const data = statement.data;

  return (
    <Paper withBorder radius="md" p="md" data-testid="cash-statement">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} fz="lg">
            {t('statement.title')}
          </Title>
          <DatePickerInput
            type="range"
            label={t('filters.period')}
            placeholder={t('filters.periodPlaceholder')}
            value={[period.from, period.to]}
            onChange={([from, to]) => {
              // Both ends or none: half a range would read the statement at every click.
              if ((from && to) || (!from && !to)) setPeriod({ from, to });
            }}
            clearable
            w={{ base: '100%', xs: 240 }}
            valueFormat={t('dateFormat')}
            data-testid="statement-period"
            popoverProps={{ withinPortal: true }}
          />
        </Group>
        {statement.isPending && <Skeleton h={120} radius="sm" />}
        {data && (
          <>
            <Group justify="space-between" data-testid="statement-opening">
              <Text size="sm" c="dimmed">
                {t('statement.opening')}
              </Text>
              <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(data.opening_balance, language)}
              </Text>
            </Group>
            {data.movements.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('statement.empty')}
              </Text>
            ) : (
              <CashMovementLines
                rows={data.movements}
                label={t('statement.title')}
                rowTestId="statement-row"
                advanceLabel={(id) => t('statement.advance', { id })}
                balanceLabel={(amount) => t('statement.balanceAfter', { amount })}
              />
            )}
            <Group justify="space-between" data-testid="statement-closing">
              <Text size="sm" fw={600}>
                {t('statement.closing')}
              </Text>
              <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(data.closing_balance, language)}
              </Text>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
