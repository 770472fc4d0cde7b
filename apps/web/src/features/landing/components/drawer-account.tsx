// The signed-in user in the drawer: who is signed in and where to go.
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconChartLine, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import { AppLink } from '../../../lib/app-link';
import { DEFAULT_AUTHENTICATED_PATH, LOGOUT_PATH, PROFILE_PATH } from '../../../lib/session/navigation';
import { useCurrentUser } from '../../../lib/session/session-queries';

export function DrawerAccount({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('landing');
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const label = user.full_name.trim() || user.email;
  return (
    <Stack gap="sm" data-testid="drawer-account">
      <Group gap="sm" wrap="nowrap">
        <UserAvatar user={user} size={44} />
        <div style={{ minWidth: 0 }}>
          <Text fw={700} truncate="end">
            {label}
          </Text>
          {label !== user.email && (
            <Text size="sm" c="dimmed" truncate="end">
              {user.email}
            </Text>
          )}
        </div>
      </Group>
      <Button
        component={AppLink}
        to={DEFAULT_AUTHENTICATED_PATH}
        leftSection={<IconChartLine size={18} />}
        onClick={onNavigate}
      >
        {t('nav.investments')}
      </Button>
      <Group grow>
        <Button
          component={AppLink}
          to={PROFILE_PATH}
          variant="default"
          leftSection={<IconUser size={18} />}
          onClick={onNavigate}
        >
          {t('nav.profile')}
        </Button>
        <Button
          component={AppLink}
          to={LOGOUT_PATH}
          variant="default"
          color="red"
          leftSection={<IconLogout size={18} />}
          onClick={onNavigate}
        >
          {t('nav.logout')}
        </Button>
      </Group>
    </Stack>
  );
}
