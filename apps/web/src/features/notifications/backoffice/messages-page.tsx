// The back office's Messages: every e-mail and SMS, newest first, filterable by channel and status; a
// failed or waiting one says why (the server's reply, the SMSC's status, the delivery receipt) and when
// it is tried again. The text is never shown: it may hold a code or a link that opens an account.
import { Badge, Box, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/backoffice/detail-list';
import { MESSAGES_PAGE } from '../../../lib/backoffice/paths';
import { usePageMeta } from '../../../lib/page-meta';
import { FilterPanel, SearchFilter, SelectFilter } from '../../../lib/resource/filters';
import { formatDateTime } from '../../../lib/resource/format';
import { resourceDetailQuery } from '../../../lib/resource/queries';
import { ResourceDrawer } from '../../../lib/resource/resource-drawer';
import { type Column, ResourceTable } from '../../../lib/resource/resource-table';
import { TruncatedText } from '../../../lib/resource/truncated-text';
import { useDetailRoute } from '../../../lib/resource/use-detail-route';
import { useResourceList } from '../../../lib/resource/use-resource-list';
import { OUTBOX_API, OUTBOX_CHANNELS, OUTBOX_STATUSES, type OutboxRow, STATUS_COLORS } from './outbox-api';

function StatusBadge({ row }: { row: OutboxRow }) {
  const { t } = useTranslation('backoffice');
  return (
    <Badge variant="light" radius="sm" color={STATUS_COLORS[row.status]}>
      {t(`outbox.statuses.${row.status}`)}
    </Badge>
  );
}

function MessageDrawer({ id, onClose }: { id: string | null; onClose(): void }) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.language === 'en' ? 'en' : 'it';
  const item = useQuery({ ...resourceDetailQuery<OutboxRow>(OUTBOX_API, id ?? ''), enabled: id !== null });
  const data = item.data;
  const when = (value: string | null) => (value ? formatDateTime(value, language) : '—');
  return (
    <ResourceDrawer
      opened={id !== null}
      onClose={onClose}
      title={t('outbox.detailTitle')}
      loading={item.isPending && id !== null}
      testId="message-drawer"
    >
      {data && (
        <Stack gap="lg">
          <DetailList
            items={[
              { label: t('outbox.columns.recipient'), value: data.recipient },
              { label: t('outbox.columns.channel'), value: t(`outbox.channels.${data.channel}`) },
              { label: t('outbox.columns.template'), value: data.template },
              { label: t('outbox.fields.language'), value: data.language },
              ...(data.subject ? [{ label: t('outbox.fields.subject'), value: data.subject }] : []),
              { label: t('outbox.columns.status'), value: <StatusBadge row={data} /> },
              { label: t('outbox.columns.attempts'), value: String(data.attempts) },
              { label: t('outbox.columns.lastError'), value: data.last_error ?? '—' },
              ...(data.status === 'pending'
                ? [{ label: t('outbox.fields.nextAttemptAt'), value: when(data.next_attempt_at) }]
                : []),
              { label: t('outbox.columns.createdAt'), value: when(data.created_at) },
              { label: t('outbox.fields.sentAt'), value: when(data.sent_at) },
              { label: t('outbox.fields.providerMessageId'), value: data.provider_message_id ?? '—' },
              {
                label: t('outbox.fields.receipt'),
                value: data.receipt_status ? `${data.receipt_status} (${when(data.receipt_at)})` : '—',
              },
            ]}
          />
          <Text size="sm" c="dimmed">
            {t('outbox.noText')}
          </Text>
        </Stack>
      )}
    </ResourceDrawer>
  );
}

export function MessagesPage() {
  const { t } = useTranslation('backoffice');
  usePageMeta(t('sections.messages'));
  const list = useResourceList<OutboxRow>(OUTBOX_API, { defaultOrder: '-created_at' });
  const detail = useDetailRoute(MESSAGES_PAGE);
  const hasFilters = Object.keys(list.state.filters).length > 0;

  const columns: Column<OutboxRow>[] = [
    {
      key: 'created_at',
      header: t('outbox.columns.createdAt'),
      type: 'datetime',
      sortField: 'created_at',
      primary: true,
    },
    {
      key: 'recipient',
      header: t('outbox.columns.recipient'),
      sortField: 'recipient',
      render: (row) => (
        <Box component="span" display="block">
          <TruncatedText text={row.recipient} display="block" />
          <Text span display="block" size="xs" c="dimmed">
            {t(`outbox.channels.${row.channel}`)} · {row.template}
          </Text>
        </Box>
      ),
    },
    {
      key: 'status',
      header: t('outbox.columns.status'),
      sortField: 'status',
      render: (row) => <StatusBadge row={row} />,
    },
    { key: 'attempts', header: t('outbox.columns.attempts'), type: 'number', sortField: 'attempts', hideOnPhone: true },
    {
      key: 'last_error',
      header: t('outbox.columns.lastError'),
      hideOnPhone: true,
      render: (row) => (row.last_error ? <TruncatedText text={row.last_error} display="block" /> : '—'),
    },
  ];

  return (
    <Stack gap="md" data-testid="messages-page">
      <FilterPanel active={Object.keys(list.state.filters).length}>
        <SearchFilter list={list} placeholder={t('outbox.searchPlaceholder')} />
        <SelectFilter
          list={list}
          field="status"
          label={t('outbox.columns.status')}
          data={OUTBOX_STATUSES.map((s) => ({ value: s, label: t(`outbox.statuses.${s}`) }))}
        />
        <SelectFilter
          list={list}
          field="channel"
          label={t('outbox.columns.channel')}
          data={OUTBOX_CHANNELS.map((c) => ({ value: c, label: t(`outbox.channels.${c}`) }))}
        />
        {hasFilters && (
          <Button variant="subtle" onClick={list.resetFilters}>
            {t('resetFilters')}
          </Button>
        )}
      </FilterPanel>
      <ResourceTable
        list={list}
        columns={columns}
        label={t('sections.messages')}
        onOpen={(row) => detail.open(row.id)}
        empty={hasFilters ? t('noMatch') : undefined}
        testId="messages-table"
      />
      <MessageDrawer id={detail.id} onClose={detail.close} />
    </Stack>
  );
}
