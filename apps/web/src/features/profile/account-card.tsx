import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconMail, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/session/session-queries';
import { AvatarPicker } from './avatar-picker';

/**
 * The account behind the profile: name, profiles, e-mail, language, and the ways to change e-mail and
 * password or set up the authenticator app.
 */
const SECURITY_LINKS = [
  {
    to: '/customer/profile/change-email/',
    icon: IconMail,
    label: 'profile.changeEmail',
    testId: 'profile-change-email',
  },
  {
    to: '/customer/profile/change-password/',
    icon: IconLock,
    label: 'profile.changePassword',
    testId: 'profile-change-password',
  },
  {
    // Set up in the settings, beside the other choices about how the customer is reached and confirms.
    to: '/customer/setting/',
    icon: IconShieldLock,
    label: 'profile.authenticator',
    testId: 'profile-authenticator',
  },
] as const;

export function AccountCard() {
  const { t } = useTranslation('account');
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const name = user.full_name.trim() || user.email;
  const rows: Array<[string, string]> = [
    [t('profile.email'), user.email],
    [t('profile.language'), t(`languages.${user.language}`)],
  ];

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="account-card">
      <AvatarPicker user={user} />
      <Group gap="md" wrap="nowrap" mb="md" mt="md">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={700} truncate="end" data-testid="profile-name">
            {name}
          </Text>
          <Group gap={6}>
            {user.attributes.map((profile) => (
              <Badge key={profile} variant="light" radius="sm" data-testid={`profile-badge-${profile}`}>
                {t(`profiles.${profile}`)}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Group>
      <Stack gap="xs" component="dl" m={0} mb="md">
        {rows.map(([label, value]) => (
          <Group key={label} justify="space-between" gap="md" wrap="nowrap">
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} size="sm" fw={500} ta="right" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      <Title order={3} fz="sm" mb={6}>
        {t('profile.security')}
      </Title>
      <Stack gap="xs">
        {SECURITY_LINKS.map(({ to, icon: Icon, label, testId }) => (
          <Button
            key={to}
            component={Link}
            to={to}
            variant="default"
            size="sm"
            justify="flex-start"
            leftSection={<Icon size={16} stroke={1.6} />}
            data-testid={testId}
          >
            {t(label)}
          </Button>
        ))}
      </Stack>
    </Card>
  );
}
