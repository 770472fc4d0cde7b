import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { unlessShown, useSingleFlight } from '../forms/single-flight';

interface Props {
  opened: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: ReactNode;
  danger?: boolean;
  loading?: boolean;
  /** Confirming is refused (e.g. nothing to act on yet); the message says why. */
  disabled?: boolean;
  /** What the operator checks before confirming, under the message. */
  children?: ReactNode;
  /**
   * The action. When it returns a promise (a `mutateAsync`), a second press while it runs — the second
   * click of a double-click comes before the button shows it is busy — sends nothing.
   */
  onConfirm(): unknown;
  onCancel(): void;
}

/** Asks before a destructive or far-reaching action (delete, block, pay out). */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  danger,
  loading,
  disabled,
  children,
  onConfirm,
  onCancel,
}: Props) {
  const { t } = useTranslation('resource');
  const [confirm, running] = useSingleFlight(async () => {
    try {
      await onConfirm();
    } catch (error) {
      unlessShown(error);
    }
  });
  const busy = loading || running;
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered data-testid="confirm-dialog">
      <Text size="sm">{message}</Text>
      {children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </Button>
        <Button
          color={danger ? 'red' : undefined}
          onClick={() => void confirm()}
          loading={busy}
          disabled={disabled}
          data-testid="confirm-button"
        >
          {confirmLabel ?? t('confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
