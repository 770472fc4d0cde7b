// The customer's advances on the loan overview: each with its status in words, what was borrowed, what is
// still owed and what has been paid back, and a link to its page.
import { isInProgress } from '@lombard/shared/advance-status';
import type { AdvanceSummary } from '@lombard/shared/schemas/advances';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SummaryRow } from '../../../components/summary-row';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { toCents } from '../../../lib/money/cents';
import { AdvanceStatusBadge } from '../advance-status';
import { advancePage } from './queries';

/** Borrowed minus still owed, once the money was paid out; nothing was paid back before. */
export function paidBack(advance: Pick<AdvanceSummary, 'amount' | 'outstanding' | 'disbursed_at'>): string {
  if (!advance.disbursed_at) return '0.00';
  const cents = (toCents(advance.amount) ?? 0n) - (toCents(advance.outstanding) ?? 0n);
  const positive = cents > 0n ? cents : 0n;
  return `${positive / 100n}.${String(positive % 100n).padStart(2, '0')}`;
}

export function AdvancesList({ advances }: { advances: AdvanceSummary[] }) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  if (advances.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="my-advances">
      <Title order={2} fz="lg">
        {t('list.title')}
      </Title>
      {advances.map((advance) => (
        <Paper key={advance.id} withBorder radius="md" p="md" data-testid={`advance-${advance.id}`}>
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <Group gap="xs">
                <Text fw={700}>{t('list.name', { date: formatDate(advance.created_at, language) })}</Text>
                <AdvanceStatusBadge status={advance.status} />
              </Group>
              <Anchor component={Link} to={advancePage(advance.id)} size="sm" fw={600}>
                {isInProgress(advance.status) ? t('list.follow') : t('list.open')}
              </Anchor>
            </Group>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <SummaryRow
                stacked="plain"
                size="sm"
                label={t('list.amount')}
                value={formatMoney(advance.amount, language)}
              />
              <SummaryRow
                stacked="plain"
                size="sm"
                label={t('list.outstanding')}
                value={formatMoney(advance.outstanding, language)}
                testId={`outstanding-${advance.id}`}
              />
              <SummaryRow
                stacked="plain"
                size="sm"
                label={t('list.paidBack')}
                value={formatMoney(paidBack(advance), language)}
              />
              <SummaryRow
                stacked="plain"
                size="sm"
                label={t('list.maturity')}
                value={advance.maturity_date ? formatDate(advance.maturity_date, language) : '—'}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
