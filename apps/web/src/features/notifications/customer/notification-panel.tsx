// The bell's panel once it is used (notification-bell.tsx): the newest notifications, opened as it
// mounts; an export-ready notification downloads its file, the others open their page.
import { Button, Center, Divider, Group, Loader, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RenderTrigger } from '../../../lib/on-demand';
import { latestNotificationsQuery, NOTIFICATIONS_PAGE, openNotification, useNotificationActions } from './api';
import { NotificationItem } from './notification-item';

export function NotificationPanel({ count, trigger }: { count: number; trigger: RenderTrigger }) {
  const { t } = useTranslation('notifications');
  const [opened, { toggle, close }] = useDisclosure(true);
  const navigate = useNavigate();
  const latest = useQuery({ ...latestNotificationsQuery, enabled: opened });
  const { markRead, markAllRead } = useNotificationActions();

  const open = async (id: number) => {
    const notification = latest.data?.results.find((n) => n.id === id);
    if (!notification) return;
    close();
    const to = await openNotification(notification, (nid) => markRead.mutateAsync({ id: nid, read: true }));
    if (to) void navigate(to);
  };

  return (
    <Popover
      opened={opened}
      onChange={(value) => (value ? undefined : close())}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
      trapFocus
    >
      <Popover.Target>{trigger({ onClick: toggle })}</Popover.Target>
      <Popover.Dropdown p={0} data-testid="notification-panel" aria-label={t('title')}>
        <Group justify="space-between" px="md" py="sm">
          <Text fw={700}>{t('title')}</Text>
          <Button
            variant="subtle"
            size="compact-xs"
            disabled={count === 0}
            loading={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
            data-testid="mark-all-read"
          >
            {t('markAllRead')}
          </Button>
        </Group>
        <Divider />
        <Stack gap={0} p={4} mah={420} style={{ overflowY: 'auto' }}>
          {latest.isPending && (
            <Center py="lg">
              <Loader size="sm" />
            </Center>
          )}
          {latest.data?.results.length === 0 && (
            <Text c="dimmed" size="sm" ta="center" py="lg">
              {t('empty')}
            </Text>
          )}
          {latest.data?.results.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              onOpen={() => void open(notification.id)}
            />
          ))}
        </Stack>
        <Divider />
        <Button
          variant="subtle"
          fullWidth
          radius={0}
          onClick={() => {
            close();
            void navigate(NOTIFICATIONS_PAGE);
          }}
          data-testid="see-all-notifications"
        >
          {t('seeAll')}
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
