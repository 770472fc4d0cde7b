// The last look before money leaves: the amount, the IBAN it goes to and when it arrives. Going on asks the
// server for the confirmation (202: the customer's strongest factor, bound to this amount and IBAN); the
// proof then goes with the withdrawal under this visit's Idempotency-Key, so pressing again after a
// failure cannot pay twice.
import { BANK_TRANSFER_BUSINESS_DAYS } from '@lombard/shared/constants';
import type { PendingConfirmation } from '@lombard/shared/schemas/authenticator';
import { Button, Flex, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ActConfirmation, type ActProof } from '../../components/act-confirmation';
import { SummaryRow } from '../../components/summary-row';
import { formatMoney } from '../../lib/format';
import { codeErrorText } from '../../lib/forms/one-time-code-errors';
import { useLanguage } from '../../lib/i18n/use-language';
import { useHistoryEntryIdempotencyKey } from '../../lib/money/idempotency-key';
import { CASH_PAGE } from '../../lib/money/keys';
import { notifySuccess } from '../../lib/notify';
import { cashQuery, useRequestWithdrawal } from './api';
import type { WithdrawalDraft } from './withdrawal-form';
import { withdrawalFormSchema } from './withdrawal-schema';

export function ConfirmWithdrawal() {
  const { t } = useTranslation('cash');
  const language = useLanguage();
  const navigate = useNavigate();
  const draft = useLocation().state as WithdrawalDraft | null;
  const cash = useQuery(cashQuery);
  const request = useRequestWithdrawal();
  const { key } = useHistoryEntryIdempotencyKey();
  const [asked, setAsked] = useState<PendingConfirmation | null>(null);
  const [askError, setAskError] = useState<string>();

  if (!draft?.amount) return <Navigate to={CASH_PAGE} replace />;
  if (!cash.data) return <Skeleton h={220} radius="md" />;
  const account = cash.data.withdrawal_account;
  // The cash may have moved since the form (another tab, an order): the same rules again — but not once
  // this request is on its way, when the lower balance is its own doing.
  const sending = request.isPending || request.isSuccess;
  if (!account || (!sending && !withdrawalFormSchema(cash.data.available).safeParse(draft).success)) {
    return <Navigate to={CASH_PAGE} replace />;
  }

  const ask = async () => {
    const answer = await request.mutateAsync({ values: { amount: draft.amount }, key });
    if ('pending' in answer) setAsked(answer.pending);
  };
  const authorise = async (proof: ActProof) => {
    if (!asked) return;
    const confirmation = { signature_id: asked.signature_id, ...proof };
    const answer = await request.mutateAsync({ values: { amount: draft.amount, confirmation }, key });
    if ('done' in answer) {
      notifySuccess(t('confirm.done'));
      void navigate(CASH_PAGE, { replace: true });
    }
  };

  return (
    <Paper withBorder radius="md" p="md" maw={560} data-testid="confirm-withdrawal">
      <Stack gap="sm">
        <SummaryRow label={t('confirm.amount')} value={formatMoney(draft.amount, language)} testId="confirm-amount" />
        <SummaryRow label={t('confirm.iban')} value={account.iban_masked} testId="confirm-iban" />
        <SummaryRow label={t('confirm.holder')} value={account.holder} testId="confirm-holder" />
        {account.bank_name && <SummaryRow label={t('confirm.bank')} value={account.bank_name} testId="confirm-bank" />}
        <Text size="sm" c="dimmed" data-testid="confirm-timing">
          {t('confirm.timing', BANK_TRANSFER_BUSINESS_DAYS)}
        </Text>
        {asked && (
          <ActConfirmation
            asked={asked}
            onProof={authorise}
            onAskAgain={ask}
            submitLabel={t('confirm.authorise')}
            testId="withdrawal-confirmation"
          />
        )}
        {askError && (
          <Text size="sm" c="var(--mantine-color-error)" role="alert" data-testid="code-error">
            {askError}
          </Text>
        )}
        {/* On a phone both buttons take the width, the confirmation on top where the thumb is. */}
        <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm" mt="sm">
          <Button
            component={Link}
            to={CASH_PAGE}
            variant="default"
            disabled={request.isPending}
            w={{ base: '100%', xs: 'auto' }}
          >
            {t('confirm.back')}
          </Button>
          {!asked && (
            <Button
              onClick={() => {
                setAskError(undefined);
                void ask().catch(async (error: unknown) => setAskError(await codeErrorText(error)));
              }}
              loading={request.isPending}
              w={{ base: '100%', xs: 'auto' }}
              data-testid="confirm-withdrawal-submit"
            >
              {t('confirm.ask')}
            </Button>
          )}
        </Flex>
      </Stack>
    </Paper>
  );
}
