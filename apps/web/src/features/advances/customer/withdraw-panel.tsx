// The right of withdrawal: within 14 days of signing the customer may step back from the contract. If the
// money was paid out they repay it with the interest accrued to the day; before payout nothing is owed. The
// confirmation names the amounts, from the server's quote (the shared settlement the withdrawal books).
import type { AdvanceDetail } from '@lombard/shared/schemas/advances';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { isWithin } from '../../../lib/money/cents';
import { useIdempotencyKey } from '../../../lib/money/idempotency-key';
import { ConfirmDialog } from '../../../lib/resource/confirm-dialog';
import { useWithdrawAdvance, withdrawalQuoteQuery } from './api';

export function WithdrawPanel({ advance }: { advance: AdvanceDetail }) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  const withdraw = useWithdrawAdvance(advance.id);
  const { key } = useIdempotencyKey();
  const [confirming, setConfirming] = useState(false);
  const busy = useRef(false);
  const deadline = advance.withdrawal_deadline ? formatDate(advance.withdrawal_deadline, language) : '—';
  const paidOut = advance.disbursed_at !== null;
  const quote = useQuery(withdrawalQuoteQuery(advance.id, confirming && paidOut));
  const figures = quote.data;
  const short = figures !== undefined && !isWithin(figures.total, figures.available_cash);
  const message = !paidOut
    ? t('withdraw.confirmNotPaidOut')
    : figures
      ? t(short ? 'withdraw.confirmShort' : 'withdraw.confirmPaidOut', {
          total: formatMoney(figures.total, language),
          principal: formatMoney(figures.principal, language),
          interest: formatMoney(figures.interest, language),
          available: formatMoney(figures.available_cash, language),
        })
      : t('withdraw.confirmLoading');

  return (
    <Stack gap="sm" data-testid="withdraw-panel">
      <Text size="sm">{t('withdraw.intro', { date: deadline })}</Text>
      <Text size="sm" c="dimmed">
        {paidOut ? t('withdraw.paidOut') : t('withdraw.notPaidOut')}
      </Text>
      <Group>
        <Button variant="default" color="red" onClick={() => setConfirming(true)} data-testid="withdraw">
          {t('withdraw.action')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('withdraw.confirmTitle')}
        message={<span data-testid="withdraw-confirm-message">{message}</span>}
        confirmLabel={t('withdraw.confirm')}
        danger
        // Not before the amounts are known: the customer confirms what they read.
        loading={withdraw.isPending || (paidOut && !figures)}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          // A double-click's second click comes before React disables the button: one withdrawal call.
          if (busy.current) return;
          busy.current = true;
          withdraw.mutate(key, {
            onSuccess: () => setConfirming(false),
            onSettled: () => {
              busy.current = false;
            },
          });
        }}
      />
    </Stack>
  );
}
