// /customer/notifications/: every notification of the caller, built on the resource kit — read/unread
// filter in the URL, pages, mark read, open or download, delete with confirmation.

import { isDownloadLink, NOTIFICATIONS_PATH } from '@lombard/shared/notification-links';
import type { Notification } from '@lombard/shared/schemas/notifications';
import { ActionIcon, Box, Button, Group, SegmentedControl, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconExternalLink, IconMail, IconMailOpened, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';
import { useResourceActions } from '../../../lib/resource/actions';
import { ConfirmDialog } from '../../../lib/resource/confirm-dialog';
import { downloadFile } from '../../../lib/resource/download';
import { type Column, ResourceTable } from '../../../lib/resource/resource-table';
import { TruncatedText } from '../../../lib/resource/truncated-text';
import { useResourceList } from '../../../lib/resource/use-resource-list';
import { useNotificationActions } from './api';

type Row = Notification & Record<string, unknown>;

export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  usePageMeta(t('title'));
  const navigate = useNavigate();
  const list = useResourceList<Row>(NOTIFICATIONS_PATH, { defaultOrder: '-created_at' });
  const { remove } = useResourceActions<Row>(NOTIFICATIONS_PATH);
  const { markRead, markAllRead } = useNotificationActions();
  const [deleting, setDeleting] = useState<Row | null>(null);
  const readFilter = list.state.filters.is_read ?? 'all';

  const open = async (row: Row) => {
    if (!row.is_read) await markRead.mutateAsync({ id: row.id, read: true });
    if (isDownloadLink(row.link)) await downloadFile(row.link);
    else if (row.link) void navigate(row.link);
  };

  const columns: Column<Row>[] = [
    {
      key: 'title',
      header: t('columns.title'),
      primary: true,
      render: (row) => (
        <Box>
          <Text size="sm" fw={row.is_read ? 500 : 700} span>
            <TruncatedText text={row.title} />
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2} maw={380}>
            {row.message}
          </Text>
        </Box>
      ),
    },
    { key: 'created_at', header: t('columns.date'), type: 'datetime', sortField: 'created_at' },
    {
      key: 'is_read',
      header: t('columns.status'),
      sortField: 'is_read',
      render: (row) => (
        <Text size="sm" c={row.is_read ? 'dimmed' : undefined} fw={row.is_read ? 400 : 600}>
          {row.is_read ? t('read') : t('unread')}
        </Text>
      ),
    },
  ];

  return (
    <Stack gap="md" data-testid="notifications-page">
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('title')}
        </Title>
        <Button
          variant="default"
          onClick={() => markAllRead.mutate()}
          loading={markAllRead.isPending}
          data-testid="page-mark-all-read"
        >
          {t('markAllRead')}
        </Button>
      </Group>
      <SegmentedControl
        w="fit-content"
        value={readFilter}
        onChange={(value) => list.setFilters({ is_read: value === 'all' ? null : value })}
        data={[
          { value: 'all', label: t('filters.all') },
          { value: 'False', label: t('filters.unread') },
          { value: 'True', label: t('filters.read') },
        ]}
        data-testid="read-filter"
      />
      <ResourceTable
        list={list}
        columns={columns}
        label={t('title')}
        onOpen={(row) => void open(row)}
        minWidth={640}
        empty={t('empty')}
        rowActions={(row) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={row.is_read ? t('markUnread') : t('markRead')}>
              <ActionIcon
                variant="subtle"
                aria-label={row.is_read ? t('markUnread') : t('markRead')}
                onClick={() => markRead.mutate({ id: row.id, read: !row.is_read })}
              >
                {row.is_read ? <IconMail size={18} aria-hidden /> : <IconMailOpened size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
            {row.link && (
              <Tooltip label={isDownloadLink(row.link) ? t('download') : t('open')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={isDownloadLink(row.link) ? t('download') : t('open')}
                  onClick={() => void open(row)}
                >
                  {isDownloadLink(row.link) ? (
                    <IconDownload size={18} aria-hidden />
                  ) : (
                    <IconExternalLink size={18} aria-hidden />
                  )}
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={t('delete')}>
              <ActionIcon variant="subtle" color="red" aria-label={t('delete')} onClick={() => setDeleting(row)}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage')}
        confirmLabel={t('delete')}
        danger
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </Stack>
  );
}
