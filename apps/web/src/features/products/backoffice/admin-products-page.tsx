// Back office, products: the list with on-sale and status, create and edit in a drawer, enable/disable,
// the on-sale switch, and the NAVs of each product (record or correct one).

import { BACKOFFICE_PRODUCTS_API_PATH } from '@lombard/shared/product-catalogue';
import type { BackofficeProduct } from '@lombard/shared/schemas/products';
import { Badge, Button, Divider, Group, Stack, Switch, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { RiskScale } from '../../../components/risk-scale';
import { formatDate, formatNumber } from '../../../lib/format';
import { usePageMeta } from '../../../lib/page-meta';
import { useResourceActions } from '../../../lib/resource/actions';
import { SearchFilter } from '../../../lib/resource/filters';
import { resourceDetailQuery } from '../../../lib/resource/queries';
import { ResourceDrawer } from '../../../lib/resource/resource-drawer';
import { type Column, ResourceTable } from '../../../lib/resource/resource-table';
import { useResourceList } from '../../../lib/resource/use-resource-list';
import { useLanguage } from '../product-format';
import { AdminNavForm } from './admin-nav-form';
import { AdminProductForm } from './admin-product-form';

type Row = BackofficeProduct & Record<string, unknown>;
const PATH = BACKOFFICE_PRODUCTS_API_PATH;
const NEW = 'new';

export function AdminProductsPage() {
  const { t } = useTranslation('products');
  const language = useLanguage();
  usePageMeta(t('admin.title'));
  const navigate = useNavigate();
  const { id } = useParams();
  const list = useResourceList<Row>(PATH, { defaultOrder: 'position' });
  const { save, setStatus } = useResourceActions<Row>(PATH);
  const editing = id && id !== NEW ? Number(id) : null;
  const detail = useQuery({ ...resourceDetailQuery<Row>(PATH, editing ?? 0), enabled: editing !== null });
  // The drawer is a child path of the list, so the list keeps its filters and page underneath.
  const base = '/customer/backoffice/products/';
  const close = () => void navigate({ pathname: base, search: window.location.search });
  const open = (target: string | number) =>
    void navigate({ pathname: `${base}${target}/`, search: window.location.search });

  const columns: Column<Row>[] = [
    {
      key: 'name',
      header: t('admin.fields.name'),
      sortField: 'name',
      primary: true,
      render: (row) => (
        <div>
          <Text size="sm" fw={600}>
            {row.name}
          </Text>
          <Text size="xs" c="dimmed">
            {row.isin}
          </Text>
        </div>
      ),
    },
    {
      key: 'risk_indicator',
      header: t('fields.risk'),
      sortField: 'risk_indicator',
      render: (row) => (
        <RiskScale value={row.risk_indicator} label={t('riskLabel', { value: row.risk_indicator })} size={16} />
      ),
    },
    {
      key: 'nav',
      header: t('fields.nav'),
      align: 'right',
      render: (row) =>
        row.nav ? (
          <div>
            <Text size="sm">{formatNumber(row.nav, language, 6)}</Text>
            <Text size="xs" c="dimmed">
              {row.nav_date ? formatDate(row.nav_date, language) : ''}
            </Text>
          </div>
        ) : (
          '—'
        ),
    },
    {
      key: 'on_sale',
      header: t('onSale'),
      render: (row) => (
        <Switch
          checked={row.on_sale}
          aria-label={t('admin.toggleOnSale', { name: row.name })}
          onChange={(event) => save.mutate({ id: row.id, values: { on_sale: event.currentTarget.checked } })}
          onClick={(event) => event.stopPropagation()}
          data-testid={`on-sale-${row.id}`}
        />
      ),
    },
    {
      key: 'status',
      header: t('admin.status'),
      sortField: 'status',
      render: (row) => (
        <Badge color={row.status === 1 ? 'teal' : 'gray'} variant="light">
          {row.status_name}
        </Badge>
      ),
    },
  ];

  return (
    <Stack gap="md" data-testid="admin-products">
      {/* The back office's layout already titles the page; the action sits beside the search, as on the
          other desks. */}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <SearchFilter list={list} label={t('admin.search')} />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open(NEW)} data-testid="admin-new">
          {t('admin.new')}
        </Button>
      </Group>
      <ResourceTable
        list={list}
        columns={columns}
        label={t('admin.title')}
        onOpen={(row) => open(row.id)}
        empty={t('admin.empty')}
        minWidth={720}
        rowActions={(row) => (
          <Button
            size="xs"
            variant="subtle"
            color={row.status === 1 ? 'red' : 'teal'}
            loading={setStatus.isPending && setStatus.variables?.id === row.id}
            onClick={() => setStatus.mutate({ id: row.id, enabled: row.status !== 1 })}
          >
            {row.status === 1 ? t('admin.disable') : t('admin.enable')}
          </Button>
        )}
      />
      <ResourceDrawer
        opened={id !== undefined}
        onClose={close}
        title={id === NEW ? t('admin.new') : (detail.data?.name ?? t('admin.edit'))}
        loading={editing !== null && detail.isPending}
        testId="admin-product-drawer"
      >
        {(id === NEW || detail.data) && (
          <Stack gap="lg">
            <AdminProductForm
              key={detail.data?.id ?? NEW}
              product={id === NEW ? null : (detail.data ?? null)}
              saving={save.isPending}
              onCancel={close}
              onSave={async (values) => {
                const saved = await save.mutateAsync({
                  id: editing,
                  values,
                  method: editing === null ? undefined : 'PUT',
                });
                if (editing === null) open(saved.id);
              }}
            />
            {detail.data && editing !== null && (
              <>
                <Divider />
                <AdminNavForm path={PATH} productId={editing} recent={detail.data.recent_navs} />
              </>
            )}
          </Stack>
        )}
      </ResourceDrawer>
    </Stack>
  );
}
