import { ActionIcon, Box, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconMailPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/backoffice/detail-list';
import { MessageModal } from '../../../components/backoffice/message-modal';
import { NOTIFICATIONS_API, NOTIFICATIONS_PAGE } from '../../../lib/backoffice/paths';
import { usePageMeta } from '../../../lib/page-meta';
import { useResourceActions } from '../../../lib/resource/actions';
import { BulkBar } from '../../../lib/resource/bulk-bar';
import { ConfirmDialog } from '../../../lib/resource/confirm-dialog';
import { exportXlsxAction } from '../../../lib/resource/export-action';
import { FilterPanel, SearchFilter, SelectFilter } from '../../../lib/resource/filters';
import { formatDateTime } from '../../../lib/resource/format';
import { resourceDetailQuery } from '../../../lib/resource/queries';
import { ResourceDrawer } from '../../../lib/resource/resource-drawer';
import { type Column, ResourceTable } from '../../../lib/resource/resource-table';
import { TruncatedText } from '../../../lib/resource/truncated-text';
import { useDetailRoute } from '../../../lib/resource/use-detail-route';
import { useResourceList } from '../../../lib/resource/use-resource-list';
import { useSelection } from '../../../lib/resource/use-selection';
import { NOTIFICATION_KINDS, type NotificationRow } from './api';

function NotificationDrawer({
  id,
  onClose,
  onDelete,
}: {
  id: string | null;
  onClose(): void;
  onDelete(row: NotificationRow): void;
}) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.language === 'en' ? 'en' : 'it';
  const item = useQuery({ ...resourceDetailQuery<NotificationRow>(NOTIFICATIONS_API, id ?? ''), enabled: id !== null });
  const data = item.data;
  return (
    <ResourceDrawer
      opened={id !== null}
      onClose={onClose}
      title={t('notifications.detailTitle')}
      loading={item.isPending && id !== null}
    >
      {data && (
        <Stack gap="lg">
          <div>
            <Text fw={700} size="lg">
              {data.title}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {data.message}
            </Text>
          </div>
          <DetailList
            items={[
              { label: t('notifications.columns.user'), value: data.user_email ?? `#${data.user_id}` },
              {
                label: t('notifications.columns.kind'),
                value: t(`notifications.kinds.${data.kind}`, { defaultValue: data.kind }),
              },
              { label: t('notifications.columns.createdAt'), value: formatDateTime(data.created_at, language) },
              {
                label: t('notifications.columns.read'),
                value: data.read_at ? formatDateTime(data.read_at, language) : t('no'),
              },
              { label: t('notifications.link'), value: data.link ?? '—' },
            ]}
          />
          <Group justify="flex-end">
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => onDelete(data)}
            >
              {t('delete')}
            </Button>
          </Group>
        </Stack>
      )}
    </ResourceDrawer>
  );
}

export function NotificationsAdminPage() {
  const { t } = useTranslation('backoffice');
  usePageMeta(t('sections.notifications'));
  const list = useResourceList<NotificationRow>(NOTIFICATIONS_API, { defaultOrder: '-created_at' });
  const selection = useSelection(JSON.stringify(list.state.filters));
  const { exportXlsx, remove } = useResourceActions(NOTIFICATIONS_API);
  const detail = useDetailRoute(NOTIFICATIONS_PAGE);
  const [composing, setComposing] = useState(false);
  const [deleting, setDeleting] = useState<NotificationRow | null>(null);
  const hasFilters = Object.keys(list.state.filters).length > 0;

  const columns: Column<NotificationRow>[] = [
    {
      key: 'title',
      header: t('notifications.columns.title'),
      primary: true,
      render: (row) => (
        <Box component="span" display="block">
          <TruncatedText text={row.title} display="block" />
          <Text span display="block" size="xs" c="dimmed" fw={400}>
            {t(`notifications.kinds.${row.kind}`, { defaultValue: row.kind })}
          </Text>
        </Box>
      ),
    },
    { key: 'user_email', header: t('notifications.columns.user'), sortField: 'user_email' },
    { key: 'is_read', header: t('notifications.columns.read'), type: 'boolean', sortField: 'is_read' },
    { key: 'created_at', header: t('notifications.columns.createdAt'), type: 'datetime', sortField: 'created_at' },
  ];

  return (
    <Stack gap="md" data-testid="notifications-admin-page">
      <Group justify="space-between" align="flex-end" gap="sm">
        <FilterPanel active={Object.keys(list.state.filters).length}>
          <SearchFilter list={list} placeholder={t('notifications.searchPlaceholder')} />
          <SelectFilter
            list={list}
            field="kind"
            label={t('notifications.columns.kind')}
            data={NOTIFICATION_KINDS.map((k) => ({ value: k, label: t(`notifications.kinds.${k}`) }))}
          />
          <SelectFilter
            list={list}
            field="is_read"
            label={t('notifications.columns.read')}
            data={[
              { value: 'True', label: t('yes') },
              { value: 'False', label: t('no') },
            ]}
          />
          {hasFilters && (
            <Button variant="subtle" onClick={list.resetFilters}>
              {t('resetFilters')}
            </Button>
          )}
        </FilterPanel>
        <Button
          leftSection={<IconMailPlus size={16} aria-hidden />}
          onClick={() => setComposing(true)}
          data-testid="new-message"
        >
          {t('notifications.newMessage')}
        </Button>
      </Group>
      <BulkBar
        list={list}
        selection={selection}
        actions={[exportXlsxAction(t('exportXlsx'), exportXlsx, list, selection)]}
      />
      <ResourceTable
        list={list}
        columns={columns}
        label={t('sections.notifications')}
        selection={selection}
        onOpen={(row) => detail.open(row.id)}
        empty={hasFilters ? t('noMatch') : undefined}
        testId="notifications-table"
        rowActions={(row) => (
          <Tooltip label={t('delete')}>
            <ActionIcon variant="subtle" color="red" aria-label={t('delete')} onClick={() => setDeleting(row)}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      />
      <NotificationDrawer id={detail.id} onClose={detail.close} onDelete={setDeleting} />
      <MessageModal opened={composing} onClose={() => setComposing(false)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('notifications.deleteTitle')}
        message={t('notifications.deleteMessage', { email: deleting?.user_email ?? '' })}
        confirmLabel={t('delete')}
        danger
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync(deleting.id);
            if (detail.id === String(deleting.id)) detail.close();
          } finally {
            setDeleting(null);
          }
        }}
      />
    </Stack>
  );
}
