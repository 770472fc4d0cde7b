// What a base user (profile not yet approved) is told where investing starts: on the funds they land on
// after the first sign-in, a prompt to complete the profile; on an invest address, why they cannot invest
// yet and where to go — instead of a refusal from the server.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PROFILE_PATH } from '../lib/session/navigation';
import { useActiveProfile } from '../lib/session/session-queries';

/** Whether the signed-in person may invest: anyone but a base user (the server has the last word). */
export function useMayInvest(): boolean {
  return useActiveProfile() !== 'base';
}

export function CompleteProfileNotice({ where }: { where: 'funds' | 'invest' }) {
  const { t } = useTranslation('profile');
  const profile = useActiveProfile();
  if (profile !== 'base') return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconUserCheck size={20} aria-hidden />}
      title={t(`completeNotice.${where}.title`)}
      data-testid={`complete-profile-${where}`}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t(`completeNotice.${where}.text`)}</Text>
        <Button component={Link} to={PROFILE_PATH} size="xs" data-testid="complete-profile-link">
          {t('completeNotice.action')}
        </Button>
      </Stack>
    </Alert>
  );
}
