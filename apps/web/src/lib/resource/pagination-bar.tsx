import { PER_PAGE_OPTIONS } from '@lombard/shared/constants';
import { localeOf } from '@lombard/shared/locale';
import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ResourceList } from './use-resource-list';

/** "1–10 of 68", the pages, and the page size (5, 10, 25, 50). */
export function PaginationBar({ list }: { list: ResourceList<never> }) {
  const { t, i18n } = useTranslation('resource');
  const { page, perPage } = list.state;
  const pages = Math.max(1, Math.ceil(list.count / perPage));
  const number = new Intl.NumberFormat(localeOf(i18n.language === 'en' ? 'en' : 'it'));
  const from = list.count === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(list.count, page * perPage);
  return (
    <Group justify="space-between" gap="sm" mt="md" data-testid="pagination-bar">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed" id={`${list.path}-per-page`}>
          {t('perPage')}
        </Text>
        <Select
          aria-labelledby={`${list.path}-per-page`}
          data={PER_PAGE_OPTIONS.map((n) => ({ value: String(n), label: String(n) }))}
          value={String(perPage)}
          onChange={(value) => value && list.setPerPage(Number(value))}
          allowDeselect={false}
          w={80}
          size="xs"
          data-testid="per-page"
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="sm" c="dimmed" data-testid="range">
          {t('range', { from: number.format(from), to: number.format(to), total: number.format(list.count) })}
        </Text>
      </Group>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={(value) => list.setPage(value)}
        size="sm"
        siblings={1}
        boundaries={1}
        getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
        getItemProps={(value) => ({ 'aria-label': t('pagination.page', { page: value }) })}
        data-testid="pagination"
      />
    </Group>
  );
}
