// The 14 days to withdraw, counted down: the days left and the last day, and what withdrawing today would
// take — the principal and the interest accrued to today at the contract rate, from the server's
// withdrawal quote (the settlement the withdrawal books). Before the payout nothing would be owed.
import { WITHDRAWAL_PERIOD_DAYS } from '@lombard/shared/constants';
import { daysBetween } from '@lombard/shared/money/calendar-days';
import type { AdvanceDetail } from '@lombard/shared/schemas/advances';
import { Alert, Group, RingProgress, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, todayIso } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { withdrawalQuoteQuery } from './api';

export function WithdrawalCountdown({ advance }: { advance: AdvanceDetail }) {
  const { t } = useTranslation('borrow');
  const language = useLanguage();
  const paidOut = advance.disbursed_at !== null;
  const quote = useQuery(withdrawalQuoteQuery(advance.id, paidOut));
  const deadline = advance.withdrawal_deadline!;
  // The signing day is day 0 and the deadline day still counts: on it, 0 days are left after today.
  const left = Math.max(0, daysBetween(todayIso(), deadline));
  const figures = quote.data;
  return (
    <Alert color="blue" variant="light" data-testid="withdrawal-countdown" title={t('withdrawal.title')}>
      <Group gap="md" wrap="nowrap" align="center">
        <RingProgress
          size={72}
          thickness={7}
          roundCaps
          sections={[{ value: (left / WITHDRAWAL_PERIOD_DAYS) * 100, color: 'blue' }]}
          label={
            <Text ta="center" fw={700} size="lg" aria-hidden>
              {left}
            </Text>
          }
          aria-hidden
        />
        <Stack gap={4}>
          <Text size="sm" fw={600} data-testid="withdrawal-days">
            {left === 0
              ? t('withdrawal.lastDay', { date: formatDate(deadline, language) })
              : t('withdrawal.daysLeft', { count: left, date: formatDate(deadline, language) })}
          </Text>
          {!paidOut ? (
            <Text size="sm">{t('withdrawal.nothingDue')}</Text>
          ) : figures ? (
            <Text size="sm" data-testid="withdrawal-due">
              {t('withdrawal.due', {
                total: formatMoney(figures.total, language),
                principal: formatMoney(figures.principal, language),
                interest: formatMoney(figures.interest, language),
              })}
            </Text>
          ) : (
            <Skeleton h={18} w={260} />
          )}
        </Stack>
      </Group>
    </Alert>
  );
}
