// The cash statement for a period (every ledger line on the cash), then every order and request of the
// customer, newest first: filtered by type, status and period, paged, exported to XLSX; a row opens its detail.
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@lombard/shared/transaction-kinds';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TransactionStatusBadge } from '../../../components/money/transaction-status-badge';
import { PageHeading } from '../../../components/page-heading';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatUnits } from '../../../lib/money/format-units';
import { TRANSACTIONS_API } from '../../../lib/money/keys';
import { usePageMeta } from '../../../lib/page-meta';
import { useResourceActions } from '../../../lib/resource/actions';
import { BulkBar } from '../../../lib/resource/bulk-bar';
import { DateRangeFilter } from '../../../lib/resource/date-range-filter';
import { exportXlsxAction } from '../../../lib/resource/export-action';
import { FilterPanel, SelectFilter } from '../../../lib/resource/filters';
import { type Column, ResourceTable } from '../../../lib/resource/resource-table';
import { useResourceList } from '../../../lib/resource/use-resource-list';
import { useSelection } from '../../../lib/resource/use-selection';
import { useActiveProfile } from '../../../lib/session/session-queries';
import type { TransactionRow } from './api';
import { CashStatementCard } from './cash-statement-card';
import { TransactionDrawer } from './transaction-drawer';

export type TransactionsSection = 'list';

export function TransactionsPage({ section }: { section: TransactionsSection }) {
  const { t } = useTranslation('transactions');
  usePageMeta(t(`sections.${section}.title`));
  const language = useLanguage();
  // Cash is held from the customer profile on; a lead's movements are their orders, with no cash to state.
  const holdsCash = ['customer', 'admin'].includes(useActiveProfile() ?? '');
  const list = useResourceList<TransactionRow>(TRANSACTIONS_API, { defaultOrder: '-created_at' });
  const selection = useSelection(JSON.stringify(list.state.filters));
  const { exportXlsx } = useResourceActions(TRANSACTIONS_API);
  const [open, setOpen] = useState<TransactionRow | null>(null);
  const active = Object.keys(list.state.filters).length;

  const columns: Column<TransactionRow>[] = [
    { key: 'created_at', header: t('fields.createdAt'), type: 'datetime', sortField: 'created_at', primary: true },
    { key: 'type_name', header: t('fields.type') },
    {
      key: 'status',
      header: t('fields.status'),
      render: (row) => <TransactionStatusBadge status={row.status} name={row.status_name} />,
    },
    {
      key: 'product',
      header: t('fields.product'),
      // Fund names are long: they wrap here, so that the figures and the reference keep their room.
      render: (row) => (
        <Text size="sm" miw={160} style={{ whiteSpace: 'normal' }}>
          {row.product?.name ?? '—'}
        </Text>
      ),
    },
    { key: 'amount', header: t('fields.amount'), type: 'amount', sortField: 'amount', align: 'right' },
    {
      key: 'units',
      header: t('fields.units'),
      align: 'right',
      render: (row) => (row.units === null ? '—' : formatUnits(row.units, language)),
      hideOnPhone: true,
    },
    { key: 'reference_code', header: t('fields.referenceCode'), hideOnPhone: true },
  ];

  return (
    <Stack gap="md" data-testid={`transactions-${section}`}>
      <PageHeading title={t(`sections.${section}.title`)} description={t(`sections.${section}.description`)} />
      {holdsCash && <CashStatementCard />}
      <FilterPanel active={active}>
        <SelectFilter
          list={list}
          field="type"
          label={t('filters.type')}
          data={TRANSACTION_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
        />
        <SelectFilter
          list={list}
          field="status"
          label={t('filters.status')}
          data={TRANSACTION_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          w={{ base: '100%', xs: 200 }}
        />
        <DateRangeFilter
          list={list}
          label={t('filters.period')}
          placeholder={t('filters.periodPlaceholder')}
          valueFormat={t('dateFormat')}
        />
        {active > 0 && (
          <Button variant="subtle" onClick={list.resetFilters} data-testid="reset-filters">
            {t('filters.reset')}
          </Button>
        )}
      </FilterPanel>
      <BulkBar
        list={list}
        selection={selection}
        actions={[exportXlsxAction(t('exportXlsx'), exportXlsx, list, selection)]}
      />
      <ResourceTable<TransactionRow>
        list={list}
        columns={columns}
        label={t(`sections.${section}.title`)}
        selection={selection}
        onOpen={setOpen}
        empty={active > 0 ? t('noMatch') : t('empty')}
        testId="transactions-table"
      />
      <TransactionDrawer row={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
