// The header avatar menu: name or e-mail, Investments (on the landing site) or Home (elsewhere),
// Profile, Log out. Renders nothing while nobody is signed in, so a navbar can show it next to (or
// instead of) its Login link: `signedIn ? <UserMenu context="landing" /> : <LoginLink />`.
import { hasAnyProfile } from '@lombard/shared/permissions';
import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChartLine, IconChevronDown, IconHome, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CUSTOMER_HOME_PATH, DEFAULT_AUTHENTICATED_PATH } from '../lib/session/navigation';
import { useCurrentUser } from '../lib/session/session-queries';
import { UserAvatar } from './user-avatar';

export const LOGOUT_PATH = '/auth/logout/';
export const PROFILE_PATH = '/customer/profile/';

interface Props {
  /** 'landing' offers "Investments" (into the customer area); 'app' offers "Home". */
  context?: 'landing' | 'app';
  /** Show the name next to the avatar (wide screens). */
  withName?: boolean;
}

export function UserMenu({ context = 'app', withName = false }: Props) {
  const { t } = useTranslation('navigation');
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const label = user.full_name.trim() || user.email;
  // Home needs lead or above; a base user's home is the product list.
  const home = hasAnyProfile(user, ['lead', 'customer', 'admin']) ? CUSTOMER_HOME_PATH : DEFAULT_AUTHENTICATED_PATH;
  return (
    // No focus placeholder: inside role="menu" it is a focusable child that is not a menu item.
    <Menu position="bottom-end" width={240} withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label={t('userMenu.open', { name: label })} data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <UserAvatar user={user} size={36} />
            {withName && (
              <Text size="sm" fw={600} maw={180} truncate="end" visibleFrom="lg">
                {label}
              </Text>
            )}
            <IconChevronDown size={14} stroke={1.8} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end" data-testid="user-menu-name">
            {label}
          </Text>
          {label !== user.email && (
            <Text size="xs" c="dimmed" truncate="end">
              {user.email}
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
