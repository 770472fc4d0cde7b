import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '../../components/user-avatar';
import { usePageMeta } from '../../lib/page-meta';
import { useCurrentUser } from '../../lib/session/session-queries';
import { PageHeading } from './page-heading';

/**
 * /customer/profile/ — the user's account data and the ways to change e-mail and password. The
 * profile sections (identity, addresses, MiFID, …) arrive as tabs; `?defaultTab=` names the one to open.
 */
export function ProfilePage() {
  const { t } = useTranslation('account');
  usePageMeta(t('profile.title'));
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const name = user.full_name.trim() || user.email;
  const rows: Array<[string, string]> = [
    [t('profile.email'), user.email],
    [t('profile.username'), user.username],
    [t('profile.language'), t(`languages.${user.language}`)],
    [t('profile.referralCode'), user.referral_code],
  ];

  return (
    <Stack gap={0} maw={960} data-testid="profile-page">
      <PageHeading title={t('profile.title')} description={t('profile.subtitle')} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Group gap="md" wrap="nowrap" mb="lg">
            <UserAvatar user={user} size={64} />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={700} fz="lg" truncate="end" data-testid="profile-name">
                {name}
              </Text>
              <Group gap={6}>
                {user.attributes.map((profile) => (
                  <Badge key={profile} variant="light" radius="sm">
                    {t(`profiles.${profile}`)}
                  </Badge>
                ))}
              </Group>
            </Stack>
          </Group>
          <Stack gap="sm" component="dl" m={0}>
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
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg" mb={4}>
            {t('profile.security')}
          </Title>
          <Text size="sm" c="dimmed" mb="lg">
            {t('profile.securityHint')}
          </Text>
          <Stack gap="sm">
            <Button
              component={Link}
              to="/customer/profile/change-email/"
              variant="default"
              justify="flex-start"
              leftSection={<IconMail size={18} stroke={1.6} />}
              data-testid="profile-change-email"
            >
              {t('profile.changeEmail')}
            </Button>
            <Button
              component={Link}
              to="/customer/profile/change-password/"
              variant="default"
              justify="flex-start"
              leftSection={<IconLock size={18} stroke={1.6} />}
              data-testid="profile-change-password"
            >
              {t('profile.changePassword')}
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
