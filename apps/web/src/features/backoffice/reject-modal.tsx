// The operator refuses an order or a withdrawal: the reason is required (the customer reads it), checked
// with the shared rule before sending; the API's field errors land under the field.
import { rejectRequestSchema } from '@lombard/shared/schemas/transactions';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiForm } from '../../lib/forms/use-api-form';
import type { DeskRow } from './money-api';

interface Props {
  row: DeskRow | null;
  onClose(): void;
  reject(input: { id: number; reason: string }): Promise<unknown>;
}

export function RejectModal({ row, onClose, reject }: Props) {
  const { t } = useTranslation('backoffice');
  const { form, onSubmit, submitting } = useApiForm({
    schema: rejectRequestSchema,
    initialValues: { reason: '' },
    send: (values) => reject({ id: row?.id ?? 0, reason: values.reason }),
    success: t('desk.reject.done'),
    onSuccess: onClose,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new row starts an empty form
  useEffect(() => form.reset(), [row?.id]);

  return (
    <Modal opened={row !== null} onClose={onClose} title={t('desk.reject.title')} centered data-testid="reject-modal">
      {row && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              {t('desk.reject.body', { reference: row.reference_code, person: row.user.full_name || row.user.email })}
            </Text>
            <Textarea
              label={t('desk.reject.reason')}
              description={t('desk.reject.reasonHint')}
              autosize
              minRows={3}
              maxLength={500}
              withAsterisk
              {...form.getInputProps('reason')}
              data-testid="reject-reason"
            />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose} disabled={submitting}>
                {t('cancel')}
              </Button>
              <Button type="submit" color="red" loading={submitting} data-testid="reject-submit">
                {t('desk.reject.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
