// Withdrawals waiting to be paid: the operator executes one (the money leaves for the customer's IBAN,
// which the confirmation shows) or rejects it with a reason, which frees the reserved cash.
import type { BackofficeWithdrawal } from '@lombard/shared/schemas/transactions';
import { TRANSACTION_STATUSES } from '@lombard/shared/transaction-kinds';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/backoffice/detail-list';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useIdempotencyKey } from '../../../lib/money/idempotency-key';
import { notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { ConfirmDialog } from '../../../lib/resource/confirm-dialog';
import { FilterPanel, SelectFilter } from '../../../lib/resource/filters';
import { ResourceTable } from '../../../lib/resource/resource-table';
import { useResourceList } from '../../../lib/resource/use-resource-list';
import { type DeskRow, isActionable, useExecuteWithdrawal, useRejectTransaction, WITHDRAWALS_API } from './api';
import { useDeskColumns } from './desk-columns';
import { RejectModal } from './reject-modal';

type Row = DeskRow & Pick<BackofficeWithdrawal, 'payout_account'>;

/** An IBAN as it is read aloud or typed: groups of four. */
const spacedIban = (iban: string) =>
  iban
    .replace(/\s+/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim();

/** Where the money goes: the approved account, or why there is none to pay to. */
function PayoutAccount({ row }: { row: Row }) {
  const { t } = useTranslation('backoffice');
  const account = row.payout_account;
  if (!account) {
    return (
      <Alert color="orange" variant="light" mt="sm" data-testid="payout-account-missing">
        {t('desk.withdrawals.noAccount')}
      </Alert>
    );
  }
  return (
    <Stack gap={4} mt="sm" data-testid="payout-account">
      <DetailList
        items={[
          {
            label: t('desk.withdrawals.iban'),
            value: (
              <Text span inherit ff="monospace">
                {spacedIban(account.iban)}
              </Text>
            ),
            testId: 'payout-iban',
            // On one line: an IBAN is read and compared in groups of four.
            wide: true,
          },
          { label: t('desk.withdrawals.holder'), value: account.holder_name },
          ...(account.bank_name ? [{ label: t('desk.withdrawals.bank'), value: account.bank_name }] : []),
        ]}
      />
    </Stack>
  );
}

export function WithdrawalsPage() {
  const { t } = useTranslation('backoffice');
  usePageMeta(t('sections.withdrawals'));
  const language = useLanguage();
  const list = useResourceList<Row>(WITHDRAWALS_API, { defaultOrder: 'created_at' });
  const columns = useDeskColumns<Row>();
  const execute = useExecuteWithdrawal();
  const reject = useRejectTransaction(WITHDRAWALS_API);
  const idempotency = useIdempotencyKey();
  const [executing, setExecuting] = useState<Row | null>(null);
  const [rejecting, setRejecting] = useState<DeskRow | null>(null);
  const active = Object.keys(list.state.filters).length;

  return (
    <Stack gap="md" data-testid="withdrawals-page">
      <FilterPanel active={active}>
        <SelectFilter
          list={list}
          field="status"
          label={t('desk.filters.status')}
          data={TRANSACTION_STATUSES.map((value) => ({ value, label: t(`desk.statuses.${value}`) }))}
          w={{ base: '100%', xs: 200 }}
        />
      </FilterPanel>
      <ResourceTable
        list={list}
        columns={columns}
        label={t('sections.withdrawals')}
        empty={active > 0 ? t('noMatch') : t('desk.withdrawals.empty')}
        rowActions={(row) =>
          isActionable(row) && (
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => {
                  idempotency.renew();
                  setExecuting(row);
                }}
                data-testid={`execute-${row.id}`}
              >
                {t('desk.withdrawals.execute')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={() => setRejecting(row)}
                data-testid={`reject-${row.id}`}
              >
                {t('desk.reject.action')}
              </Button>
            </Group>
          )
        }
        testId="withdrawals-table"
      />
      <ConfirmDialog
        opened={executing !== null}
        title={t('desk.withdrawals.confirmTitle')}
        message={
          executing &&
          t('desk.withdrawals.confirmMessage', {
            amount: executing.amount === null ? '—' : formatMoney(executing.amount, language),
            person: executing.user.full_name || executing.user.email,
          })
        }
        confirmLabel={t('desk.withdrawals.execute')}
        loading={execute.isPending}
        // Nothing is paid out without an approved account to pay to (the server refuses it too).
        disabled={executing?.payout_account === null}
        onCancel={() => setExecuting(null)}
        onConfirm={async () => {
          if (!executing) return;
          await execute.mutateAsync({ id: executing.id, key: idempotency.key });
          setExecuting(null);
          notifySuccess(t('desk.withdrawals.done'));
        }}
      >
        {executing && <PayoutAccount row={executing} />}
      </ConfirmDialog>
      <RejectModal row={rejecting} onClose={() => setRejecting(null)} reject={reject.mutateAsync} />
    </Stack>
  );
}
