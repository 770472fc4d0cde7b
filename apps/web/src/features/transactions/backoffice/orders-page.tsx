// Orders waiting for the operator: settle the selected ones at each product's NAV of the day (the answer
// says which were settled and why others were skipped), or reject one with a reason.
import type { SettleResult } from '@lombard/shared/schemas/transactions';
import { TRANSACTION_STATUSES } from '@lombard/shared/transaction-kinds';
import { Button, Stack } from '@mantine/core';
import { IconChecks, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdempotencyKey } from '../../../lib/money/idempotency-key';
import { usePageMeta } from '../../../lib/page-meta';
import { BulkBar } from '../../../lib/resource/bulk-bar';
import { ConfirmDialog } from '../../../lib/resource/confirm-dialog';
import { FilterPanel, SelectFilter } from '../../../lib/resource/filters';
import { ResourceTable } from '../../../lib/resource/resource-table';
import { useResourceList } from '../../../lib/resource/use-resource-list';
import { useSelection } from '../../../lib/resource/use-selection';
import { type DeskRow, isActionable, ORDER_TYPES, ORDERS_API, useRejectTransaction, useSettleOrders } from './api';
import { useDeskColumns } from './desk-columns';
import { RejectModal } from './reject-modal';
import { SettleResultPanel } from './settle-result';

export function OrdersPage() {
  const { t } = useTranslation('backoffice');
  usePageMeta(t('sections.orders'));
  const list = useResourceList<DeskRow>(ORDERS_API, { defaultOrder: 'created_at' });
  const selection = useSelection(JSON.stringify(list.state.filters));
  const columns = useDeskColumns({ product: true, units: true });
  const settle = useSettleOrders();
  const reject = useRejectTransaction(ORDERS_API);
  const idempotency = useIdempotencyKey();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<SettleResult | null>(null);
  const [rejecting, setRejecting] = useState<DeskRow | null>(null);
  const active = Object.keys(list.state.filters).length;
  const ids = selection.selection.ids.map(Number);

  return (
    <Stack gap="md" data-testid="orders-page">
      <FilterPanel active={active}>
        <SelectFilter
          list={list}
          field="status"
          label={t('desk.filters.status')}
          data={TRANSACTION_STATUSES.map((value) => ({ value, label: t(`desk.statuses.${value}`) }))}
          w={{ base: '100%', xs: 200 }}
        />
        <SelectFilter
          list={list}
          field="type"
          label={t('desk.filters.type')}
          data={ORDER_TYPES.map((value) => ({ value, label: t(`desk.types.${value}`) }))}
        />
        {active > 0 && (
          <Button variant="subtle" onClick={list.resetFilters} data-testid="reset-filters">
            {t('resetFilters')}
          </Button>
        )}
      </FilterPanel>
      {result && <SettleResultPanel result={result} onClose={() => setResult(null)} />}
      <BulkBar
        list={list}
        selection={selection}
        actions={[
          {
            key: 'settle',
            label: t('desk.settle.action'),
            icon: <IconChecks size={16} aria-hidden />,
            // Settlement names its orders: "every filtered row" is not a list of ids.
            explicitOnly: true,
            loading: settle.isPending,
            onClick: () => {
              idempotency.renew();
              setConfirming(true);
            },
          },
        ]}
      />
      <ResourceTable
        list={list}
        columns={columns}
        label={t('sections.orders')}
        selection={selection}
        empty={active > 0 ? t('noMatch') : t('desk.orders.empty')}
        rowActions={(row) =>
          isActionable(row) && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => setRejecting(row)}
              data-testid={`reject-${row.id}`}
            >
              {t('desk.reject.action')}
            </Button>
          )
        }
        testId="orders-table"
      />
      <ConfirmDialog
        opened={confirming}
        title={t('desk.settle.title')}
        message={t('desk.settle.message', { count: ids.length })}
        confirmLabel={t('desk.settle.confirm')}
        loading={settle.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          const answer = await settle.mutateAsync({ ids, key: idempotency.key });
          setConfirming(false);
          setResult(answer);
          selection.clear();
        }}
      />
      <RejectModal row={rejecting} onClose={() => setRejecting(null)} reject={reject.mutateAsync} />
    </Stack>
  );
}
