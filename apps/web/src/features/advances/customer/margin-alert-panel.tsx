// The advance page's alert panel (docs/decisions/038): the stage (clear, warning, margin call) with the
// loan-to-value against the warning and the limit; on a call, the last day to cure counted in business
// days, the remedy her ranking proposes with its confirm button, the forbearance offer with its options
// and her answer, and where to find free debt advice (Directive (EU) 2023/2225 Art. 36).
import type { ForbearanceAnswer, MarginAlert, RemedyStepView } from '@lombard/shared/schemas/margin-alerts';
import { FORBEARANCE_ANSWERS } from '@lombard/shared/schemas/margin-alerts';
import { Alert, Anchor, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SummaryRow } from '../../../components/summary-row';
import { formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatUnits } from '../../../lib/money/format-units';
import { useIdempotencyKey } from '../../../lib/money/idempotency-key';
import { marginAlertQuery, useAnswerForbearance, useConfirmRemedy } from './margin-alert-api';

const STAGE_COLOR = { clear: 'teal', warning: 'yellow', call: 'red' } as const;

function StepText({ step }: { step: RemedyStepView }) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  if (step.method === 'cash') return <>{t('alerts.step.cash', { amount: formatMoney(step.amount, language) })}</>;
  if (step.method === 'pledge')
    return (
      <>
        {t('alerts.step.pledge', {
          line: step.label,
          value: formatMoney(step.value, language),
          secures: formatMoney(step.contribution, language),
        })}
      </>
    );
  return (
    <>
      {t('alerts.step.sell', {
        line: step.label,
        // Up to three decimals, as units read everywhere else (71.881830 here, 97.576 on borrow-or-sell).
        units: formatUnits(step.units, language),
        proceeds: formatMoney(step.proceeds, language),
      })}
    </>
  );
}

function DebtAdvice() {
  const { t } = useTranslation('loan');
  return (
    <Text size="sm" c="dimmed" data-testid="debt-advice">
      {t('alerts.debtAdvice')}{' '}
      <Anchor href="/support/" size="sm" underline="always">
        {t('alerts.support')}
      </Anchor>
    </Text>
  );
}

function CallSection({ advanceId, call }: { advanceId: number; call: NonNullable<MarginAlert['call']> }) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  const confirm = useConfirmRemedy(advanceId);
  const answer = useAnswerForbearance(advanceId);
  const confirmKey = useIdempotencyKey();
  const answerKey = useIdempotencyKey();
  const { remedy, forbearance } = call;
  const settled = call.resolution !== null;
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" title={t('alerts.call.title')} data-testid="alert-deadline">
        <Text size="sm">
          {/* Once the offer is made, "not before we have offered you more time" is old news: the options follow. */}
          {t(forbearance.offered_at ? 'alerts.call.deadlineOffered' : 'alerts.call.deadline', {
            shortfall: formatMoney(call.shortfall, language),
            date: formatDate(call.grace_until, language),
            count: call.business_days_left,
          })}
        </Text>
      </Alert>
      <Stack gap="xs" data-testid="alert-remedy">
        <Title order={3} fz="sm">
          {t('alerts.remedy.title')}
        </Title>
        {settled ? (
          <Text size="sm">{t(`alerts.remedy.${call.resolution}`)}</Text>
        ) : (
          <>
            {remedy.steps.length > 0 ? (
              <List size="sm" type="ordered" spacing={4}>
                {remedy.steps.map((step) => (
                  <List.Item key={step.method === 'cash' ? 'cash' : `${step.method}-${step.key}`}>
                    <StepText step={step} />
                  </List.Item>
                ))}
              </List>
            ) : null}
            {!remedy.cures && (
              <Text size="sm" c="red">
                {t('alerts.remedy.short', { amount: formatMoney(remedy.uncovered, language) })}
              </Text>
            )}
            <Group gap="sm">
              <Button
                disabled={!remedy.cures}
                loading={confirm.isPending}
                onClick={() =>
                  confirm.mutate(
                    { shortfall: call.shortfall, idempotencyKey: confirmKey.key },
                    { onSettled: () => confirmKey.renew() },
                  )
                }
                data-testid="confirm-remedy"
              >
                {t('alerts.remedy.confirm')}
              </Button>
              <Anchor component={Link} to="/customer/setting/#remedy-ranking" size="sm">
                {t('alerts.remedy.change')}
              </Anchor>
            </Group>
          </>
        )}
      </Stack>
      {forbearance.offered_at && (
        <Stack gap="xs" data-testid="alert-forbearance">
          <Title order={3} fz="sm">
            {t('alerts.forbearance.title')}
          </Title>
          {forbearance.answer ? (
            <Text size="sm">{t(`alerts.forbearance.answered.${forbearance.answer}`)}</Text>
          ) : (
            <>
              <Text size="sm">{t('alerts.forbearance.intro')}</Text>
              {/* One choice a row on a phone, two on wider screens: each a full-size target, none alone on a line. */}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
                {FORBEARANCE_ANSWERS.map((option: ForbearanceAnswer) => (
                  <Button
                    key={option}
                    size="sm"
                    fullWidth
                    variant={option === 'declined' ? 'default' : 'light'}
                    loading={answer.isPending && answer.variables?.answer === option}
                    disabled={answer.isPending || settled}
                    onClick={() =>
                      answer.mutate(
                        { answer: option, idempotencyKey: answerKey.key },
                        { onSettled: () => answerKey.renew() },
                      )
                    }
                    data-testid={`forbearance-${option}`}
                    // Long choices wrap inside the button: at 375 px "…per un trimestre" ran off the edge.
                    h="auto"
                    mih={44}
                    py={6}
                    styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
                  >
                    {t(`alerts.forbearance.options.${option}`)}
                  </Button>
                ))}
              </SimpleGrid>
            </>
          )}
        </Stack>
      )}
      <DebtAdvice />
    </Stack>
  );
}

export function MarginAlertPanel({ advanceId }: { advanceId: number }) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  const alert = useQuery(marginAlertQuery(advanceId));
  if (!alert.data) return null;
  const a = alert.data;
  // One decimal, as the gauge below writes the same ratios: 30.78 % here beside 30.8 % there read as two figures.
  const percent = (value: string | null) => (value === null ? '—' : formatPercent(value, language, 1));
  return (
    <Paper withBorder radius="md" p="md" data-testid="margin-alert" data-stage={a.stage}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="md">
            {t('alerts.title')}
          </Title>
          <Badge color={STAGE_COLOR[a.stage]} variant="light" data-testid="alert-stage">
            {t(`alerts.stage.${a.stage}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t(`alerts.explain.${a.stage}`, {
            outstanding: formatMoney(a.outstanding, language),
            warning: formatMoney(a.warning_amount, language),
            limit: formatMoney(a.limit, language),
          })}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" verticalSpacing={6}>
          <SummaryRow label={t('alerts.ltv')} value={percent(a.loan_to_value)} />
          <SummaryRow label={t('alerts.warningAt')} value={percent(a.warning_loan_to_value)} />
          <SummaryRow label={t('alerts.callAt')} value={percent(a.limit_loan_to_value)} />
        </SimpleGrid>
        {a.call ? (
          <CallSection advanceId={advanceId} call={a.call} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('alerts.grace', { count: a.grace_business_days })}
          </Text>
        )}
        {a.stage === 'warning' && <DebtAdvice />}
      </Stack>
    </Paper>
  );
}
