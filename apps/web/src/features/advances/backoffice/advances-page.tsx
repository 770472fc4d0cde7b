// Advance requests for the operator: filtered by status (in words) and by "flagged for review" (the
// yearly interest weighs too much on the declared income); a row opens the request's review page.
import { ADVANCE_STATUSES, advanceStatusName } from '@lombard/shared/advance-status';
import type { BackofficeAdvance } from '@lombard/shared/schemas/advances';
import { Badge, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CustomerCell } from '../../../components/backoffice/customer-cell';
import { ADVANCES_PAGE } from '../../../lib/backoffice/paths';
import { usePageMeta } from '../../../lib/page-meta';
import { FilterPanel, SelectFilter } from '../../../lib/resource/filters';
import { type Column, ResourceTable } from '../../../lib/resource/resource-table';
import { useResourceList } from '../../../lib/resource/use-resource-list';
import { AdvanceStatusBadge } from '../advance-status';
import { BO_ADVANCES_API } from './api';

type Row = BackofficeAdvance & Record<string, unknown>;

export function AdvancesPage() {
  const { t } = useTranslation(['backoffice', 'advance']);
  usePageMeta(t('sections.advances'));
  const navigate = useNavigate();
  const list = useResourceList<Row>(BO_ADVANCES_API, { defaultOrder: '-created_at' });
  const active = Object.keys(list.state.filters).length;
  const columns: Column<Row>[] = [
    { key: 'created_at', header: t('advances.columns.date'), type: 'datetime', sortField: 'created_at' },
    {
      key: 'user',
      header: t('desk.columns.customer'),
      primary: true,
      render: (row) => <CustomerCell user={row.user} />,
    },
    { key: 'amount', header: t('advances.columns.amount'), type: 'amount', sortField: 'amount', align: 'right' },
    {
      key: 'outstanding',
      header: t('advances.columns.outstanding'),
      type: 'amount',
      align: 'right',
      hideOnPhone: true,
    },
    { key: 'instalments_count', header: t('advances.columns.instalments'), type: 'number', hideOnPhone: true },
    {
      key: 'status',
      header: t('advances.columns.status'),
      render: (row) => <AdvanceStatusBadge status={row.status} />,
    },
    {
      key: 'flagged',
      header: t('advances.columns.flagged'),
      render: (row) =>
        row.flagged ? (
          <Badge color="orange" variant="light" data-testid={`flagged-${row.id}`}>
            {t('advances.flagged')}
          </Badge>
        ) : (
          // The table's own mark for "nothing here": an empty cell read as missing data on the phone cards.
          '—'
        ),
    },
  ];

  return (
    <Stack gap="md" data-testid="advances-page">
      <FilterPanel active={active}>
        <SelectFilter
          list={list}
          field="status"
          label={t('advances.columns.status')}
          data={ADVANCE_STATUSES.map((status) => ({
            value: String(status),
            label: t(`advance:status.${advanceStatusName(status)}.label`),
          }))}
          w={{ base: '100%', xs: 220 }}
        />
        <SelectFilter
          list={list}
          field="flagged"
          label={t('advances.columns.flagged')}
          data={[
            { value: 'true', label: t('advances.flaggedOnly') },
            { value: 'false', label: t('advances.notFlagged') },
          ]}
        />
        {active > 0 && (
          <Button variant="subtle" onClick={list.resetFilters}>
            {t('resetFilters')}
          </Button>
        )}
      </FilterPanel>
      <ResourceTable
        list={list}
        columns={columns}
        label={t('sections.advances')}
        onOpen={(row) => void navigate(`${ADVANCES_PAGE}${row.id}/`)}
        empty={active > 0 ? t('noMatch') : t('advances.empty')}
        testId="advances-table"
      />
    </Stack>
  );
}
