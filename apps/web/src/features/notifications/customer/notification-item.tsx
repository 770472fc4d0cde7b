import { isDownloadLink } from '@lombard/shared/notification-links';
import type { Notification } from '@lombard/shared/schemas/notifications';
import { Box, Group, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBell, IconDownload, IconFileSpreadsheet, IconMail, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/resource/format';

const ICONS: Record<string, typeof IconBell> = {
  export_ready: IconFileSpreadsheet,
  message: IconMail,
  security: IconShieldLock,
};

/**
 * One notification as a clickable line: icon, title (bold while unread), message, time. The button is
 * named by what it shows (a speech-input user says what they see), with "unread" first for listeners.
 */
export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen(): void }) {
  const { t, i18n } = useTranslation('notifications');
  const Icon = ICONS[notification.kind] ?? IconBell;
  const language = i18n.language === 'en' ? 'en' : 'it';
  return (
    <UnstyledButton
      onClick={onOpen}
      w="100%"
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      data-testid="notification-item"
      data-unread={!notification.is_read || undefined}
    >
      {!notification.is_read && <VisuallyHidden>{`${t('unread')}: `}</VisuallyHidden>}
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" radius="xl" size="md" color={notification.is_read ? 'gray' : undefined}>
          <Icon size={16} aria-hidden />
        </ThemeIcon>
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="sm" fw={notification.is_read ? 500 : 700} truncate="end">
              {notification.title}
            </Text>
            {!notification.is_read && (
              <Box
                w={8}
                h={8}
                style={{ borderRadius: 8, flexShrink: 0 }}
                bg="var(--mantine-primary-color-filled)"
                aria-hidden
              />
            )}
          </Group>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {notification.message}
          </Text>
          <Group gap={6} mt={2}>
            <Text size="xs" c="dimmed">
              {formatDateTime(notification.created_at, language)}
            </Text>
            {isDownloadLink(notification.link) && (
              <Group gap={2} c="var(--mantine-primary-color-filled)">
                <IconDownload size={12} aria-hidden />
                <Text size="xs" fw={600} inherit>
                  {t('download')}
                </Text>
              </Group>
            )}
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
