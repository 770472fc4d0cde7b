// An incoming bank transfer, recorded against the reference code the payer quoted: the API credits the
// customer's cash or funds the investment that was waiting for it, and says which.
import '@mantine/dates/styles.layer.css';
import { incomingTransferRequestSchema } from '@lombard/shared/schemas/transactions';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../../../lib/format';
import { useApiForm } from '../../../lib/forms/use-api-form';
import { useIdempotencyKey } from '../../../lib/money/idempotency-key';
import { useRecordTransfer } from './api';

export type TransferOutcome = { detail: string; outcome: 'cash_credited' | 'order_funded'; reference: string };

export function RecordTransferModal({
  opened,
  onClose,
  onRecorded,
}: {
  opened: boolean;
  onClose(): void;
  onRecorded(outcome: TransferOutcome): void;
}) {
  const { t } = useTranslation('backoffice');
  const record = useRecordTransfer();
  const idempotency = useIdempotencyKey();
  const { form, onSubmit, submitting } = useApiForm({
    schema: incomingTransferRequestSchema,
    initialValues: { reference_code: '', amount: '', value_date: todayIso(), payer_name: '' },
    // A decimal comma is accepted as typed; the wire wants a dot.
    prepare: (values) => ({ ...values, amount: values.amount.replace(',', '.') }),
    send: (values) => record.mutateAsync({ values, key: idempotency.key }),
    onSuccess: (answer) => {
      idempotency.renew();
      form.reset();
      onRecorded({ detail: answer.detail, outcome: answer.outcome, reference: answer.transaction.reference_code });
      onClose();
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('desk.transfers.record')} centered size="lg">
      <form onSubmit={onSubmit} noValidate data-testid="record-transfer-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('desk.transfers.reference')}
              description={t('desk.transfers.referenceHint')}
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('reference_code')}
              data-testid="transfer-reference"
            />
            <TextInput
              label={t('desk.transfers.amount')}
              inputMode="decimal"
              leftSection="€"
              withAsterisk
              {...form.getInputProps('amount')}
              data-testid="transfer-amount"
            />
            <DateInput
              label={t('desk.transfers.valueDate')}
              valueFormat={t('dateFormat')}
              withAsterisk
              popoverProps={{ withinPortal: true }}
              {...form.getInputProps('value_date')}
              data-testid="transfer-value-date"
            />
            <TextInput
              label={t('desk.transfers.payer')}
              withAsterisk
              {...form.getInputProps('payer_name')}
              data-testid="transfer-payer"
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={submitting} data-testid="transfer-submit">
              {t('desk.transfers.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
