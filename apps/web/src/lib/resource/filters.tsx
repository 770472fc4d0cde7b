// Filter inputs bound to a list's state: each change goes to the URL and back to page 1.
import { Badge, Button, Collapse, Group, Select, type SelectProps, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from './queries';
import type { ResourceList } from './use-resource-list';

/** Free-text search (`search` or another text filter), sent 300 ms after typing stops. */
export function SearchFilter<T extends Row>({
  list,
  field = 'search',
  label,
  placeholder,
}: {
  list: ResourceList<T>;
  field?: string;
  label?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation('resource');
  const current = list.state.filters[field] ?? '';
  const [value, setValue] = useState(current);
  // Back/forward and "reset filters" change the URL: follow it.
  useEffect(() => setValue(current), [current]);
  const commit = useDebouncedCallback((text: string) => list.setFilters({ [field]: text }), 300);
  return (
    <TextInput
      label={label ?? t('filters.search')}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      type="search"
      data-testid={`filter-${field}`}
      w={{ base: '100%', xs: 260 }}
    />
  );
}

/** One choice among values; clearing it removes the filter. */
export function SelectFilter<T extends Row>({
  list,
  field,
  ...props
}: { list: ResourceList<T>; field: string } & Omit<SelectProps, 'value' | 'onChange' | 'list'>) {
  const { t } = useTranslation('resource');
  return (
    <Select
      placeholder={t('filters.any')}
      clearable
      value={list.state.filters[field] ?? null}
      onChange={(value) => list.setFilters({ [field]: value })}
      data-testid={`filter-${field}`}
      w={{ base: '100%', xs: 150 }}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}

/**
 * The filters of a list: in a row on wide screens; behind a "Filters (n)" button on a phone, so that the
 * rows come first.
 */
export function FilterPanel({ active, children }: { active: number; children: ReactNode }) {
  const { t } = useTranslation('resource');
  const phone = useMediaQuery('(max-width: 48em)');
  const [opened, { toggle }] = useDisclosure(false);
  if (!phone) {
    return (
      <Group align="flex-end" gap="sm" data-testid="filter-panel">
        {children}
      </Group>
    );
  }
  return (
    <Stack gap="xs" data-testid="filter-panel">
      <Button
        variant="default"
        leftSection={<IconFilter size={16} aria-hidden />}
        rightSection={
          active > 0 ? (
            <Badge size="sm" circle>
              {active}
            </Badge>
          ) : null
        }
        onClick={toggle}
        aria-expanded={opened}
        w="fit-content"
        data-testid="toggle-filters"
      >
        {t('filters.title')}
      </Button>
      <Collapse expanded={opened}>
        <Stack gap="sm">{children}</Stack>
      </Collapse>
    </Stack>
  );
}
