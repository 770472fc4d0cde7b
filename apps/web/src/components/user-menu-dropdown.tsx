// The avatar menu once it is used (components/user-menu.tsx): opened as it mounts.
import { Menu, Text } from '@mantine/core';
import { IconChartLine, IconHome, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RenderTrigger } from '../lib/on-demand';
import { DEFAULT_AUTHENTICATED_PATH, LOGOUT_PATH, PROFILE_PATH } from '../lib/session/navigation';
import type { UserMenuItems } from './user-menu';

export function UserMenuDropdown({ context, label, email, home, trigger }: UserMenuItems & { trigger: RenderTrigger }) {
  const { t } = useTranslation('navigation');
  return (
    // No focus placeholder: inside role="menu" it is a focusable child that is not a menu item.
    <Menu position="bottom-end" width={240} withinPortal withInitialFocusPlaceholder={false} defaultOpened>
      <Menu.Target>{trigger({})}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end" data-testid="user-menu-name">
            {label}
          </Text>
          {label !== email && (
            <Text size="xs" c="dimmed" truncate="end">
              {email}
            </Text>
          )}
        </Menu.Label>
        <Menu.Divider />
        {context === 'landing' ? (
          <Menu.Item component={Link} to={DEFAULT_AUTHENTICATED_PATH} leftSection={<IconChartLine size={16} />}>
            {t('userMenu.investments')}
          </Menu.Item>
        ) : (
          <Menu.Item component={Link} to={home} leftSection={<IconHome size={16} />}>
            {t('userMenu.home')}
          </Menu.Item>
        )}
        <Menu.Item component={Link} to={PROFILE_PATH} leftSection={<IconUser size={16} />}>
          {t('userMenu.profile')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={LOGOUT_PATH}
          color="red"
          // Mantine's red-6 is 3.3:1 on white and 4.1:1 on the dark menu: darker, respectively lighter.
          c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))"
          leftSection={<IconLogout size={16} />}
          data-testid="logout"
        >
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
