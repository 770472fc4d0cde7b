// The latest movements of the cash, newest first, from the ledger's statement: deposits and withdrawals,
// investments and disinvestments, and every flow of an advance (payout, instalments, repayments).
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CashMovementLines } from '../../components/money/cash-movement-lines';
import { useLanguage } from '../../lib/i18n/use-language';
import { cashStatementQuery } from '../../lib/money/cash-statement';
import { TRANSACTIONS_PAGE } from '../../lib/money/keys';
import { HISTORY_SIZE } from './api';

export function CashHistory() {
  const { t } = useTranslation('cash');
  const language = useLanguage();
  const statement = useQuery(cashStatementQuery(language));
  const shown = (statement.data?.movements ?? []).slice(0, HISTORY_SIZE);

  return (
    <Paper withBorder radius="md" p="md" data-testid="cash-history">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="lg">
            {t('history.title')}
          </Title>
          <Anchor component={Link} to={TRANSACTIONS_PAGE} size="sm">
            {t('history.all')}
          </Anchor>
        </Group>
        {statement.isPending && <Skeleton h={120} radius="sm" />}
        {statement.data && shown.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="cash-history-empty">
            {t('history.empty')}
          </Text>
        )}
        {shown.length > 0 && (
          <CashMovementLines
            rows={shown}
            label={t('history.title')}
            rowTestId="cash-history-row"
            advanceLabel={(id) => t('history.advance', { id })}
            balanceLabel={(amount) => t('history.balanceAfter', { amount })}
          />
        )}
      </Stack>
    </Paper>
  );
}
