// The header bell (issue 4): the unread count, polled every 30 s, and a panel with the newest
// notifications, whose code loads on first use (notification-panel.tsx, lib/on-demand.tsx).
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { onDemand } from '../../../lib/on-demand';
import { unreadCountQuery } from './api';

const NotificationPanel = onDemand<{ count: number }>('dialog', () =>
  import('./notification-panel').then((m) => m.NotificationPanel),
);

export function NotificationBell() {
  // The header must not wait for this catalogue: the bell appears once it has loaded.
  const { t, ready } = useTranslation('notifications', { useSuspense: false });
  const unread = useQuery(unreadCountQuery);
  const count = unread.data ?? 0;

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
      <NotificationPanel
        count={count}
        trigger={(props) => (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={count > 0 ? t('bell.labelUnread', { count }) : t('bell.label')}
            data-testid="notification-bell"
            {...props}
          >
            <IconBell size={22} stroke={1.7} aria-hidden />
          </ActionIcon>
        )}
      />
    </Indicator>
  );
}
