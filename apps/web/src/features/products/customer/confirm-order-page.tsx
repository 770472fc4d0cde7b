// product/{id}/confirm-order/: the server's quote of the order (entry cost, NAV, estimated units) and
// the commitment. When the MiFID profile does not cover the product's risk the customer is warned, may
// still proceed by saying so, and signs the order document with their strongest factor: a code sent by SMS,
// the authenticator app's code, or a passkey (its button signs and submits at once; "use another method"
// falls back to the app). One Idempotency-Key per visit: a retry of "Submit" can only ever place this one order.
import type { InvestRequest, TransactionItem } from '@lombard/shared/schemas/transactions';
import type { PasskeyAssertion } from '@lombard/shared/schemas/webauthn';
import { Alert, Anchor, Button, Card, Checkbox, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { CompleteProfileNotice, useMayInvest } from '../../../components/complete-profile-notice';
import { isCompleteCode, OneTimeCodeField, proofOf } from '../../../components/one-time-code-field';
import { PageHeading } from '../../../components/page-heading';
import { PasskeyConfirmation } from '../../../components/passkey-confirmation';
import { SummaryRow } from '../../../components/summary-row';
import { formatDate, formatMoney, formatNumber, formatPercent } from '../../../lib/format';
import { useStartLabel } from '../../../lib/forms/confirmation-factor';
import { codeErrorText } from '../../../lib/forms/one-time-code-errors';
import { useSingleFlight } from '../../../lib/forms/single-flight';
import { useHistoryEntryIdempotencyKey } from '../../../lib/money/idempotency-key';
import { notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { downloadFile } from '../../../lib/resource/download';
import { useLanguage } from '../product-format';
import { investQuoteQuery, useInvest, useOrderSignature } from './api';
import { orderFromSearch } from './order-params';
import { useProductId } from './product-detail-page';
import { TransferInstructions } from './transfer-instructions';

export function ConfirmOrderPage() {
  const { t } = useTranslation(['products', 'errors']);
  const startLabel = useStartLabel(t('products:confirm.sendCode'));
  const language = useLanguage();
  const navigate = useNavigate();
  const id = useProductId();
  const [search] = useSearchParams();
  const order = orderFromSearch(search);
  usePageMeta(t('products:confirm.title'));
  const { key: idempotencyKey } = useHistoryEntryIdempotencyKey();
  const [understood, setUnderstood] = useState(false);
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState<TransactionItem | null>(null);
  const mayInvest = useMayInvest();
  // A base user cannot invest: the server would refuse the quote, so it is not asked for.
  const quote = useQuery({ ...investQuoteQuery(id, order), enabled: order !== null && mayInvest });
  const signature = useOrderSignature(id);
  const invest = useInvest(id);
  const [codeError, setCodeError] = useState<string>();
  // With a passkey, the customer may choose their authenticator app instead (when they have one).
  const [useApp, setUseApp] = useState(false);
  const [sendCode, sending] = useSingleFlight(async () => {
    if (!order) return;
    setCodeError(undefined);
    await signature.mutateAsync(order).then(
      () => {
        setCode('');
        setUseApp(false);
      },
      async (error) => setCodeError(await codeErrorText(error)),
    );
  });

  if (!order) return <Navigate to="../invest/" replace />;

  const body: InvestRequest = {
    ...order,
    // The challenge binds the code to this order (the server refuses it for any other).
    ...(signature.data && isCompleteCode(code)
      ? {
          signature: { document_id: signature.data.document_id, ...proofOf(code), challenge: signature.data.challenge },
        }
      : {}),
  };

  const placed = (transaction: TransactionItem) => {
    notifySuccess(t('errors:success.orderSubmitted'));
    if (transaction.transfer_instructions) setSubmitted(transaction);
    else void navigate('/customer/transaction/', { replace: true });
  };
  const submit = () =>
    invest.mutate(
      { body, idempotencyKey },
      {
        onSuccess: placed,
        onError: (error) => {
          if (!body.signature) return;
          setCode('');
          void codeErrorText(error).then(setCodeError);
        },
      },
    );
  // The passkey's button signs and submits: the assertion goes with the order, under the visit's key.
  const submitWithPasskey = async (assertion: PasskeyAssertion) => {
    if (!signature.data) return;
    setCodeError(undefined);
    const signed = { ...order, signature: { document_id: signature.data.document_id, assertion } };
    await invest
      .mutateAsync({ body: signed, idempotencyKey })
      .then(placed, async (error) => setCodeError(await codeErrorText(error)));
  };
  const passkey = signature.data?.factor === 'passkey' && !useApp ? signature.data.passkey : null;

  if (submitted?.transfer_instructions) {
    return (
      <Stack gap="lg" maw={640} data-testid="order-result">
        <PageHeading title={t('products:confirm.submittedTitle')} />
        <Card withBorder radius="lg" padding="lg">
          <TransferInstructions instructions={submitted.transfer_instructions} />
        </Card>
      </Stack>
    );
  }

  const back = { to: `../invest/?${search.toString()}`, label: t('products:confirm.change') };
  if (!mayInvest) {
    return (
      <Stack gap="lg" maw={640}>
        <PageHeading title={t('products:confirm.title')} back={back} />
        <CompleteProfileNotice where="invest" />
      </Stack>
    );
  }
  if (quote.isError) {
    return (
      <Stack gap="lg" maw={640}>
        <PageHeading title={t('products:confirm.title')} back={back} />
        <Alert color="red" data-testid="quote-error">
          {t('products:confirm.quoteFailed')}
        </Alert>
      </Stack>
    );
  }
  if (quote.isPending) return <Skeleton height={360} radius="lg" maw={640} />;
  const q = quote.data;
  const needsSignature = q.signature_required;

  return (
    <Stack gap="lg" maw={640} data-testid="confirm-order">
      <PageHeading title={t('products:confirm.title')} description={q.product.name} back={back} />
      <Card withBorder radius="lg" padding="lg" data-testid="order-summary">
        <Stack gap="xs">
          <SummaryRow label={t('products:confirm.amount')} value={formatMoney(q.amount, language)} />
          <SummaryRow
            label={t('products:confirm.entryCost', { rate: formatPercent(q.entry_cost_rate, language) })}
            value={formatMoney(q.entry_cost, language)}
          />
          <SummaryRow label={t('products:confirm.netAmount')} value={formatMoney(q.net_amount, language)} strong />
          <SummaryRow
            label={t('products:confirm.nav', { date: formatDate(q.nav_date, language) })}
            value={formatNumber(q.nav, language, 6)}
          />
          <SummaryRow label={t('products:confirm.units')} value={formatNumber(q.estimated_units, language, 6)} />
          <SummaryRow label={t('products:confirm.method')} value={t(`products:invest.methods.${q.payment_method}`)} />
          {q.payment_method === 'cash' && (
            <SummaryRow label={t('products:confirm.cash')} value={formatMoney(q.available_cash, language)} />
          )}
          <Text size="xs" c="dimmed" mt="xs">
            {t('products:confirm.estimate')}
          </Text>
        </Stack>
      </Card>

      {needsSignature && (
        <Card withBorder radius="lg" padding="lg" data-testid="signature-panel">
          <Stack gap="md">
            <Alert
              color="orange"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={t('products:confirm.inappropriate.title')}
              data-testid="mifid-warning"
            >
              {t('products:confirm.inappropriate.body', {
                risk: q.appropriateness.product_risk,
                max: q.appropriateness.max_risk,
              })}
            </Alert>
            <Checkbox
              checked={understood}
              onChange={(event) => setUnderstood(event.currentTarget.checked)}
              label={t('products:confirm.inappropriate.understand')}
              data-testid="mifid-understood"
              disabled={signature.isSuccess}
            />
            {!signature.data ? (
              <Group justify="flex-end">
                <Button
                  disabled={!understood}
                  loading={sending}
                  onClick={() => void sendCode()}
                  data-testid="send-code"
                >
                  {startLabel}
                </Button>
                {codeError && (
                  <Text
                    size="sm"
                    c="var(--mantine-color-error)"
                    role="alert"
                    w="100%"
                    ta="right"
                    data-testid="code-error"
                  >
                    {codeError}
                  </Text>
                )}
              </Group>
            ) : (
              <Stack gap="sm">
                <Text size="sm">{signature.data.detail}</Text>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() =>
                    void downloadFile(`/api/v1/signatures/${signature.data.document_id}/document/`, 'order.pdf')
                  }
                  data-testid="order-document"
                >
                  <Group gap={4} component="span">
                    <IconDownload size={16} aria-hidden />
                    {t('products:confirm.document')}
                  </Group>
                </Anchor>
                {passkey ? (
                  <PasskeyConfirmation
                    passkey={passkey}
                    onAssertion={submitWithPasskey}
                    onFallback={() => {
                      setCodeError(undefined);
                      setUseApp(true);
                    }}
                    busy={invest.isPending}
                    error={codeError}
                    testId="order-passkey"
                  />
                ) : (
                  <>
                    <OneTimeCodeField
                      label={t('products:confirm.code')}
                      value={code}
                      onChange={setCode}
                      error={codeError}
                      factor={useApp ? 'authenticator' : signature.data.factor}
                      testId="order-code"
                    />
                    <Anchor
                      component="button"
                      type="button"
                      size="xs"
                      disabled={sending}
                      onClick={() => void sendCode()}
                      data-testid="resend-code"
                    >
                      {t('products:confirm.resend')}
                    </Anchor>
                  </>
                )}
              </Stack>
            )}
          </Stack>
        </Card>
      )}

      {/* With a passkey its own button signs and submits. */}
      {!passkey && (
        <Group justify="flex-end">
          <Button
            size="md"
            onClick={submit}
            loading={invest.isPending}
            disabled={needsSignature && (!signature.data || !isCompleteCode(code) || !understood)}
            data-testid="submit-order"
          >
            {needsSignature ? t('products:confirm.signAndSubmit') : t('products:confirm.submit')}
          </Button>
        </Group>
      )}
      {!needsSignature && (
        <Text size="xs" c="dimmed">
          {t('products:confirm.terms')}
        </Text>
      )}
    </Stack>
  );
}
