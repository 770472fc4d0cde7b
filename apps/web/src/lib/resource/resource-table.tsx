// The list of a resource: server-side pages, sorting by column header (order_by__), row checkboxes
// with select-all across pages, empty and loading states, and on a phone one card per row.
import { nextOrder } from '@lombard/shared/query-string';
import {
  Anchor,
  Box,
  Center,
  Checkbox,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconDatabaseOff, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../table-scroll';
import { Cell } from './cell';
import type { CellType } from './format';
import { PaginationBar } from './pagination-bar';
import type { Row } from './queries';
import { ResourceCards, SKELETON_ROWS } from './resource-cards';
import type { ResourceList } from './use-resource-list';
import type { SelectionControls } from './use-selection';

export interface Column<T extends Row> {
  key: string;
  header: ReactNode;
  /** The order_by__ field; columns without one are not sortable. */
  sortField?: string;
  type?: CellType;
  /** Custom cell content; default: the value of `key` formatted for `type`. */
  render?(row: T): ReactNode;
  align?: 'left' | 'right' | 'center';
  /** The column that names the row: a link opening the detail, and the title of a card on phones. */
  primary?: boolean;
  /** Left out of phone cards (secondary information). */
  hideOnPhone?: boolean;
  width?: number | string;
}

interface Props<T extends Row> {
  list: ResourceList<T>;
  columns: Column<T>[];
  /** Accessible name of the table. */
  label: string;
  selection?: SelectionControls;
  onOpen?(row: T): void;
  rowActions?(row: T): ReactNode;
  empty?: ReactNode;
  /** Minimum width before the table scrolls sideways. */
  minWidth?: number;
  testId?: string;
}

function SortHeader({
  label,
  field,
  order,
  onSort,
}: {
  label: ReactNode;
  field: string;
  order: string | null;
  onSort(next: string | null): void;
}) {
  const { t } = useTranslation('resource');
  const direction = order === field ? 'ascending' : order === `-${field}` ? 'descending' : 'none';
  const Icon = direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconSelector;
  return (
    <UnstyledButton
      onClick={() => onSort(nextOrder(order, field))}
      aria-label={t(
        `sort.${direction === 'ascending' ? 'descending' : direction === 'descending' ? 'none' : 'ascending'}`,
        { column: typeof label === 'string' ? label : field },
      )}
      data-testid={`sort-${field}`}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700, fontSize: 'inherit' }}
    >
      {label}
      <Icon size={14} stroke={2} aria-hidden style={{ opacity: direction === 'none' ? 0.4 : 1 }} />
    </UnstyledButton>
  );
}

function ariaSort(order: string | null, field?: string): 'ascending' | 'descending' | undefined {
  if (!field) return undefined;
  if (order === field) return 'ascending';
  if (order === `-${field}`) return 'descending';
  return undefined;
}

