// One transaction in full: its figures, where to send the money while a bank transfer is awaited (each
// value copied with one click), the operator's reason when it was refused, and Cancel while nothing has
// happened to the money yet.
import { BANK_TRANSFER_BUSINESS_DAYS } from '@lombard/shared/constants';
import { Alert, Button, Divider, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '../../../components/money/copy-value';
import { TransactionStatusBadge } from '../../../components/money/transaction-status-badge';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatUnitPrice, formatUnits } from '../../../lib/money/format-units';
import { useIdempotencyKey } from '../../../lib/money/idempotency-key';
import { notifySuccess } from '../../../lib/notify';
import { ConfirmDialog } from '../../../lib/resource/confirm-dialog';
import { formatDateTime } from '../../../lib/resource/format';
import { ResourceDrawer } from '../../../lib/resource/resource-drawer';
import { CANCELLABLE_STATUSES, type TransactionRow, transactionDetailQuery, useCancelTransaction } from './api';
import { Fields } from './transaction-fields';

function TransferInstructions({ row }: { row: TransactionRow }) {
  const { t } = useTranslation('transactions');
  const language = useLanguage();
  const instructions = row.transfer_instructions;
  if (!instructions) return null;
  return (
    <Stack gap="sm" data-testid="transfer-instructions">
      <Divider />
      <Title order={3} fz="md">
        <IconBuildingBank size={18} style={{ verticalAlign: 'text-bottom', marginRight: 6 }} aria-hidden />
        {t('drawer.transferTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('drawer.transferBody', BANK_TRANSFER_BUSINESS_DAYS)}
      </Text>
      <CopyValue label={t('drawer.beneficiary')} value={instructions.beneficiary} testId="transfer-beneficiary" />
      <CopyValue label={t('drawer.iban')} value={instructions.iban} monospace testId="transfer-iban" />
      <CopyValue label={t('drawer.bic')} value={instructions.bic} monospace testId="transfer-bic" />
      <CopyValue label={t('drawer.bank')} value={instructions.bank_name} testId="transfer-bank" />
      <CopyValue
        label={t('drawer.referenceCode')}
        value={instructions.reference_code}
        monospace
        testId="transfer-reference"
      />
      <CopyValue
        label={t('drawer.amount')}
        value={instructions.amount}
        display={formatMoney(instructions.amount, language)}
        testId="transfer-amount"
      />
    </Stack>
  );
}

type Item = { label: string; value: ReactNode; testId?: string; fund?: boolean };

/** A deposit or a withdrawal has no fund, units, NAV or entry cost: a column of dashes says nothing. */
function withoutFundFields(row: TransactionRow, items: Item[]): Item[] {
  return row.product ? items : items.filter((item) => !item.fund);
}

function Detail({ row }: { row: TransactionRow }) {
  const { t } = useTranslation('transactions');
  const language = useLanguage();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelTransaction();
  const idempotency = useIdempotencyKey();
  const cancellable = CANCELLABLE_STATUSES.includes(row.status);

  return (
    <Stack gap="lg" data-testid="transaction-detail">
      <Fields
        items={withoutFundFields(row, [
          { label: t('fields.type'), value: row.type_name },
          {
            label: t('fields.status'),
            value: <TransactionStatusBadge status={row.status} name={row.status_name} />,
          },
          { label: t('fields.createdAt'), value: formatDateTime(row.created_at, language) },
          {
            fund: true,
            label: t('fields.product'),
            value: row.product ? `${row.product.name} (${row.product.isin})` : null,
          },
          {
            label: t('fields.amount'),
            value: row.amount === null ? null : formatMoney(row.amount, language),
            testId: 'detail-amount',
          },
          { fund: true, label: t('fields.fee'), value: row.fee === null ? null : formatMoney(row.fee, language) },
          { fund: true, label: t('fields.units'), value: row.units === null ? null : formatUnits(row.units, language) },
          { fund: true, label: t('fields.nav'), value: row.nav === null ? null : formatUnitPrice(row.nav, language) },
          {
            fund: true,
            label: t('fields.navDate'),
            value: row.nav_date === null ? null : formatDate(row.nav_date, language),
          },
          {
            fund: true,
            label: t('fields.paymentMethod'),
            value: row.payment_method === null ? null : t(`paymentMethods.${row.payment_method}`),
          },
          { label: t('fields.referenceCode'), value: row.reference_code },
          {
            label: t('fields.executeOn'),
            value: row.execute_on === null ? null : formatDate(row.execute_on, language),
          },
          {
            label: t('fields.executedAt'),
            value: row.executed_at === null ? null : formatDateTime(row.executed_at, language),
          },
        ])}
      />
      {row.status === 'rejected' && row.reason && (
        <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} title={t('drawer.rejectedTitle')}>
          <Text size="sm" data-testid="detail-reason">
            {row.reason}
          </Text>
        </Alert>
      )}
      {row.status === 'awaiting_transfer' && <TransferInstructions row={row} />}
      {cancellable && (
        <>
          <Divider />
          <Stack gap={6} align="flex-start">
            <Text size="sm" c="dimmed">
              {t('cancel.hint')}
            </Text>
            <Button
              color="red"
              variant="light"
              onClick={() => {
                // A new confirmation is a new request; retries inside it keep its key.
                idempotency.renew();
                setConfirming(true);
              }}
              data-testid="cancel-transaction"
            >
              {t('cancel.action')}
            </Button>
          </Stack>
          <ConfirmDialog
            opened={confirming}
            title={t('cancel.title')}
            message={t('cancel.message', { reference: row.reference_code })}
            confirmLabel={t('cancel.confirm')}
            danger
            loading={cancel.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() =>
              cancel.mutate(
                { id: row.id, key: idempotency.key },
                {
                  onSuccess: () => {
                    setConfirming(false);
                    notifySuccess(t('cancel.done'));
                  },
                },
              )
            }
          />
        </>
      )}
    </Stack>
  );
}

export function TransactionDrawer({ row, onClose }: { row: TransactionRow | null; onClose(): void }) {
  const { t } = useTranslation('transactions');
  const detail = useQuery({ ...transactionDetailQuery(row?.id ?? 0, row ?? undefined), enabled: row !== null });
  const current = row ? (detail.data ?? row) : null;
  return (
    <ResourceDrawer
      opened={row !== null}
      onClose={onClose}
      title={current ? t('drawer.title', { type: current.type_name }) : ''}
      testId="transaction-drawer"
    >
      {current && <Detail row={current} />}
    </ResourceDrawer>
  );
}
