// The columns every money desk list shares: when, who, what (with its reference), how much, where it stands.
import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TransactionStatusBadge } from '../../../components/money/transaction-status-badge';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatUnits } from '../../../lib/money/format-units';
import { formatDate } from '../../../lib/resource/format';
import type { Column } from '../../../lib/resource/resource-table';
import { TruncatedText } from '../../../lib/resource/truncated-text';
import type { DeskRow } from './api';

export function useDeskColumns<T extends DeskRow = DeskRow>(
  options: { product?: boolean; units?: boolean; payer?: boolean } = {},
): Column<T>[] {
  const { t } = useTranslation('backoffice');
  const language = useLanguage();
  const columns: Column<T>[] = [
    { key: 'created_at', header: t('desk.columns.date'), type: 'datetime', sortField: 'created_at' },
    {
      key: 'user',
      header: t('desk.columns.customer'),
      // A phone's card is titled by the customer, so that the row's actions fit beside it.
      primary: true,
      render: (row) => (
        <Box component="span" display="block">
          <TruncatedText text={row.user.full_name || row.user.email} display="block" />
          {row.user.full_name && <TruncatedText text={row.user.email} display="block" size="xs" c="dimmed" />}
        </Box>
      ),
    },
    {
      key: 'type_name',
      header: t('desk.columns.type'),
      // The reference code sits under the type: one column fewer keeps the status in view on a laptop.
      render: (row) => (
        <Box component="span" display="block">
          <Text component="span" size="sm" display="block">
            {row.type_name}
          </Text>
          <Text component="span" size="xs" c="dimmed" ff="monospace" display="block" data-testid="desk-reference">
            {row.reference_code}
          </Text>
        </Box>
      ),
    },
  ];
  if (options.payer) {
    columns.push({
      key: 'payer_name',
      header: t('desk.columns.payer'),
      // Who paid, with the value date under it: what the operator typed from the bank's statement.
      render: (row) => (
        <Box component="span" display="block" data-testid="desk-payer">
          <TruncatedText text={row.payer_name ?? '—'} display="block" />
          {row.value_date && (
            <Text component="span" size="xs" c="dimmed" display="block">
              {t('desk.valueDate', { date: formatDate(row.value_date, language) })}
            </Text>
          )}
        </Box>
      ),
    });
  }
  if (options.product) {
    columns.push({
      key: 'product',
      header: t('desk.columns.product'),
      // Fund names wrap, so that the amount, units and status stay in view without scrolling sideways.
      render: (row) => (
        <Text size="sm" miw={150} style={{ whiteSpace: 'normal' }}>
          {row.product?.name ?? '—'}
        </Text>
      ),
    });
  }
  columns.push({
    key: 'amount',
    header: t('desk.columns.amount'),
    type: 'amount',
    sortField: 'amount',
    align: 'right',
  });
  if (options.units) {
    columns.push({
      key: 'units',
      header: t('desk.columns.units'),
      align: 'right',
      render: (row) => (row.units === null ? '—' : formatUnits(row.units, language)),
    });
  }
  columns.push({
    key: 'status',
    header: t('desk.columns.status'),
    render: (row) => <TransactionStatusBadge status={row.status} name={row.status_name} />,
  });
  return columns;
}
