import type { TransactionItem } from '@lombard/shared/schemas/transactions';
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TransactionLines } from '../../components/money/transaction-lines';
import { useLanguage } from '../../lib/i18n/use-language';
import { TRANSACTIONS_PAGE } from '../../lib/money/keys';
import { formatDate } from '../../lib/resource/format';

/** The latest few transactions, with the way to all of them. */
export function RecentTransactions({ rows }: { rows: TransactionItem[] }) {
  const { t } = useTranslation('home');
  const language = useLanguage();
  return (
    <Paper withBorder radius="md" p="md" data-testid="home-recent">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="lg">
            {t('recent.title')}
          </Title>
          <Anchor component={Link} to={TRANSACTIONS_PAGE} size="sm" data-testid="home-all-transactions">
            {t('recent.all')}
          </Anchor>
        </Group>
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('recent.empty')}
          </Text>
        ) : (
          <TransactionLines
            rows={rows}
            label={t('recent.title')}
            when={(row) => formatDate(row.created_at, language)}
          />
        )}
      </Stack>
    </Paper>
  );
}
