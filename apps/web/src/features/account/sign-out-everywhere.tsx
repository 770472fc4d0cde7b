// "Sign out of every device": every sign-in of the person ends at once (a lost phone, a shared computer),
// this one included, after a confirmation; then the sign-in page.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSingleFlight } from '../../lib/forms/single-flight';
import { notifySuccess } from '../../lib/notify';
import { clearLocalSession } from '../../lib/session/end-session';
import { LOGIN_PATH } from '../../lib/session/navigation';
import { useSignOutEverywhere } from './api';
import { SettingRow } from './setting-row';

export function SignOutEverywhere() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutEverywhere();

  // A double press sends one sign-out: a second would go out with the access token the first just ended.
  const [confirm] = useSingleFlight(async () => {
    const { detail } = await signOut.mutateAsync().catch(() => ({ detail: null }));
    if (detail === null) return;
    setConfirming(false);
    notifySuccess(detail, { id: 'signed-out-everywhere' });
    void navigate(LOGIN_PATH, { replace: true });
    clearLocalSession();
  });

  return (
    <SettingRow title={t('settings.devices')} hint={t('settings.devicesHint')}>
      <Button
        variant="outline"
        color="red"
        // The label takes the theme's red text colour, which reads at 4.5:1 in both schemes (the outline's
        // own red reads 3.8:1 on white).
        c="red"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
        data-testid="sign-out-everywhere"
      >
        {t('settings.signOutEverywhere')}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => !signOut.isPending && setConfirming(false)}
        title={t('settings.signOutEverywhereTitle')}
        centered
      >
        <Stack gap="lg">
          <Text size="sm">{t('settings.signOutEverywhereBody')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={signOut.isPending}>
              {t('settings.signOutEverywhereCancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={signOut.isPending} data-testid="sign-out-everywhere-confirm">
              {t('settings.signOutEverywhereConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingRow>
  );
}