export function ResourceTable<T extends Row>({
  list,
  columns,
  label,
  selection,
  onOpen,
  rowActions,
  empty,
  minWidth = 760,
  testId,
}: Props<T>) {
  const { t } = useTranslation('resource');
  const phone = useMediaQuery('(max-width: 48em)');
  const { rows, query } = list;
  const loading = query.isPending;
  const refreshing = query.isFetching && !loading;
  const pageIds = rows.map((r) => r.id);
  const headerState = selection?.pageState(pageIds) ?? 'none';

  const content = (row: T, column: Column<T>) => {
    const value = column.render ? column.render(row) : <Cell type={column.type} value={row[column.key]} />;
    if (!column.primary || !onOpen) return value;
    return (
      <Anchor
        component="button"
        type="button"
        onClick={(event) => {
          // The row opens the detail too; one open per click.
          event.stopPropagation();
          onOpen(row);
        }}
        fw={600}
        size="sm"
        ta="left"
        data-testid="open-row"
      >
        {value}
      </Anchor>
    );
  };

  const checkbox = (row: T) =>
    selection && (
      <Checkbox
        aria-label={t('selection.row', { id: row.id })}
        checked={selection.isSelected(row.id)}
        onChange={() => selection.toggle(row.id)}
        onClick={(event) => event.stopPropagation()}
        data-testid="row-checkbox"
      />
    );

  const emptyState = (
    <Center py="xl" data-testid="empty-state">
      <Stack align="center" gap={6}>
        <IconDatabaseOff size={32} stroke={1.4} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text c="dimmed" size="sm">
          {empty ?? t('empty')}
        </Text>
      </Stack>
    </Center>
  );

  if (phone) {
    return (
      <Box data-testid={testId ?? 'resource-table'} aria-busy={query.isFetching} aria-label={label} role="region">
        {selection && rows.length > 0 && (
          <Checkbox
            mb="sm"
            label={t('selection.page')}
            checked={headerState === 'all'}
            indeterminate={headerState === 'some'}
            onChange={() => selection.togglePage(pageIds)}
            data-testid="page-checkbox"
          />
        )}
        <ResourceCards
          rows={rows}
          columns={columns}
          loading={loading}
          refreshing={refreshing}
          empty={emptyState}
          renderCell={content}
          checkbox={checkbox}
          rowActions={rowActions}
        />
        <PaginationBar list={list as unknown as ResourceList<never>} />
      </Box>
    );
  }

  return (
    <Box data-testid={testId ?? 'resource-table'}>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <TableScroll minWidth={minWidth}>
          <Table
            highlightOnHover
            verticalSpacing="sm"
            horizontalSpacing="sm"
            aria-label={label}
            aria-busy={query.isFetching}
            stickyHeader
          >
            <Table.Thead>
              <Table.Tr>
                {selection && (
                  <Table.Th w={44}>
                    <Checkbox
                      aria-label={t('selection.page')}
                      checked={headerState === 'all'}
                      indeterminate={headerState === 'some'}
                      disabled={rows.length === 0}
                      onChange={() => selection.togglePage(pageIds)}
                      data-testid="page-checkbox"
                    />
                  </Table.Th>
                )}
                {columns.map((column) => (
                  <Table.Th
                    key={column.key}
                    ta={column.align}
                    w={column.width}
                    aria-sort={ariaSort(list.state.orderBy, column.sortField)}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {column.sortField ? (
                      <SortHeader
                        label={column.header}
                        field={column.sortField}
                        order={list.state.orderBy}
                        onSort={list.setOrderBy}
                      />
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                ))}
                {rowActions && (
                  <Table.Th w={1}>
                    <VisuallyHidden>{t('actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ opacity: refreshing ? 0.6 : 1, transition: 'opacity 120ms' }}>
              {loading &&
                SKELETON_ROWS.slice(0, Math.min(list.state.perPage, SKELETON_ROWS.length)).map((key) => (
                  <Table.Tr key={key}>
                    {selection && <Table.Td />}
                    {columns.map((column) => (
                      <Table.Td key={column.key}>
                        <Skeleton h={14} radius="sm" />
                      </Table.Td>
                    ))}
                    {rowActions && <Table.Td />}
                  </Table.Tr>
                ))}
              {!loading && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columns.length + (selection ? 1 : 0) + (rowActions ? 1 : 0)}>
                    {emptyState}
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((row) => (
                <Table.Tr
                  key={row.id}
                  data-testid="resource-row"
                  data-row-id={row.id}
                  bg={selection?.isSelected(row.id) ? 'var(--mantine-primary-color-light)' : undefined}
                  onClick={onOpen ? () => onOpen(row) : undefined}
                  style={onOpen ? { cursor: 'pointer' } : undefined}
                >
                  {selection && <Table.Td>{checkbox(row)}</Table.Td>}
                  {columns.map((column) => (
                    // Cells keep to one line (long text is already cut at 40 characters); narrow screens scroll.
                    <Table.Td
                      key={column.key}
                      ta={column.align}
                      // Right-aligned columns hold figures: digits of equal width line up from row to row.
                      style={{
                        whiteSpace: 'nowrap',
                        fontVariantNumeric: column.align === 'right' ? 'tabular-nums' : undefined,
                      }}
                    >
                      {content(row, column)}
                    </Table.Td>
                  ))}
                  {rowActions && (
                    <Table.Td onClick={(event) => event.stopPropagation()} style={{ whiteSpace: 'nowrap' }}>
                      {rowActions(row)}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Paper>
      <PaginationBar list={list as unknown as ResourceList<never>} />
    </Box>
  );
}
