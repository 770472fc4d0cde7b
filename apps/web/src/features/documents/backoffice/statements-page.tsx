// The back office's Statements: every contract note, statement of assets, costs report and advance
// statement in force, by customer; an operator draws one again from the books (a template fixed, a figure
// corrected). The customer is not e-mailed again: they were told when it was first issued.
import { Box, Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { ConfirmDialog } from '../../../lib/resource/confirm-dialog';
import { FilterPanel, SearchFilter, SelectFilter } from '../../../lib/resource/filters';
import { type Column, ResourceTable } from '../../../lib/resource/resource-table';
import { TruncatedText } from '../../../lib/resource/truncated-text';
import { useResourceList } from '../../../lib/resource/use-resource-list';
import { STATEMENT_KINDS, STATEMENTS_API, type StatementRow, useRegenerateStatement } from './statements-api';

export function StatementsPage() {
  const { t } = useTranslation('backoffice');
  usePageMeta(t('sections.statements'));
  const list = useResourceList<StatementRow>(STATEMENTS_API, { defaultOrder: '-created_at' });
  const regenerate = useRegenerateStatement();
  const [drawing, setDrawing] = useState<StatementRow | null>(null);
  const hasFilters = Object.keys(list.state.filters).length > 0;

  const columns: Column<StatementRow>[] = [
    {
      key: 'created_at',
      header: t('statements.columns.createdAt'),
      type: 'datetime',
      sortField: 'created_at',
      primary: true,
    },
    {
      key: 'user',
      header: t('statements.columns.customer'),
      sortField: 'user_email',
      render: (row) => (
        <Box component="span" display="block">
          <TruncatedText text={row.user.full_name || row.user.email || '—'} display="block" />
          {row.user.full_name && row.user.email && (
            <Text span display="block" size="xs" c="dimmed">
              {row.user.email}
            </Text>
          )}
        </Box>
      ),
    },
    { key: 'kind_name', header: t('statements.columns.kind'), sortField: 'kind' },
    { key: 'subject', header: t('statements.columns.subject') },
  ];

  return (
    <Stack gap="md" data-testid="statements-page">
      <Text size="sm" c="dimmed" maw={720}>
        {t('statements.intro')}
      </Text>
      <FilterPanel active={Object.keys(list.state.filters).length}>
        <SearchFilter list={list} placeholder={t('statements.searchPlaceholder')} />
        <SelectFilter
          list={list}
          field="kind"
          label={t('statements.columns.kind')}
          data={STATEMENT_KINDS.map((kind) => ({ value: kind, label: t(`statements.kinds.${kind}`) }))}
        />
        {hasFilters && (
          <Button variant="subtle" onClick={list.resetFilters}>
            {t('resetFilters')}
          </Button>
        )}
      </FilterPanel>
      <ResourceTable
        list={list}
        columns={columns}
        label={t('sections.statements')}
        empty={hasFilters ? t('noMatch') : t('statements.empty')}
        rowActions={(row) => (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={() => setDrawing(row)}
            data-testid={`regenerate-${row.id}`}
          >
            {t('statements.regenerate')}
          </Button>
        )}
        testId="statements-table"
      />
      <ConfirmDialog
        opened={drawing !== null}
        title={t('statements.confirmTitle')}
        message={
          drawing &&
          t('statements.confirmMessage', {
            kind: drawing.kind_name,
            subject: drawing.subject,
            person: drawing.user.full_name || drawing.user.email,
          })
        }
        confirmLabel={t('statements.regenerate')}
        loading={regenerate.isPending}
        onCancel={() => setDrawing(null)}
        onConfirm={async () => {
          if (!drawing) return;
          await regenerate.mutateAsync(drawing.id);
          setDrawing(null);
          notifySuccess(t('statements.done'));
        }}
      />
    </Stack>
  );
}
