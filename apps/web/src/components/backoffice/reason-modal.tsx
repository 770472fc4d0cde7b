// A refusal with the reason the customer reads (an order, a withdrawal, an advance request, a stock plan),
// checked with the shared rule before sending; the API's field errors land under the field.
import { advanceRejectSchema } from '@lombard/shared/schemas/advances';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiForm } from '../../lib/forms/use-api-form';

interface Props {
  opened: boolean;
  title: string;
  body: string;
  /** The toast once the refusal is recorded. */
  success: string;
  onClose(): void;
  reject(reason: string): Promise<unknown>;
}

export function ReasonModal({ opened, title, body, success, onClose, reject }: Props) {
  const { t } = useTranslation('backoffice');
  const { form, onSubmit, submitting } = useApiForm({
    schema: advanceRejectSchema,
    initialValues: { reason: '' },
    send: (values) => reject(values.reason),
    success,
    onSuccess: onClose,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts an empty form
  useEffect(() => form.reset(), [opened]);

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered data-testid="reason-modal">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{body}</Text>
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
    </Modal>
  );
}
