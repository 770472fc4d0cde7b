// The KYC review queue: people with at least one step waiting for review, oldest submission first,
// filtered by step or searched by name and e-mail.
import { PER_PAGE_OPTIONS } from '@lombard/shared/constants';
import { PROFILE_STEPS } from '@lombard/shared/profile-steps';
import { Badge, Group, Pagination, Paper, Select, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUserCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { KYC_PAGE } from '../../lib/backoffice/paths';
import { currentLanguage } from '../../lib/i18n/i18n';
import { usePageMeta } from '../../lib/page-meta';
import { formatDateTime } from '../../lib/resource/format';
import { kycQueueQuery } from './api';

const PER_PAGE = PER_PAGE_OPTIONS[2];

export function KycQueuePage() {
  const { t } = useTranslation(['kyc', 'profile']);
  usePageMeta(t('queue.title'));
  const navigate = useNavigate();
  const [step, setStep] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const params = new URLSearchParams({ page: String(page), per_page: String(PER_PAGE) });
  if (step) params.set('step', step);
  if (debounced) params.set('search', debounced);
  const queue = useQuery(kycQueueQuery(params));
  const rows = queue.data?.results ?? [];
  const pages = Math.max(1, Math.ceil((queue.data?.count ?? 0) / PER_PAGE));
  const language = currentLanguage();

  return (
    <Stack gap="md" data-testid="kyc-queue">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          label={t('queue.search')}
          placeholder={t('queue.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 300 }}
          data-testid="kyc-search"
        />
        <Select
          label={t('queue.step')}
          placeholder={t('queue.anyStep')}
          data={PROFILE_STEPS.map((value) => ({ value, label: t(`profile:steps.${value}.title`) }))}
          value={step}
          onChange={(value) => {
            setStep(value);
            setPage(1);
          }}
          clearable
          w={{ base: '100%', sm: 240 }}
          data-testid="kyc-step-filter"
        />
      </Group>
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        {rows.length === 0 && !queue.isPending ? (
          <EmptyState
            icon={IconUserCheck}
            title={t('queue.emptyTitle')}
            description={t('queue.emptyBody')}
            testId="kyc-empty"
          />
        ) : (
          <Table highlightOnHover miw={720} aria-busy={queue.isFetching} data-testid="kyc-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('queue.person')}</Table.Th>
                <Table.Th>{t('queue.waiting')}</Table.Th>
                <Table.Th>{t('queue.submittedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.user_id} data-testid={`kyc-row-${row.email}`}>
                  <Table.Td>
                    <UnstyledButton onClick={() => void navigate(`${KYC_PAGE}${row.user_id}/`)} data-testid="kyc-open">
                      <Text fw={600} size="sm" c="var(--mantine-color-anchor)">
                        {row.full_name || row.email}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {row.email}
                      </Text>
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {row.submitted_steps.map((s) => (
                        <Badge key={s} variant="light" radius="sm" size="sm">
                          {t(`profile:steps.${s}.title`)}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(row.submitted_at, language)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} size="sm" />}
    </Stack>
  );
}
