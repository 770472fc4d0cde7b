// The audit log: every operator write, newest first, filterable by action, object, operator and date;
// a row opens what changed, field by field.
import { Badge, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AUDIT_PAGE } from '../../lib/backoffice/paths';
import { usePageMeta } from '../../lib/page-meta';
import { useResourceActions } from '../../lib/resource/actions';
import { BulkBar } from '../../lib/resource/bulk-bar';
import { DateRangeFilter } from '../../lib/resource/date-range-filter';
import { exportXlsxAction } from '../../lib/resource/export-action';
import { FilterPanel, SearchFilter, SelectFilter } from '../../lib/resource/filters';
import { type Column, ResourceTable } from '../../lib/resource/resource-table';
import { useDetailRoute } from '../../lib/resource/use-detail-route';
import { useResourceList } from '../../lib/resource/use-resource-list';
import { useSelection } from '../../lib/resource/use-selection';
import { AUDIT_ACTIONS, AUDIT_API, AUDIT_OBJECTS, type AuditRow } from './api';
import { AuditDrawer } from './audit-drawer';

const ACTION_COLORS: Record<string, string> = {
  delete: 'red',
  disable: 'red',
  enable: 'teal',
  create: 'blue',
  export: 'gray',
};

export function AuditPage() {
  const { t } = useTranslation('backoffice');
  usePageMeta(t('sections.auditLog'));
  const list = useResourceList<AuditRow>(AUDIT_API, { defaultOrder: '-created_at' });
  const selection = useSelection(JSON.stringify(list.state.filters));
  const { exportXlsx } = useResourceActions(AUDIT_API);
  const detail = useDetailRoute(AUDIT_PAGE);
  const hasFilters = Object.keys(list.state.filters).length > 0;

  const columns: Column<AuditRow>[] = [
    { key: 'created_at', header: t('audit.columns.date'), type: 'datetime', sortField: 'created_at', primary: true },
    { key: 'actor_email', header: t('audit.columns.actor'), sortField: 'actor_email' },
    {
      key: 'action',
      header: t('audit.columns.action'),
      sortField: 'action',
      render: (row) => (
        <Badge variant="light" radius="sm" color={ACTION_COLORS[row.action]}>
          {t(`audit.actions.${row.action}`, { defaultValue: row.action })}
        </Badge>
      ),
    },
    {
      key: 'object_type',
      header: t('audit.columns.object'),
      sortField: 'object_type',
      render: (row) => t(`audit.objects.${row.object_type}`, { defaultValue: row.object_type }),
    },
    { key: 'object_id', header: t('audit.columns.objectId'), sortField: 'object_id' },
  ];

  return (
    <Stack gap="md" data-testid="audit-page">
      <FilterPanel active={Object.keys(list.state.filters).length}>
        <SearchFilter list={list} placeholder={t('audit.searchPlaceholder')} />
        <SelectFilter
          list={list}
          field="action"
          label={t('audit.columns.action')}
          data={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) }))}
        />
        <SelectFilter
          list={list}
          field="object_type"
          label={t('audit.columns.object')}
          data={AUDIT_OBJECTS.map((o) => ({ value: o, label: t(`audit.objects.${o}`) }))}
        />
        <DateRangeFilter
          list={list}
          label={t('audit.period')}
          placeholder={t('audit.periodPlaceholder')}
          valueFormat={t('dateFormat')}
        />
        {hasFilters && (
          <Button variant="subtle" onClick={list.resetFilters} data-testid="reset-filters">
            {t('resetFilters')}
          </Button>
        )}
      </FilterPanel>
      <BulkBar
        list={list}
        selection={selection}
        actions={[exportXlsxAction(t('exportXlsx'), exportXlsx, list, selection)]}
      />
      <ResourceTable
        list={list}
        columns={columns}
        label={t('sections.auditLog')}
        selection={selection}
        onOpen={(row) => detail.open(row.id)}
        empty={hasFilters ? t('noMatch') : undefined}
        testId="audit-table"
      />
      <AuditDrawer id={detail.id} onClose={detail.close} />
    </Stack>
  );
}
