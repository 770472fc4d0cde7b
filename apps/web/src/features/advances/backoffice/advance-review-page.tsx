// One advance request for the operator: the customer's figures, the creditworthiness they declared (income
// band, occupation, yearly interest over income, flagged when above the configured ratio), the collateral,
// documents and timeline, and the decisions the status allows: pre-approve, approve, record the
// disbursement, or reject with a reason the customer reads.
import type { AdvanceDetail } from '@lombard/shared/schemas/advances';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DetailList } from '../../../components/backoffice/detail-list';
import { ReasonModal } from '../../../components/backoffice/reason-modal';
import { ADVANCES_PAGE, USERS_PAGE } from '../../../lib/backoffice/paths';
import { formatMoney, formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useIdempotencyKey } from '../../../lib/money/idempotency-key';
import { notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { ConfirmDialog } from '../../../lib/resource/confirm-dialog';
import { CollateralSection, DocumentsSection, TimelineSection } from '../advance-sections';
import { AdvanceStatusBadge } from '../advance-status';
import { MarginCallAlert } from '../margin-call-alert';
import {
  type AdvanceDecision,
  BO_ADVANCES_API,
  backofficeAdvanceQuery,
  useAdvanceDecision,
  useRejectAdvance,
} from './api';
import { CreditReviewSection } from './credit-review-section';

/** The transition table's operator actions, as the API names its routes. */
const DECISIONS: ReadonlyArray<{ action: string; decision: AdvanceDecision }> = [
  { action: 'preApprove', decision: 'pre-approve' },
  { action: 'approve', decision: 'approve' },
  { action: 'disburse', decision: 'disburse' },
];

function Creditworthiness({ advance }: { advance: AdvanceDetail }) {
  const { t } = useTranslation(['backoffice', 'kyc', 'profile']);
  const language = useLanguage();
  const credit = advance.creditworthiness;
  if (!credit) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="creditworthiness">
      <Title order={2} fz="md" mb="xs">
        {t('advances.credit.title')}
      </Title>
      {credit.flagged && (
        <Alert color="orange" mb="sm" data-testid="credit-flagged">
          {t('advances.credit.flagged', { max: formatPercent(credit.maximum_ratio, language) })}
        </Alert>
      )}
      <DetailList
        items={[
          {
            label: t('advances.credit.incomeBand'),
            value: credit.income_band ? t(`kyc:incomeBands.${credit.income_band}`) : t('advances.credit.notDeclared'),
          },
          {
            label: t('advances.credit.occupation'),
            value: credit.occupation
              ? t(`profile:occupation.occupations.${credit.occupation}`)
              : t('advances.credit.notDeclared'),
          },
          { label: t('advances.credit.yearlyInterest'), value: formatMoney(credit.yearly_interest, language) },
          {
            label: t('advances.credit.ratio'),
            value: credit.interest_to_income ? formatPercent(credit.interest_to_income, language) : '—',
          },
          { label: t('advances.credit.maximum'), value: formatPercent(credit.maximum_ratio, language) },
        ]}
      />
    </Paper>
  );
}

export function AdvanceReviewPage() {
  const { t } = useTranslation(['backoffice', 'advance']);
  usePageMeta(t('sections.advances'));
  const language = useLanguage();
  const id = Number(useParams().id);
  const detail = useQuery(backofficeAdvanceQuery(id));
  const decide = useAdvanceDecision(id);
  const reject = useRejectAdvance(id);
  const idempotency = useIdempotencyKey();
  const [pending, setPending] = useState<AdvanceDecision | null>(null);
  const [rejecting, setRejecting] = useState(false);

  const back = (
    <Anchor component={Link} to={ADVANCES_PAGE} size="sm" w="fit-content">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t('advances.back')}
      </Group>
    </Anchor>
  );
  if (!detail.data) return <Skeleton h={420} radius="md" />;
  const advance = detail.data;
  const allowed = new Set(advance.allowed_actions);

  return (
    <Stack gap="md" data-testid="advance-review">
      {back}
      <Group gap="sm">
        <Title order={2} fz="xl">
          {t('advances.detailTitle', { id: advance.id, amount: formatMoney(advance.amount, language) })}
        </Title>
        <AdvanceStatusBadge status={advance.status} />
      </Group>
      {advance.customer && (
        <Text size="sm" data-testid="advance-customer">
          {t('advances.customer')}{' '}
          <Anchor component={Link} to={`${USERS_PAGE}${advance.customer.id}/`}>
            {advance.customer.full_name || advance.customer.email || `#${advance.customer.id}`}
          </Anchor>
          {advance.customer.full_name && advance.customer.email ? ` · ${advance.customer.email}` : ''}
        </Text>
      )}
      {advance.margin_call && <MarginCallAlert call={advance.margin_call} />}
      {advance.reason && <Alert color="red">{advance.reason}</Alert>}
      <CreditReviewSection advance={advance} />
      <Group gap="sm" data-testid="advance-decisions">
        {DECISIONS.filter(({ action }) => allowed.has(action)).map(({ action, decision }) => (
          <Button
            key={decision}
            onClick={() => {
              idempotency.renew();
              setPending(decision);
            }}
            data-testid={`decision-${decision}`}
          >
            {t(`advances.decisions.${action}`)}
          </Button>
        ))}
        {allowed.has('reject') && (
          <Button variant="light" color="red" onClick={() => setRejecting(true)} data-testid="decision-reject">
            {t('advances.decisions.reject')}
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <Paper withBorder radius="md" p="md">
            <DetailList
              items={[
                { label: t('advances.columns.amount'), value: formatMoney(advance.amount, language) },
                { label: t('advances.columns.outstanding'), value: formatMoney(advance.outstanding, language) },
                { label: t('advances.columns.instalments'), value: String(advance.instalments_count) },
                { label: t('advances.rate'), value: formatPercent(advance.annual_rate, language) },
                { label: t('advances.apr'), value: formatPercent(advance.apr, language) },
              ]}
            />
          </Paper>
          <Creditworthiness advance={advance} />
          <CollateralSection advance={advance} />
        </Stack>
        <Stack gap="md">
          <DocumentsSection
            advance={advance}
            urlOf={(document) => `${BO_ADVANCES_API}${advance.id}/${document.kind}/`}
          />
          <TimelineSection advance={advance} voice="operator" />
        </Stack>
      </SimpleGrid>
      {advance.instalments.some((item) => item.state === 'overdue') && (
        <Text size="sm" c="red">
          {t('advances.hasOverdue')}
        </Text>
      )}
      <ConfirmDialog
        opened={pending !== null}
        title={pending ? t(`advances.confirm.${pending}.title`) : ''}
        message={
          pending ? t(`advances.confirm.${pending}.message`, { amount: formatMoney(advance.amount, language) }) : ''
        }
        confirmLabel={t('advances.confirm.submit')}
        loading={decide.isPending}
        onCancel={() => setPending(null)}
        onConfirm={async () => {
          if (!pending) return;
          await decide.mutateAsync({ decision: pending, key: idempotency.key });
          notifySuccess(t(`advances.confirm.${pending}.done`));
          setPending(null);
        }}
      />
      <ReasonModal
        opened={rejecting}
        title={t('advances.rejectTitle')}
        body={t('advances.rejectBody')}
        success={t('advances.rejected')}
        onClose={() => setRejecting(false)}
        reject={reject.mutateAsync}
      />
    </Stack>
  );
}
