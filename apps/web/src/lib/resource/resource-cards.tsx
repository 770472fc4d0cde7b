// The list on a phone: one card per row — the naming column as its title, the others as label/value
// lines — instead of a table that would scroll sideways.
import { Box, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Row } from './queries';
import type { Column } from './resource-table';

/** Placeholder rows while the first page loads. */
export const SKELETON_ROWS = ['s1', 's2', 's3', 's4', 's5'];

interface Props<T extends Row> {
  rows: T[];
  columns: Column<T>[];
  loading: boolean;
  refreshing: boolean;
  empty: ReactNode;
  renderCell(row: T, column: Column<T>): ReactNode;
  checkbox(row: T): ReactNode;
  rowActions?(row: T): ReactNode;
}

export function ResourceCards<T extends Row>({
  rows,
  columns,
  loading,
  refreshing,
  empty,
  renderCell,
  checkbox,
  rowActions,
}: Props<T>) {
  const primary = columns.find((c) => c.primary) ?? columns[0]!;
  return (
    <Stack gap="sm" style={{ opacity: refreshing ? 0.6 : 1 }}>
      {loading && SKELETON_ROWS.slice(0, 3).map((key) => <Skeleton key={key} h={96} radius="md" />)}
      {!loading && rows.length === 0 && empty}
      {rows.map((row) => (
        <Paper key={row.id} withBorder radius="md" p="sm" data-testid="resource-row">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              {checkbox(row)}
              <Box style={{ minWidth: 0 }}>{renderCell(row, primary)}</Box>
            </Group>
            {rowActions?.(row)}
          </Group>
          <Stack gap={4} mt="xs">
            {columns
              .filter((c) => c !== primary && !c.hideOnPhone)
              .map((column) => (
                <Group key={column.key} justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {column.header}
                  </Text>
                  <Text size="sm" ta="right" component="div" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    {renderCell(row, { ...column, primary: false })}
                  </Text>
                </Group>
              ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
