// Early repayment: any amount up to the outstanding advance and the available cash, no fee (the
// compensation line says 0,00 and the directive's cap on it, decision 037). Before the
// customer confirms, the server recomputes the schedule and the APR for that amount and the screen shows
// them; a full repayment also settles the interest of the running quarter and frees the collateral.
import type { AdvanceDetail } from '@lombard/shared/schemas/advances';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/money/amount-input';
import { SummaryRow } from '../../../components/summary-row';
import { formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useIdempotencyKey } from '../../../lib/money/idempotency-key';
import { ScheduleTable, scheduleRows } from '../schedule-table';
import { repaymentQuoteQuery, useRepayAdvance } from './api';
import { amountText } from './rule-message';

export function RepaymentPanel({ advance }: { advance: AdvanceDetail }) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  const [amount, setAmount] = useState('');
  const [debounced] = useDebouncedValue(amountText(amount), 300);
  const preview = useQuery(repaymentQuoteQuery(advance.id, debounced));
  const repay = useRepayAdvance(advance.id);
  const idempotency = useIdempotencyKey();
  const q = preview.data && debounced !== null ? preview.data : null;
  const messages = q ? Object.values(q.messages) : [];

  if (advance.pending_repayment) {
    return (
      <Alert color="blue" data-testid="repayment-pending">
        {t('repay.pending', { amount: formatMoney(advance.pending_repayment.amount, language) })}
      </Alert>
    );
  }

  const confirm = () => {
    if (!q) return;
    repay.mutate(
      { amount: q.amount, idempotencyKey: idempotency.key },
      {
        onSuccess: () => {
          idempotency.renew();
          setAmount('');
        },
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="repayment-panel">
      <Text size="sm">{t('repay.intro', { outstanding: formatMoney(advance.outstanding, language) })}</Text>
      <Group align="flex-end" gap="sm">
        <AmountInput
          label={t('repay.amount')}
          value={amount}
          onChange={setAmount}
          error={messages[0]?.text}
          w={{ base: '100%', xs: 260 }}
          data-testid="repay-amount"
        />
        <Button variant="default" onClick={() => setAmount(advance.outstanding)} data-testid="repay-all">
          {t('repay.all')}
        </Button>
      </Group>
      {q && (
        <Stack gap="xs" data-testid="repayment-preview">
          <SummaryRow label={t('repay.before')} value={formatMoney(q.outstanding_before, language)} />
          <SummaryRow
            label={t('repay.after')}
            value={formatMoney(q.outstanding_after, language)}
            strong
            testId="repay-after"
          />
          {q.full && (
            <SummaryRow
              label={t('repay.accrued')}
              value={formatMoney(q.accrued_interest, language)}
              testId="repay-accrued"
            />
          )}
          <SummaryRow label={t('repay.cash')} value={formatMoney(q.available_cash, language)} />
          <SummaryRow label={t('repay.apr')} value={formatPercent(q.apr, language)} testId="repay-apr" />
          {/* The directive's duty: the compensation is stated before confirming, here none, with its cap. */}
          <SummaryRow
            label={t('repay.compensation')}
            value={
              Number(q.compensation.charged) === 0
                ? t('repay.compensationNone', { amount: formatMoney(q.compensation.charged, language) })
                : formatMoney(q.compensation.charged, language)
            }
            testId="repay-compensation"
          />
          <Text size="xs" c="dimmed" data-testid="repay-compensation-cap">
            {t('repay.compensationCap', {
              rate: formatPercent(q.compensation.cap_rate, language, 1),
              percentage: formatMoney(q.compensation.percentage_cap, language),
              remaining: t(q.compensation.over_a_year ? 'repay.remainingOver' : 'repay.remainingWithin'),
              maturity: formatDate(q.compensation.maturity_date, language),
              interest: formatMoney(q.compensation.remaining_interest, language),
              cap: formatMoney(q.compensation.cap, language),
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {q.full ? t('repay.fullNote') : t('repay.partialNote')}
          </Text>
          {q.schedule.length > 0 && (
            <ScheduleTable rows={scheduleRows(q.schedule)} language={language} testId="repay-schedule" />
          )}
        </Stack>
      )}
      <Group justify="flex-end">
        <Button onClick={confirm} disabled={!q?.valid} loading={repay.isPending} data-testid="repay-submit">
          {q?.full ? t('repay.submitFull') : t('repay.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
