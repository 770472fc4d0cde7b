// Withdrawals waiting to be paid: the operator executes one (the money leaves for the customer's IBAN)
// after a confirmation, or rejects it with a reason, which frees the reserved cash.
import { TRANSACTION_STATUSES } from '@lombard/shared/transaction-kinds';
import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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

export function WithdrawalsPage() {
  const { t } = useTranslation('backoffice');
  usePageMeta(t('sections.withdrawals'));
  const language = useLanguage();
  const list = useResourceList<DeskRow>(WITHDRAWALS_API, { defaultOrder: 'created_at' });
  const columns = useDeskColumns();
  const execute = useExecuteWithdrawal();
  const reject = useRejectTransaction(WITHDRAWALS_API);
  const idempotency = useIdempotencyKey();
  const [executing, setExecuting] = useState<DeskRow | null>(null);
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
        onCancel={() => setExecuting(null)}
        onConfirm={() =>
          executing &&
          execute.mutate(
            { id: executing.id, key: idempotency.key },
            {
              onSuccess: () => {
                setExecuting(null);
                notifySuccess(t('desk.withdrawals.done'));
              },
            },
          )
        }
      />
      <RejectModal row={rejecting} onClose={() => setRejecting(null)} reject={reject.mutateAsync} />
    </Stack>
  );
}
