import { localeOf } from '@lombard/shared/locale';
import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from './queries';
import type { ResourceList } from './use-resource-list';
import type { SelectionControls } from './use-selection';

export interface BulkAction {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  color?: string;
  /** Actions that need explicit rows (not "every filtered row") are disabled in select-all mode. */
  explicitOnly?: boolean;
  loading?: boolean;
  onClick(): void;
}

/** Shown while rows are selected: how many, "select all N results", clear, and the bulk actions. */
export function BulkBar<T extends Row>({
  list,
  selection,
  actions,
}: {
  list: ResourceList<T>;
  selection: SelectionControls;
  actions: BulkAction[];
}) {
  const { t, i18n } = useTranslation('resource');
  const number = new Intl.NumberFormat(localeOf(i18n.language === 'en' ? 'en' : 'it'));
  const size = selection.size(list.count);
  if (size === 0 && !selection.selection.all) return null;
  const pageIds = list.rows.map((r) => r.id);
  const wholePage = selection.pageState(pageIds) === 'all';
  const { all } = selection.selection;
  return (
    <Paper withBorder radius="md" p="xs" px="sm" mb="sm" bg="var(--mantine-primary-color-light)" data-testid="bulk-bar">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text size="sm" fw={600} data-testid="selection-size">
            {all
              ? t('selection.allSelected', { count: size, total: number.format(size) })
              : t('selection.selected', { count: size, total: number.format(size) })}
          </Text>
          {!all && wholePage && list.count > pageIds.length && (
            <Button variant="subtle" size="compact-sm" onClick={selection.selectAll} data-testid="select-all-results">
              {t('selection.selectAll', { count: list.count, total: number.format(list.count) })}
            </Button>
          )}
          <Button
            variant="subtle"
            size="compact-sm"
            color="gray"
            onClick={selection.clear}
            data-testid="clear-selection"
          >
            {t('selection.clear')}
          </Button>
        </Group>
        <Group gap="xs">
          {actions.map((action) => (
            <Button
              key={action.key}
              size="compact-sm"
              variant="light"
              color={action.color}
              leftSection={action.icon}
              loading={action.loading}
              disabled={size === 0 || (action.explicitOnly && all)}
              onClick={action.onClick}
              data-testid={`bulk-${action.key}`}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      </Group>
    </Paper>
  );
}
