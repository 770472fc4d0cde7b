import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  opened: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: ReactNode;
  danger?: boolean;
  loading?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before a destructive or far-reaching action (delete, block). */
export function ConfirmDialog({ opened, title, message, confirmLabel, danger, loading, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('resource');
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered data-testid="confirm-dialog">
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading}>
          {t('cancel')}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading} data-testid="confirm-button">
          {confirmLabel ?? t('confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
