// The header bell (issue 4): the unread count, polled every 30 s, and a panel with the newest
// notifications; an export-ready notification downloads its file, the others open their page.
import { ActionIcon, Button, Center, Divider, Group, Indicator, Loader, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { latestNotificationsQuery, openNotification, unreadCountQuery, useNotificationActions } from './api';
import { NotificationItem } from './notification-item';

export const NOTIFICATIONS_PAGE = '/customer/notifications/';

export function NotificationBell() {
  // The header must not wait for this catalogue: the bell appears once it has loaded.
  const { t, ready } = useTranslation('notifications', { useSuspense: false });
  const [opened, { toggle, close }] = useDisclosure(false);
  const navigate = useNavigate();
  const unread = useQuery(unreadCountQuery);
  const latest = useQuery({ ...latestNotificationsQuery, enabled: opened });
  const { markRead, markAllRead } = useNotificationActions();
  const count = unread.data ?? 0;

  const open = async (id: number) => {
    const notification = latest.data?.results.find((n) => n.id === id);
    if (!notification) return;
    close();
    const to = await openNotification(notification, (nid) => markRead.mutateAsync({ id: nid, read: true }));
    if (to) void navigate(to);
  };

  if (!ready) return null;
  // The badge wraps the whole popover, so that the popover's target — the element that gets
  // aria-expanded and aria-controls — is the button itself and not the badge's <div>.
  return (
    <Indicator
      label={count > 9 ? '9+' : count}
      disabled={count === 0}
      size={18}
      offset={6}
      color="red"
      data-testid="notification-count"
      data-count={count}
    >
      <Popover
        opened={opened}
        onChange={(value) => (value ? undefined : close())}
        position="bottom-end"
        width={360}
        shadow="md"
        withinPortal
        trapFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            onClick={toggle}
            aria-label={count > 0 ? t('bell.labelUnread', { count }) : t('bell.label')}
            data-testid="notification-bell"
          >
            <IconBell size={22} stroke={1.7} aria-hidden />
          </ActionIcon>
        </Popover.Target>
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
    </Indicator>
  );
}
