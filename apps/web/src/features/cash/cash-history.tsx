// The latest deposits and withdrawals, newest first, with the way to the full list of each kind.
import type { TransactionItem } from '@lombard/shared/schemas/transactions';
import { TRANSACTION_TYPES } from '@lombard/shared/transaction-kinds';
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TransactionLines } from '../../components/money/transaction-lines';
import { useLanguage } from '../../lib/i18n/use-language';
import { TRANSACTIONS_PAGE } from '../../lib/money/keys';
import { formatDateTime } from '../../lib/resource/format';
import type { Row } from '../../lib/resource/queries';
import { HISTORY_SIZE, recentOfTypeQuery } from './api';

type CashRow = TransactionItem & Row;
const CASH_TYPES = TRANSACTION_TYPES.filter((type) => type === 'deposit' || type === 'withdrawal');

export function CashHistory() {
  const { t } = useTranslation('cash');
  const language = useLanguage();
  const deposits = useQuery(recentOfTypeQuery('deposit'));
  const withdrawals = useQuery(recentOfTypeQuery('withdrawal'));
  const loading = deposits.isPending || withdrawals.isPending;
  const rows = [...(deposits.data?.results ?? []), ...(withdrawals.data?.results ?? [])] as CashRow[];
  // Both lists come newest first; the merge keeps the newest few of either kind.
  rows.sort((a, b) => b.created_at.localeCompare(a.created_at));
  const shown = rows.slice(0, HISTORY_SIZE);

  return (
    <Paper withBorder radius="md" p="md" data-testid="cash-history">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="lg">
            {t('history.title')}
          </Title>
          <Group gap="md">
            {CASH_TYPES.map((type) => (
              <Anchor key={type} component={Link} to={`${TRANSACTIONS_PAGE}?type=${type}`} size="sm">
                {t(`history.all.${type}`)}
              </Anchor>
            ))}
          </Group>
        </Group>
        {loading && <Skeleton h={120} radius="sm" />}
        {!loading && shown.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="cash-history-empty">
            {t('history.empty')}
          </Text>
        )}
        {shown.length > 0 && (
          <TransactionLines
            rows={shown}
            label={t('history.title')}
            when={(row) => formatDateTime(row.created_at, language)}
            rowTestId="cash-history-row"
          />
        )}
      </Stack>
    </Paper>
  );
}
