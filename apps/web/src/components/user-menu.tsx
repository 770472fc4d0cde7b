// The header avatar menu: name or e-mail, Investments (on the landing site) or Home (elsewhere),
// Profile, Log out. Renders nothing while nobody is signed in, so a navbar can show it next to (or
// instead of) its Login link: `signedIn ? <UserMenu context="landing" /> : <LoginLink />`. The menu
// itself loads on first use (lib/on-demand.tsx).
import { hasAnyProfile } from '@lombard/shared/permissions';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { onDemand } from '../lib/on-demand';
import { CUSTOMER_HOME_PATH, DEFAULT_AUTHENTICATED_PATH } from '../lib/session/navigation';
import { useCurrentUser } from '../lib/session/session-queries';
import { UserAvatar } from './user-avatar';

export interface UserMenuItems {
  /** 'landing' offers "Investments" (into the customer area); 'app' offers "Home". */
  context: 'landing' | 'app';
  /** The name, or the e-mail address when there is no name. */
  label: string;
  email: string;
  /** Where "Home" leads. */
  home: string;
}

const UserMenuDropdown = onDemand<UserMenuItems>('menu', () =>
  import('./user-menu-dropdown').then((m) => m.UserMenuDropdown),
);

interface Props {
  context?: UserMenuItems['context'];
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
    <UserMenuDropdown
      context={context}
      label={label}
      email={user.email}
      home={home}
      trigger={(props) => (
        <UnstyledButton aria-label={t('userMenu.open', { name: label })} data-testid="user-menu" {...props}>
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
      )}
    />
  );
}
