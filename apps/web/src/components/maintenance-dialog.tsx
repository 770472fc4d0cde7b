// The maintenance dialog. It cannot be dismissed by the backdrop or Escape, only by OK; logged-out
// users are told that OK takes them to the login page. Texts live in the `common` namespace, which is
// loaded at start-up: when the server is unreachable no catalogue could be fetched.
import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlugConnectedX, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { closeMaintenance, useMaintenanceState } from '../lib/maintenance';

export const LOGIN_PATH = '/auth/login/';

interface Props {
  /** Client-side navigation (the router's navigate); a full page load when omitted. */
  navigate?: (to: string) => void;
}

export function MaintenanceDialog({ navigate = (to) => window.location.assign(to) }: Props) {
  const { t } = useTranslation('common');
  const { open, loggedIn } = useMaintenanceState();

  const onOk = () => {
    closeMaintenance();
    if (!loggedIn) navigate(LOGIN_PATH);
  };

  const title = loggedIn ? t('maintenanceDialog.titleLoggedIn') : t('maintenanceDialog.titleLoggedOut');
  return (
    <Modal
      opened={open}
      onClose={() => {}}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      centered
      size="md"
      zIndex={400}
      title={
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={loggedIn ? 'orange' : 'red'} size="lg" radius="xl" aria-hidden>
            {loggedIn ? <IconTool size={20} stroke={1.6} /> : <IconPlugConnectedX size={20} stroke={1.6} />}
          </ThemeIcon>
          <Text fw={700} fz="lg">
            {title}
          </Text>
        </Group>
      }
      data-testid="maintenance-dialog"
      data-logged-in={loggedIn}
    >
      <Stack gap="md">
        <Text>{t('maintenanceDialog.body')}</Text>
        {!loggedIn && (
          <Text size="sm" c="dimmed">
            {t('maintenanceDialog.redirect')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={onOk} data-testid="maintenance-ok" data-autofocus>
            {t('maintenanceDialog.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
