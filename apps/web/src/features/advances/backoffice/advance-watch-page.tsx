// What needs watching on running advances: instalments the interest job could not collect (overdue) and
// margin calls still open, each with its customer and a link to the advance's review page. The margin-call
// desk's steps (docs/decisions/038): offer forbearance, then, once the grace period has passed without a
// cure, enforce by selling pledged units (the server refuses it earlier, with its reason).
import type { backofficeInstalmentSchema, backofficeMarginCallSchema } from '@lombard/shared/schemas/advances';
import { Anchor, Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ADVANCES_PAGE } from '../../../lib/backoffice/paths';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { newIdempotencyKey } from '../../../lib/money/idempotency-key';
import { notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { ConfirmDialog } from '../../../lib/resource/confirm-dialog';
import { type Column, ResourceTable } from '../../../lib/resource/resource-table';
import { TruncatedText } from '../../../lib/resource/truncated-text';
import { useResourceList } from '../../../lib/resource/use-resource-list';
import { BO_INSTALMENTS_API, BO_MARGIN_CALLS_API, useMarginCallStep } from './api';

type InstalmentRow = z.infer<typeof backofficeInstalmentSchema> & Record<string, unknown>;
type MarginCallRow = z.infer<typeof backofficeMarginCallSchema> & Record<string, unknown>;
type Person = { id: number; email: string | null; full_name: string | null };

function PersonCell({ user }: { user: Person }) {
  return (
    <Box component="span" display="block">
      <TruncatedText text={user.full_name || user.email || `#${user.id}`} display="block" />
      {user.full_name && user.email && <TruncatedText text={user.email} display="block" size="xs" c="dimmed" />}
    </Box>
  );
}

function AdvanceLink({ id }: { id: number }) {
  const { t } = useTranslation('backoffice');
  return (
    <Anchor component={Link} to={`${ADVANCES_PAGE}${id}/`} size="sm">
      {t('watch.openAdvance', { id })}
    </Anchor>
  );
}

/** A figure and, under it, a smaller line that qualifies it (the limit under what is owed, and so on). */
function TwoLines({ first, second }: { first: string; second: string }) {
  return (
    <Box component="span" display="block">
      <Text size="sm" span display="block" style={{ whiteSpace: 'nowrap' }}>
        {first}
      </Text>
      <Text size="xs" c="dimmed" span display="block">
        {second}
      </Text>
    </Box>
  );
}

function ForbearanceStatus({ row }: { row: MarginCallRow }) {
  const { t } = useTranslation('backoffice');
  if (row.resolution) return <Badge variant="light">{t(`watch.resolution.${row.resolution}`)}</Badge>;
  if (!row.forbearance_offered_at)
    return (
      <Text size="sm" c="dimmed">
        {t('watch.forbearance.none')}
      </Text>
    );
  return (
    <Text size="sm">
      {t(row.forbearance_answer ? `watch.forbearance.answer.${row.forbearance_answer}` : 'watch.forbearance.waiting')}
    </Text>
  );
}

/** Where forbearance stands and, under it, the desk's next steps: in one column, so that they stay in view. */
function ForbearanceCell({ row }: { row: MarginCallRow }) {
  return (
    <Stack gap={6} align="flex-start">
      <ForbearanceStatus row={row} />
      <CallSteps row={row} />
    </Stack>
  );
}

function CallSteps({ row }: { row: MarginCallRow }) {
  const { t } = useTranslation('backoffice');
  const step = useMarginCallStep();
  const [asked, setAsked] = useState<'forbearance' | 'enforce' | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  if (row.resolution) return null;
  const run = (which: 'forbearance' | 'enforce') =>
    step.mutate(
      { id: row.id, step: which, key },
      {
        onSuccess: () => {
          notifySuccess(t(`watch.done.${which}`));
          setAsked(null);
        },
        onSettled: () => setKey(newIdempotencyKey()),
      },
    );
  return (
    <Group gap={6}>
      {!row.forbearance_offered_at && (
        <Button size="xs" variant="light" onClick={() => setAsked('forbearance')} data-testid={`offer-${row.id}`}>
          {t('watch.steps.forbearance')}
        </Button>
      )}
      <Button
        size="xs"
        variant="light"
        color="red"
        onClick={() => setAsked('enforce')}
        data-testid={`enforce-${row.id}`}
      >
        {t('watch.steps.enforce')}
      </Button>
      <ConfirmDialog
        opened={asked !== null}
        title={asked ? t(`watch.confirm.${asked}.title`) : ''}
        message={asked ? t(`watch.confirm.${asked}.message`) : ''}
        danger={asked === 'enforce'}
        loading={step.isPending}
        onConfirm={() => asked && run(asked)}
        onCancel={() => setAsked(null)}
      />
    </Group>
  );
}

export function AdvanceWatchPage() {
  const { t } = useTranslation('backoffice');
  const language = useLanguage();
  const money = (value: string) => formatMoney(value, language);
  usePageMeta(t('sections.advanceWatch'));
  const overdue = useResourceList<InstalmentRow>(BO_INSTALMENTS_API, {
    defaultOrder: 'due_date',
    bindToUrl: false,
    initialFilters: { state: 'overdue' },
  });
  const calls = useResourceList<MarginCallRow>(BO_MARGIN_CALLS_API, {
    defaultOrder: 'opened_at',
    bindToUrl: false,
    initialFilters: { open: 'true' },
  });

  const instalmentColumns: Column<InstalmentRow>[] = [
    { key: 'due_date', header: t('watch.columns.dueDate'), type: 'date', sortField: 'due_date' },
    { key: 'user', header: t('desk.columns.customer'), primary: true, render: (row) => <PersonCell user={row.user} /> },
    { key: 'number', header: t('watch.columns.number'), type: 'number' },
    { key: 'total', header: t('watch.columns.amount'), type: 'amount', align: 'right' },
    { key: 'advance_id', header: t('watch.columns.advance'), render: (row) => <AdvanceLink id={row.advance_id} /> },
  ];
  // Five columns, two lines a cell: with ten, the forbearance and enforcement steps sat past the right edge
  // of a 1280 px screen, behind a sideways scroll.
  const callColumns: Column<MarginCallRow>[] = [
    { key: 'opened_at', header: t('watch.columns.openedAt'), type: 'date', sortField: 'opened_at' },
    {
      key: 'user',
      header: t('desk.columns.customer'),
      primary: true,
      render: (row) => (
        <Stack gap={2}>
          <PersonCell user={row.user} />
          <AdvanceLink id={row.advance_id} />
        </Stack>
      ),
    },
    {
      key: 'outstanding',
      header: t('watch.columns.owedLimit'),
      render: (row) => (
        <TwoLines first={money(row.outstanding)} second={t('watch.limitOf', { amount: money(row.limit) })} />
      ),
    },
    {
      key: 'shortfall',
      header: t('watch.columns.toCure'),
      render: (row) => (
        <TwoLines
          first={
            row.grace_until
              ? t('watch.cureBy', { amount: money(row.shortfall), date: formatDate(row.grace_until, language) })
              : money(row.shortfall)
          }
          second={t('watch.orCollateral', { amount: money(row.collateral_to_add) })}
        />
      ),
    },
    { key: 'forbearance', header: t('watch.columns.forbearance'), render: (row) => <ForbearanceCell row={row} /> },
  ];

  return (
    <Stack gap="lg" data-testid="advance-watch-page">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('watch.overdue')}
        </Title>
        <ResourceTable
          list={overdue}
          columns={instalmentColumns}
          label={t('watch.overdue')}
          empty={t('watch.noOverdue')}
          testId="overdue-table"
        />
      </Stack>
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {t('watch.marginCalls')}
        </Title>
        <ResourceTable
          list={calls}
          columns={callColumns}
          label={t('watch.marginCalls')}
          empty={t('watch.noMarginCalls')}
          testId="margin-calls-table"
        />
      </Stack>
    </Stack>
  );
}
