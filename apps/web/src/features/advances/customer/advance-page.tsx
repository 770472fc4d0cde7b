// loan/{id}/: one advance — its status in words, a margin call when there is one, the figures, what the
// customer may do now (cancel before signing, sign with the code, repay early, withdraw within 14 days,
// swap collateral), the schedule with each instalment paid, due or overdue, documents and timeline.
import { ADVANCE_STATUS } from '@lombard/shared/advance-status';
import type { AdvanceDetail } from '@lombard/shared/schemas/advances';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { SummaryRow } from '../../../components/summary-row';
import { formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { ConfirmDialog } from '../../../lib/resource/confirm-dialog';
import { CollateralSection, DocumentsSection, TimelineSection } from '../advance-sections';
import { AdvanceStatusBadge, AdvanceStatusText } from '../advance-status';
import { MarginCallAlert } from '../margin-call-alert';
import { ScheduleTable, scheduleRows } from '../schedule-table';
import { advanceDetailQuery, borrowingPowerQuery, useCancelAdvance } from './api';
import { AprRow } from './apr-explanation';
import { CreditReviewPanel } from './credit-review-panel';
import { MarginAlertPanel } from './margin-alert-panel';
import { LOAN_PAGE } from './queries';
import { RepaymentPanel } from './repayment-panel';
import { RiskPanel } from './risk-panel';
import { SignPanel } from './sign-panel';
import { StatementButton } from './statement-button';
import { SwapPanel } from './swap-panel';
import { WithdrawPanel } from './withdraw-panel';
import { WithdrawalCountdown } from './withdrawal-countdown';

/** The next instalment still to pay: an overdue one first, else the earliest scheduled. */
export function nextInstalment(advance: AdvanceDetail) {
  return (
    advance.instalments.find((item) => item.state === 'overdue') ??
    advance.instalments.find((item) => item.state === 'scheduled') ??
    null
  );
}

function Actions({ advance }: { advance: AdvanceDetail }) {
  const { t } = useTranslation('loan');
  const power = useQuery({ ...borrowingPowerQuery, enabled: advance.status === ADVANCE_STATUS.active });
  const actions = new Set(advance.allowed_actions);
  const tabs = [
    actions.has('sign') && {
      key: 'sign',
      node: (
        <SignPanel
          advanceId={advance.id}
          contractUrl={advance.documents.find((document) => document.kind === 'contract')?.url}
        />
      ),
    },
    actions.has('repay') && { key: 'repay', node: <RepaymentPanel advance={advance} /> },
    actions.has('withdraw') && advance.can_withdraw && { key: 'withdraw', node: <WithdrawPanel advance={advance} /> },
    advance.status === ADVANCE_STATUS.active &&
      power.data && { key: 'swap', node: <SwapPanel advance={advance} power={power.data} /> },
  ].filter((tab): tab is { key: string; node: React.ReactElement } => Boolean(tab));
  const [tab, setTab] = useState<string | null>(tabs[0]?.key ?? null);
  if (tabs.length === 0) return null;
  // After a step (signed, repaid) the chosen action may be gone: the first one left is shown.
  const shown = tabs.some(({ key }) => key === tab) ? tab : tabs[0]!.key;
  return (
    <Paper withBorder radius="md" p="md" data-testid="advance-actions">
      <Tabs value={shown} onChange={setTab}>
        {/* One row that scrolls sideways on a phone, as the back office's tabs do: wrapped, the third tab
            sat on a second line without the underline. */}
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
          {tabs.map(({ key }) => (
            <Tabs.Tab key={key} value={key} data-testid={`action-${key}`}>
              {t(`detail.actions.${key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map(({ key, node }) => (
          <Tabs.Panel key={key} value={key} pt="md">
            {node}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}

export function AdvancePage() {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...advanceDetailQuery(id), enabled: valid });
  const cancel = useCancelAdvance(id);
  const [cancelling, setCancelling] = useState(false);
  usePageMeta(t('detail.title'));

  if (!valid) return <Navigate to={LOAN_PAGE} replace />;
  const back = { to: LOAN_PAGE, label: t('detail.back') };
  if (!detail.data) return <Skeleton h={480} radius="md" />;
  const advance = detail.data;
  const next = nextInstalment(advance);

  return (
    <Stack gap="lg" maw={960} data-testid="advance-page">
      <PageHeading title={t('detail.title')} back={back} />
      <Stack gap={6}>
        <Group gap="sm">
          <Title order={2} fz="xl">
            {formatMoney(advance.amount, language)}
          </Title>
          <AdvanceStatusBadge status={advance.status} />
        </Group>
        <AdvanceStatusText status={advance.status} />
      </Stack>
      {advance.margin_call && <MarginCallAlert call={advance.margin_call} />}
      {advance.withdrawal_deadline && advance.can_withdraw && <WithdrawalCountdown advance={advance} />}
      <CreditReviewPanel advance={advance} />
      {advance.reason && (
        <Alert color="red" title={t('detail.reason')} data-testid="advance-reason">
          {advance.reason}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md" data-testid="advance-figures">
        {/* A wide gutter between the columns: with a narrow one a figure ran into the next column's label. */}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={{ base: 'xs', sm: 'xl' }} verticalSpacing={6}>
          {/* Owed and paid back once the money is paid out: before, "Still owed €0.00" under a request of
              €9,876.54 read as if nothing would be owed. */}
          {advance.disbursed_at && (
            <>
              <SummaryRow
                label={t('figures.outstanding')}
                value={formatMoney(advance.outstanding, language)}
                strong
                testId="advance-outstanding"
              />
              <SummaryRow
                label={t('figures.paidBack')}
                value={formatMoney(advance.paid_back, language)}
                testId="advance-paid-back"
              />
            </>
          )}
          <SummaryRow label={t('figures.rate')} value={formatPercent(advance.annual_rate, language)} />
          <AprRow apr={advance.apr} source={{ advanceId: advance.id }} testId="advance-apr" />
          <SummaryRow label={t('figures.totalInterest')} value={formatMoney(advance.total_interest, language)} />
          <SummaryRow
            label={t('figures.maturity')}
            value={advance.maturity_date ? formatDate(advance.maturity_date, language) : '—'}
          />
          {next && (
            <SummaryRow
              label={t('figures.nextInstalment')}
              value={t('detail.nextInstalment', {
                amount: formatMoney(next.total, language),
                date: formatDate(next.due_date, language),
              })}
              testId="advance-next"
            />
          )}
          {/* Only while the right lasts: after a withdrawal, or once the days are over, it is no offer. */}
          {advance.withdrawal_deadline && advance.can_withdraw && (
            <SummaryRow
              label={t('figures.withdrawalDeadline')}
              value={formatDate(advance.withdrawal_deadline, language)}
            />
          )}
        </SimpleGrid>
      </Paper>
      {advance.status === ADVANCE_STATUS.active && <MarginAlertPanel advanceId={advance.id} />}
      {advance.status === ADVANCE_STATUS.active && <RiskPanel advanceId={advance.id} />}
      <Actions advance={advance} />
      {advance.allowed_actions.includes('cancel') && (
        <Group>
          <Button variant="subtle" color="red" onClick={() => setCancelling(true)} data-testid="cancel-advance">
            {t('detail.cancel')}
          </Button>
        </Group>
      )}
      {advance.instalments.length > 0 && (
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Title order={2} fz="md">
              {t('detail.schedule')}
            </Title>
            {advance.disbursed_at && <StatementButton advanceId={advance.id} />}
          </Group>
          <ScheduleTable rows={scheduleRows(advance.instalments)} language={language} testId="advance-schedule" />
          {advance.instalments.some((item) => item.state === 'overdue') && (
            <Text size="sm" c="red">
              {t('detail.overdueNote')}
            </Text>
          )}
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CollateralSection advance={advance} />
        <Stack gap="md">
          <DocumentsSection advance={advance} />
          <TimelineSection advance={advance} />
        </Stack>
      </SimpleGrid>
      <ConfirmDialog
        opened={cancelling}
        title={t('detail.cancelTitle')}
        message={t('detail.cancelMessage')}
        confirmLabel={t('detail.cancelConfirm')}
        danger
        loading={cancel.isPending}
        onCancel={() => setCancelling(false)}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setCancelling(false);
              notifySuccess(t('detail.cancelled'));
            },
          })
        }
      />
    </Stack>
  );
}
