// The maintenance dialog. It cannot be dismissed by Escape, only by OK; logged-out users are told that
// OK takes them to the login page. Texts live in the `common` namespace, which is loaded at start-up:
// when the server is unreachable no catalogue could be fetched.
// A native <dialog> shown modally: it is in every page's app code, and a dialog library (portal, focus
// trap, scroll lock, scroll area) would add about 30 KB to the first interaction of every visitor for a
// dialog almost none of them sees.
import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlugConnectedX, IconTool } from '@tabler/icons-react';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { closeMaintenance, getMaintenanceState, useMaintenanceState } from '../lib/maintenance';
import classes from './maintenance-dialog.module.css';

export const LOGIN_PATH = '/auth/login/';

interface Props {
  /** Client-side navigation (the router's navigate); a full page load when omitted. */
  navigate?: (to: string) => void;
}

/** Shows the dialog modally where the browser can (the page behind is inert), else simply open. */
function show(dialog: HTMLDialogElement) {
  if (dialog.open) return;
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else dialog.setAttribute('open', '');
}

export function MaintenanceDialog({ navigate = (to) => window.location.assign(to) }: Props) {
  const { t } = useTranslation('common');
  const { open, loggedIn } = useMaintenanceState();
  const titleId = useId();

  // Shown as the element arrives. Escape asks to cancel: refused. A browser may still close a modal
  // dialog on a second Escape; it is shown again while the maintenance lasts.
  const attach = useCallback((dialog: HTMLDialogElement | null) => {
    if (!dialog) return;
    show(dialog);
    const refuse = (event: Event) => event.preventDefault();
    const reopen = () => {
      if (getMaintenanceState().open) show(dialog);
    };
    dialog.addEventListener('cancel', refuse);
    dialog.addEventListener('close', reopen);
    return () => {
      dialog.removeEventListener('cancel', refuse);
      dialog.removeEventListener('close', reopen);
    };
  }, []);

  if (!open) return null;

  const onOk = () => {
    closeMaintenance();
    if (!loggedIn) navigate(LOGIN_PATH);
  };
  const title = loggedIn ? t('maintenanceDialog.titleLoggedIn') : t('maintenanceDialog.titleLoggedOut');
  return (
    <dialog
      ref={attach}
      className={classes.dialog}
      aria-labelledby={titleId}
      data-testid="maintenance-dialog"
      data-logged-in={loggedIn}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={loggedIn ? 'orange' : 'red'} size="lg" radius="xl" aria-hidden>
            {loggedIn ? <IconTool size={20} stroke={1.6} /> : <IconPlugConnectedX size={20} stroke={1.6} />}
          </ThemeIcon>
          <Text id={titleId} fw={700} fz="lg">
            {title}
          </Text>
        </Group>
        <Text>{t('maintenanceDialog.body')}</Text>
        {!loggedIn && (
          <Text size="sm" c="dimmed">
            {t('maintenanceDialog.redirect')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={onOk} data-testid="maintenance-ok" autoFocus>
            {t('maintenanceDialog.ok')}
          </Button>
        </Group>
      </Stack>
    </dialog>
  );
}
