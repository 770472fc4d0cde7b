// product/: the partner bank's funds as cards, with filters (risk, coupon frequency, on sale) and a sort
// kept in the address bar, so a filtered list can be shared and survives a reload.
import { FREQUENCY_CODES } from '@lombard/shared/constants';
import { PRODUCT_SORTS, PRODUCTS_API_PATH } from '@lombard/shared/product-catalogue';
import type { ProductItem } from '@lombard/shared/schemas/products';
import { Alert, Button, Chip, Group, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CompleteProfileNotice } from '../../../components/complete-profile-notice';
import { EmptyState } from '../../../components/empty-state';
import { PageHeading } from '../../../components/page-heading';
import { usePageMeta } from '../../../lib/page-meta';
import { PaginationBar } from '../../../lib/resource/pagination-bar';
import { useResourceList } from '../../../lib/resource/use-resource-list';
import { useFrequencyLabel } from '../product-format';
import { ProductCard } from './product-card';

type Row = ProductItem & Record<string, unknown>;

const RISKS = ['1', '2', '3', '4', '5', '6', '7'];

export function ProductListPage() {
  const { t } = useTranslation('products');
  usePageMeta(t('list.title'));
  const list = useResourceList<Row>(PRODUCTS_API_PATH, { defaultPerPage: 25 });
  const frequency = useFrequencyLabel();
  const { filters, orderBy } = list.state;
  const risks = filters.risk_indicator__in ? filters.risk_indicator__in.split(',').filter(Boolean) : [];
  const active = ['risk_indicator__in', 'coupon_frequency', 'on_sale'].filter((key) => filters[key]).length;

  return (
    <Stack gap="md" data-testid="products-list">
      <PageHeading title={t('list.title')} description={t('list.description')} />
      <CompleteProfileNotice where="funds" />
      <Stack gap="sm" component="section" aria-label={t('list.filters')}>
        <Group gap="xs" align="center">
          <Text size="sm" fw={600} id="risk-filter-label">
            {t('list.risk')}
          </Text>
          <Chip.Group
            multiple
            value={risks}
            onChange={(values) =>
              list.setFilters({ risk_indicator__in: values.length ? [...values].sort().join(',') : null })
            }
          >
            <Group gap={4} role="group" aria-labelledby="risk-filter-label">
              {RISKS.map((risk) => (
                <Chip key={risk} value={risk} size="xs" data-testid={`risk-filter-${risk}`}>
                  {risk}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('list.frequency')}
            placeholder={t('list.any')}
            data={FREQUENCY_CODES.map((code) => ({ value: code, label: frequency(code) }))}
            value={filters.coupon_frequency ?? null}
            onChange={(value) => list.setFilters({ coupon_frequency: value })}
            clearable
            w={200}
            data-testid="frequency-filter"
            comboboxProps={{ withinPortal: true }}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="on-sale-filter-label">
              {t('list.availability')}
            </Text>
            <SegmentedControl
              aria-labelledby="on-sale-filter-label"
              value={filters.on_sale ?? 'all'}
              onChange={(value) => list.setFilters({ on_sale: value === 'all' ? null : value })}
              data={[
                { value: 'all', label: t('list.all') },
                { value: 'True', label: t('onSale') },
                { value: 'False', label: t('notOnSale') },
              ]}
              data-testid="on-sale-filter"
            />
          </div>
          <Select
            label={t('list.sort')}
            data={PRODUCT_SORTS.map((sort) => ({ value: sort, label: t(`list.sorts.${sort}`) }))}
            value={orderBy ?? null}
            placeholder={t('list.sorts.default')}
            onChange={(value) => list.setOrderBy(value)}
            clearable
            w={240}
            data-testid="product-sort"
            comboboxProps={{ withinPortal: true }}
          />
          {active > 0 && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={() => list.resetFilters()}
              data-testid="reset-filters"
            >
              {t('list.reset')}
            </Button>
          )}
        </Group>
      </Stack>
      {list.query.isError ? (
        <Alert color="red">{t('list.error')}</Alert>
      ) : list.query.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {['a', 'b', 'c'].map((key) => (
            <Skeleton key={key} height={300} radius="lg" />
          ))}
        </SimpleGrid>
      ) : list.rows.length === 0 ? (
        <EmptyState
          icon={IconSearch}
          title={t('list.empty.title')}
          description={t('list.empty.description')}
          testId="products-empty"
          action={
            active > 0 ? (
              <Button variant="light" onClick={() => list.resetFilters()}>
                {t('list.reset')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="product-cards">
            {list.rows.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </SimpleGrid>
          <PaginationBar list={list as never} />
        </>
      )}
    </Stack>
  );
}
