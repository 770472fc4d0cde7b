// A user's detail for operators: who they are, their state, and what can be done — block/unblock,
// unlock, resend the activation link, change profiles, write to them, see their audit trail.
import type { Profile } from '@lombard/shared/permissions';
import { Anchor, Button, Divider, Group, MultiSelect, Stack, Text, Title } from '@mantine/core';
import {
  IconHistory,
  IconLockOpen,
  IconMail,
  IconMailForward,
  IconShieldOff,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailList } from '../../components/backoffice/detail-list';
import { MessageModal } from '../../components/backoffice/message-modal';
import { AUDIT_PAGE, USERS_API } from '../../lib/backoffice/paths';
import { unlessShown, useSingleFlight } from '../../lib/forms/single-flight';
import { isHttpError } from '../../lib/http/http-error';
import { formatDateTime } from '../../lib/resource/format';
import { resourceDetailQuery } from '../../lib/resource/queries';
import { ResourceDrawer } from '../../lib/resource/resource-drawer';
import { PROFILE_OPTIONS, type UserRow } from './api';
import { useUserActions } from './user-actions';
import { LockBadge, ProfileBadges, StatusBadge } from './user-badges';

interface Props {
  id: string | null;
  onClose(): void;
  onBlock(user: UserRow): void;
}

export function UserDrawer({ id, onClose, onBlock }: Props) {
  const { t, i18n } = useTranslation('backoffice');
  const language = i18n.language === 'en' ? 'en' : 'it';
  const user = useQuery({ ...resourceDetailQuery<UserRow>(USERS_API, id ?? ''), enabled: id !== null });
  const actions = useUserActions();
  // One call per press (a second resend would send a second e-mail); a refusal was shown by the HTTP layer.
  const [run, running] = useSingleFlight((action: () => Promise<unknown>) => action().catch(unlessShown));
  const [profiles, setProfiles] = useState<string[]>([]);
  const [profileError, setProfileError] = useState<string | null>(null);
  const [messaging, setMessaging] = useState(false);
  const data = user.data;

  useEffect(() => {
    if (data) setProfiles(data.profiles);
    setProfileError(null);
  }, [data]);

  const saveProfiles = () =>
    run(() =>
      actions.save.mutateAsync({ id: data!.id, values: { attributes: profiles as Profile[] } }).catch((error) => {
        // A 400 names the field (shown under it); anything else the HTTP layer showed already.
        if (!isHttpError(error) || error.response?.status !== 400) return unlessShown(error);
        const body = error.response.data as Record<string, string[]> | undefined;
        setProfileError(body ? Object.values(body).flat().join(' ') : null);
      }),
    );

  const when = (value: string | null) => (value ? formatDateTime(value, language) : t('users.never'));
  const changed = data !== undefined && profiles.join(',') !== data.profiles.join(',');

  return (
    <ResourceDrawer
      opened={id !== null}
      onClose={onClose}
      title={t('users.detailTitle')}
      loading={user.isPending && id !== null}
      testId="user-drawer"
    >
      {data && (
        <Stack gap="lg">
          <div>
            <Title order={2} fz="xl">
              {data.full_name || data.email}
            </Title>
            <Text c="dimmed" size="sm" data-testid="user-email">
              {data.email}
            </Text>
            <Group gap={6} mt="xs">
              <StatusBadge user={data} />
              <LockBadge locked={data.is_locked} />
              <ProfileBadges profiles={data.profiles} />
            </Group>
          </div>

          <Group gap="xs">
            {data.status === 1 ? (
              <Button
                color="red"
                variant="light"
                leftSection={<IconUserOff size={16} aria-hidden />}
                onClick={() => onBlock(data)}
                data-testid="drawer-block"
              >
                {t('users.actions.block')}
              </Button>
            ) : (
              <Button
                variant="light"
                leftSection={<IconUserCheck size={16} aria-hidden />}
                loading={running}
                onClick={() => void run(() => actions.unblock(data))}
                data-testid="drawer-unblock"
              >
                {t('users.actions.unblock')}
              </Button>
            )}
            {data.is_locked && (
              <Button
                variant="light"
                leftSection={<IconLockOpen size={16} aria-hidden />}
                loading={running}
                onClick={() => void run(() => actions.unlock(data))}
              >
                {t('users.actions.unlock')}
              </Button>
            )}
            {!data.is_active && (
              <Button
                variant="light"
                leftSection={<IconMailForward size={16} aria-hidden />}
                loading={running}
                onClick={() => void run(() => actions.resendActivation(data))}
              >
                {t('users.actions.resendActivation')}
              </Button>
            )}
            {data.has_authenticator && (
              <Button
                variant="light"
                color="orange"
                leftSection={<IconShieldOff size={16} aria-hidden />}
                loading={running}
                onClick={() => void run(() => actions.resetAuthenticator(data))}
                data-testid="reset-authenticator"
              >
                {t('users.actions.resetAuthenticator')}
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconMail size={16} aria-hidden />}
              onClick={() => setMessaging(true)}
            >
              {t('users.actions.message')}
            </Button>
          </Group>

          <Divider />
          <DetailList
            items={[
              { label: t('users.fields.id'), value: data.id },
              {
                label: t('users.fields.language'),
                value: t(`languages.${data.language}`, { defaultValue: data.language }),
              },
              { label: t('users.fields.activated'), value: data.is_active ? t('yes') : t('users.pendingActivation') },
              { label: t('users.fields.failedLogins'), value: data.failed_login_count },
              { label: t('users.fields.lastLogin'), value: when(data.last_login_at) },
              { label: t('users.fields.createdAt'), value: formatDateTime(data.created_at, language) },
              { label: t('users.fields.referralCode'), value: data.referral_code },
              { label: t('users.fields.superuser'), value: data.is_superuser ? t('yes') : t('no') },
            ]}
          />

          <Divider />
          <Stack gap="xs">
            <MultiSelect
              label={t('users.fields.profiles')}
              description={t('users.profilesHelp')}
              data={PROFILE_OPTIONS.map((p) => ({ value: p, label: t(`profiles.${p}`) }))}
              value={profiles}
              onChange={(value) => {
                setProfiles(value);
                setProfileError(null);
              }}
              error={profileError}
              comboboxProps={{ withinPortal: true }}
              data-testid="profiles-input"
            />
            <Group justify="flex-end">
              <Button
                onClick={saveProfiles}
                disabled={!changed || profiles.length === 0}
                loading={running}
                data-testid="save-profiles"
              >
                {t('save')}
              </Button>
            </Group>
          </Stack>

          <Anchor component={Link} to={`${AUDIT_PAGE}?object_type=backoffice.users&object_id=${data.id}`} size="sm">
            <Group gap={4} component="span">
              <IconHistory size={16} aria-hidden />
              {t('users.auditTrail')}
            </Group>
          </Anchor>
          <MessageModal
            opened={messaging}
            onClose={() => setMessaging(false)}
            recipient={{ id: data.id, email: data.email }}
          />
        </Stack>
      )}
    </ResourceDrawer>
  );
}
