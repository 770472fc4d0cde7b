// The ledger's self-check, run on demand: every entry balances, balances equal the sum of their lines,
// no balance is below zero, orders agree with positions — each check with what it found wrong.
import { Alert, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FigureCard } from '../../components/money/figure-card';
import { formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { usePageMeta } from '../../lib/page-meta';
import { formatDateTime } from '../../lib/resource/format';
import { ledgerVerificationQuery } from './api';

export function LedgerPage() {
  const { t } = useTranslation('backoffice');
  usePageMeta(t('sections.ledger'));
  const language = useLanguage();
  const verification = useQuery(ledgerVerificationQuery);
  const data = verification.data;

  return (
    <Stack gap="md" data-testid="ledger-page">
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed" maw={620}>
          {t('desk.ledger.intro')}
        </Text>
        <Button
          leftSection={<IconShieldCheck size={16} aria-hidden />}
          loading={verification.isFetching}
          onClick={() => void verification.refetch()}
          data-testid="ledger-run"
        >
          {data ? t('desk.ledger.runAgain') : t('desk.ledger.run')}
        </Button>
      </Group>
      {data && (
        <>
          <Alert
            color={data.ok ? 'teal' : 'red'}
            variant="light"
            icon={data.ok ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
            title={data.ok ? t('desk.ledger.ok') : t('desk.ledger.failed')}
            data-testid="ledger-verdict"
          >
            {t('desk.ledger.checkedAt', { date: formatDateTime(data.checked_at, language) })}
          </Alert>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <FigureCard
              label={t('desk.ledger.entries')}
              value={formatNumber(data.entries, language)}
              testId="ledger-entries"
            />
            <FigureCard
              label={t('desk.ledger.accounts')}
              value={formatNumber(data.accounts, language)}
              testId="ledger-accounts"
            />
          </SimpleGrid>
          <Stack gap="sm">
            {data.checks.map((check) => (
              <Paper key={check.name} withBorder radius="md" p="md" data-testid={`ledger-check-${check.name}`}>
                <Group justify="space-between" gap="sm">
                  <Text fw={600}>{t(`desk.ledger.checks.${check.name}`)}</Text>
                  <Badge color={check.ok ? 'teal' : 'red'} variant="light">
                    {check.ok ? t('desk.ledger.pass') : t('desk.ledger.fail')}
                  </Badge>
                </Group>
                {check.problems.length > 0 && (
                  <List size="sm" mt="xs" c="red.8">
                    {check.problems.map((problem) => (
                      <List.Item key={problem}>{problem}</List.Item>
                    ))}
                  </List>
                )}
              </Paper>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
