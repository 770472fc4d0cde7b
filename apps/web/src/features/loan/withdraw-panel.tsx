// The right of withdrawal: within 14 days of signing the customer may step back from the contract. If the
// money was paid out they repay it with the interest accrued to the day; before payout nothing is owed.
import type { AdvanceDetail } from '@lombard/shared/schemas/advances';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { useIdempotencyKey } from '../../lib/money/idempotency-key';
import { notifySuccess } from '../../lib/notify';
import { ConfirmDialog } from '../../lib/resource/confirm-dialog';
import { useWithdrawAdvance } from './api';

export function WithdrawPanel({ advance }: { advance: AdvanceDetail }) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  const withdraw = useWithdrawAdvance(advance.id);
  const { key } = useIdempotencyKey();
  const [confirming, setConfirming] = useState(false);
  const deadline = advance.withdrawal_deadline ? formatDate(advance.withdrawal_deadline, language) : '—';
  const paidOut = advance.disbursed_at !== null;

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
        message={paidOut ? t('withdraw.confirmPaidOut') : t('withdraw.confirmNotPaidOut')}
        confirmLabel={t('withdraw.confirm')}
        danger
        loading={withdraw.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          withdraw.mutate(key, {
            onSuccess: (result) => {
              setConfirming(false);
              notifySuccess(result.detail);
            },
          })
        }
      />
    </Stack>
  );
}
