import { Badge, Group, ThemeIcon, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserRow } from './api';

export function StatusBadge({ user }: { user: Pick<UserRow, 'status' | 'status_name'> }) {
  return (
    <Badge
      variant="light"
      color={user.status === 1 ? 'teal' : 'red'}
      radius="sm"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      data-testid="user-status"
    >
      {user.status_name}
    </Badge>
  );
}

export function ProfileBadges({ profiles }: { profiles: readonly string[] }) {
  const { t } = useTranslation('backoffice');
  return (
    <Group gap={4} wrap="nowrap">
      {profiles.map((profile, index) => (
        <Badge
          key={profile}
          variant={index === 0 ? 'filled' : 'outline'}
          // Filled, a fixed shade: the dark scheme's grape (shade 4) is 2.7:1 under white text, shade 8 5.8:1.
          color={profile === 'admin' ? (index === 0 ? 'grape.8' : 'grape') : undefined}
          radius="sm"
          size="sm"
          style={{ flexShrink: 0, minWidth: 'max-content' }}
        >
          {t(`profiles.${profile}`, { defaultValue: profile })}
        </Badge>
      ))}
    </Group>
  );
}

/** Locked after too many wrong passwords: a lock with its meaning on hover (a badge in the detail). */
export function LockBadge({ locked, compact = false }: { locked: boolean; compact?: boolean }) {
  const { t } = useTranslation('backoffice');
  if (!locked) return null;
  if (compact) {
    return (
      <Tooltip label={t('users.locked')} withArrow>
        <ThemeIcon
          variant="light"
          color="orange"
          size="sm"
          radius="sm"
          aria-label={t('users.locked')}
          role="img"
          data-testid="user-locked"
        >
          <IconLock size={13} aria-hidden />
        </ThemeIcon>
      </Tooltip>
    );
  }
  return (
    <Badge
      variant="light"
      color="orange"
      radius="sm"
      size="sm"
      style={{ flexShrink: 0, minWidth: 'max-content' }}
      leftSection={<IconLock size={12} aria-hidden />}
      data-testid="user-locked"
    >
      {t('users.locked')}
    </Badge>
  );
}
