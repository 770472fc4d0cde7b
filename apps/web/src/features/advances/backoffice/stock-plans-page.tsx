// Stock plans waiting for the operator: the employer, the vested units and price the customer declared,
// the plan document to check, and the decision — verify (the units become pledgeable) or reject with a
// reason the customer reads. A plan opens in a drawer (stock-plans/{id}/) with its share prices: the
// latest ones and the form that records a day's price (decision 046).

import type { BackofficeStockPlan } from '@lombard/shared/schemas/stock-plans';
import { STOCK_PLAN_STATUSES } from '@lombard/shared/stock-plan-kinds';
import { Anchor, Badge, Box, Button, Group, Stack } from '@mantine/core';
import { IconCheck, IconDownload, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CustomerCell } from '../../../components/backoffice/customer-cell';
import { ReasonModal } from '../../../components/backoffice/reason-modal';
import { unlessShown, useSingleFlight } from '../../../lib/forms/single-flight';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatUnitPrice, formatUnits } from '../../../lib/money/format-units';
import { notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { documentFilePath, downloadFile } from '../../../lib/resource/download';
import { FilterPanel, SelectFilter } from '../../../lib/resource/filters';
import { resourceDetailQuery } from '../../../lib/resource/queries';
import { ResourceDrawer } from '../../../lib/resource/resource-drawer';
import { type Column, ResourceTable } from '../../../lib/resource/resource-table';
import { TruncatedText } from '../../../lib/resource/truncated-text';
import { useResourceList } from '../../../lib/resource/use-resource-list';
import { BO_STOCK_PLANS_API, useStockPlanDecision } from './api';
import { PlanPrices } from './plan-prices';

type Row = BackofficeStockPlan & Record<string, unknown>;
const STATUS_COLOR = { submitted: 'blue', verified: 'teal', rejected: 'red' } as const;

export function StockPlansPage() {
  const { t } = useTranslation('backoffice');
  usePageMeta(t('sections.stockPlans'));
  const language = useLanguage();
  const list = useResourceList<Row>(BO_STOCK_PLANS_API, { defaultOrder: 'created_at' });
  const navigate = useNavigate();
  const { id } = useParams();
  const opened = id === undefined ? null : Number(id);
  const detail = useQuery({
    ...resourceDetailQuery<Row>(BO_STOCK_PLANS_API, opened ?? 0),
    enabled: opened !== null && Number.isInteger(opened),
  });
  // The drawer is a child path of the list, so the list keeps its filters and page underneath.
  const base = '/customer/backoffice/stock-plans/';
  const close = () => void navigate({ pathname: base, search: window.location.search });
  const open = (row: Row) => void navigate({ pathname: `${base}${row.id}/`, search: window.location.search });
  const decide = useStockPlanDecision();
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const active = Object.keys(list.state.filters).length;

  const columns: Column<Row>[] = [
    { key: 'created_at', header: t('advances.columns.date'), type: 'datetime', sortField: 'created_at' },
    {
      key: 'user',
      header: t('desk.columns.customer'),
      primary: true,
      render: (row) => <CustomerCell user={row.user} />,
    },
    {
      key: 'company',
      header: t('plans.columns.company'),
      render: (row) => (
        <Box component="span" display="block">
          <TruncatedText text={row.company} display="block" />
          <TruncatedText text={row.plan_name} display="block" size="xs" c="dimmed" />
        </Box>
      ),
    },
    {
      key: 'vested_units',
      header: t('plans.columns.units'),
      // Units, price and its source in one cell: the status and the actions stay in view on a laptop.
      render: (row) => (
        <Box component="span" display="block">
          <TruncatedText
            text={t('plans.unitsAt', {
              units: formatUnits(row.vested_units, language),
              price: formatUnitPrice(row.unit_price, language),
            })}
            display="block"
          />
          <TruncatedText text={t(`plans.sources.${row.price_source}`)} display="block" size="xs" c="dimmed" />
        </Box>
      ),
    },
    { key: 'value', header: t('plans.columns.value'), type: 'amount', align: 'right' },
    {
      key: 'status',
      header: t('advances.columns.status'),
      render: (row) => (
        <Badge variant="light" color={STATUS_COLOR[row.status]}>
          {t(`plans.status.${row.status}`)}
        </Badge>
      ),
    },
  ];

  // One verification per press: a double-click's second click comes before the button shows it is busy.
  const [verify, verifying] = useSingleFlight(async (row: Row) => {
    try {
      await decide.mutateAsync({ id: row.id, decision: 'verify' });
      notifySuccess(t('plans.verified'));
    } catch (error) {
      unlessShown(error);
    }
  });

  return (
    <Stack gap="md" data-testid="stock-plans-page">
      <FilterPanel active={active}>
        <SelectFilter
          list={list}
          field="status"
          label={t('advances.columns.status')}
          data={STOCK_PLAN_STATUSES.map((value) => ({ value, label: t(`plans.status.${value}`) }))}
        />
      </FilterPanel>
      <ResourceTable
        list={list}
        columns={columns}
        label={t('sections.stockPlans')}
        onOpen={open}
        empty={t('plans.empty')}
        rowActions={(row) => (
          <Group gap={4} wrap="nowrap">
            {row.document_id !== null && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => void downloadFile(documentFilePath(BO_STOCK_PLANS_API, row.id), 'stock-plan')}
                aria-label={t('plans.document')}
              >
                <IconDownload size={16} aria-hidden />
              </Anchor>
            )}
            {row.status === 'submitted' && (
              <>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconCheck size={14} aria-hidden />}
                  loading={verifying}
                  onClick={() => void verify(row)}
                  data-testid={`verify-${row.id}`}
                >
                  {t('plans.verify')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  leftSection={<IconX size={14} aria-hidden />}
                  onClick={() => setRejecting(row)}
                  data-testid={`reject-plan-${row.id}`}
                >
                  {t('desk.reject.action')}
                </Button>
              </>
            )}
          </Group>
        )}
        testId="stock-plans-table"
      />
      <ResourceDrawer
        opened={opened !== null}
        onClose={close}
        title={detail.data ? `${detail.data.company} · ${detail.data.plan_name}` : t('plans.prices.title')}
        loading={detail.isPending}
        testId="stock-plan-drawer"
      >
        {detail.data && <PlanPrices plan={detail.data} />}
      </ResourceDrawer>
      <ReasonModal
        opened={rejecting !== null}
        title={t('plans.rejectTitle')}
        body={t('plans.rejectBody', { company: rejecting?.company ?? '' })}
        success={t('advances.rejected')}
        onClose={() => setRejecting(null)}
        reject={(reason) => decide.mutateAsync({ id: rejecting?.id ?? 0, decision: 'reject', reason })}
      />
    </Stack>
  );
}
