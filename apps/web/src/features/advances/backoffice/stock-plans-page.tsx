// Stock plans waiting for the operator: the employer, the vested units and price the customer declared,
// the plan document to check, and the decision — verify (the units become pledgeable) or reject with a
// reason the customer reads.

import type { BackofficeStockPlan } from '@lombard/shared/schemas/stock-plans';
import { STOCK_PLAN_STATUSES } from '@lombard/shared/stock-plan-kinds';
import { Anchor, Badge, Box, Button, Group, Stack } from '@mantine/core';
import { IconCheck, IconDownload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerCell } from '../../../components/backoffice/customer-cell';
import { ReasonModal } from '../../../components/backoffice/reason-modal';
import { unlessShown, useSingleFlight } from '../../../lib/forms/single-flight';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatUnitPrice, formatUnits } from '../../../lib/money/format-units';
import { notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { documentFilePath, downloadFile } from '../../../lib/resource/download';
import { FilterPanel, SelectFilter } from '../../../lib/resource/filters';
import { type Column, ResourceTable } from '../../../lib/resource/resource-table';
import { TruncatedText } from '../../../lib/resource/truncated-text';
import { useResourceList } from '../../../lib/resource/use-resource-list';
import { BO_STOCK_PLANS_API, useStockPlanDecision } from './api';

type Row = BackofficeStockPlan & Record<string, unknown>;
const STATUS_COLOR = { submitted: 'blue', verified: 'teal', rejected: 'red' } as const;

export function StockPlansPage() {
  const { t } = useTranslation('backoffice');
  usePageMeta(t('sections.stockPlans'));
  const language = useLanguage();
  const list = useResourceList<Row>(BO_STOCK_PLANS_API, { defaultOrder: 'created_at' });
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
