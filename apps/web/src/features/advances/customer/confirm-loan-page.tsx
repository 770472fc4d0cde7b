// loan/confirm-loan/: the order-confirmation screen for an advance. The server's quote of the request
// (the same figures the SECCI prints), the collateral to be pledged, the SECCI to download, the risks of
// pledging in plain words, and the request itself with one Idempotency-Key per visit, so that a retry can
// only ever make this one request.
import { Alert, Anchor, Button, Card, Checkbox, Flex, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { SummaryRow } from '../../../components/summary-row';
import { formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useHistoryEntryIdempotencyKey } from '../../../lib/money/idempotency-key';
import { notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { downloadFile } from '../../../lib/resource/download';
import { ScheduleTable, scheduleRows } from '../schedule-table';
import { advanceQuoteQuery, borrowingPowerQuery, secciUrl, useRequestAdvance } from './api';
import { AprRow } from './apr-explanation';
import { advancePage, LOAN_PAGE } from './queries';
import { requestFromSearch } from './request-params';

export function ConfirmLoanPage() {
  const { t } = useTranslation('loan');
  usePageMeta(t('confirm.title'));
  const language = useLanguage();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const request = requestFromSearch(search);
  const quote = useQuery(advanceQuoteQuery(request));
  const power = useQuery(borrowingPowerQuery);
  const submit = useRequestAdvance();
  const { key } = useHistoryEntryIdempotencyKey();
  const [understood, setUnderstood] = useState(false);

  if (!request) return <Navigate to={LOAN_PAGE} replace />;
  const back = { to: `${LOAN_PAGE}?${search.toString()}`, label: t('confirm.change') };
  if (quote.isError) {
    return (
      <Stack gap="lg" maw={680}>
        <PageHeading title={t('confirm.title')} back={back} />
        <Alert color="red" data-testid="quote-error">
          {t('confirm.quoteFailed')}
        </Alert>
      </Stack>
    );
  }
  if (!quote.data || !power.data) return <Skeleton height={420} radius="lg" maw={680} />;
  const q = quote.data;
  const pledged = power.data.lines.filter((line) => request.collateral.includes(line.key));
  const blocking = Object.values(q.messages);

  const confirm = () =>
    submit.mutate(
      { body: request, idempotencyKey: key },
      {
        onSuccess: (advance) => {
          notifySuccess(t('confirm.done'));
          void navigate(advancePage(advance.id), { replace: true });
        },
      },
    );

  return (
    <Stack gap="lg" maw={680} data-testid="confirm-loan">
      <PageHeading title={t('confirm.title')} description={t('confirm.description')} back={back} />
      <Card withBorder radius="lg" padding="lg" data-testid="loan-summary">
        <Stack gap="xs">
          <SummaryRow label={t('figures.amount')} value={formatMoney(q.amount, language)} strong testId="sum-amount" />
          <SummaryRow label={t('figures.rate')} value={formatPercent(q.annual_rate, language)} testId="sum-rate" />
          <AprRow apr={q.apr} source={{ amount: q.amount, instalments: q.instalments }} strong testId="sum-apr" />
          <SummaryRow
            label={t('figures.instalments')}
            value={t('confirm.instalments', {
              count: q.instalments,
              amount: formatMoney(q.quarterly_interest, language),
            })}
            testId="sum-instalments"
          />
          <SummaryRow label={t('figures.maturity')} value={formatDate(q.maturity_date, language)} />
          <SummaryRow label={t('figures.totalInterest')} value={formatMoney(q.total_interest, language)} />
          <SummaryRow label={t('figures.fees')} value={formatMoney('0', language)} />
          <SummaryRow
            label={t('figures.totalPayable')}
            value={formatMoney(q.total_repayable, language)}
            strong
            testId="sum-total"
          />
        </Stack>
      </Card>

      <Card withBorder radius="lg" padding="lg" data-testid="loan-collateral">
        <Title order={2} fz="md" mb="xs">
          {t('confirm.collateral')}
        </Title>
        {/* Each line as on the loan overview's phone list: the name, what it secures on the right, its value
            below; two figures beside a long fund name did not fit in the right-hand column. On a phone what it
            secures goes under the name: beside it, "garantisce 11.443,49 €" ran past the card's padding and
            squeezed the name to one word a line. */}
        <Stack gap="xs">
          {pledged.map((line) => (
            <div key={line.key}>
              <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align="flex-start" columnGap="xs">
                <Text size="sm" fw={600}>
                  {line.label}
                </Text>
                <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {t('confirm.collateralSecures', { contribution: formatMoney(line.contribution, language) })}
                </Text>
              </Flex>
              <Text size="xs" c="dimmed">
                {t('confirm.collateralLine', {
                  value: formatMoney(line.value, language),
                  ltv: formatPercent(line.loan_to_value, language),
                })}
              </Text>
            </div>
          ))}
        </Stack>
      </Card>

      <Stack gap="xs">
        <Title order={2} fz="md">
          {t('confirm.schedule')}
        </Title>
        <ScheduleTable rows={scheduleRows(q.schedule)} language={language} testId="confirm-schedule" />
      </Stack>

      <Card withBorder radius="lg" padding="lg" data-testid="loan-risks">
        <Title order={2} fz="md" mb="xs">
          {t('risks.title')}
        </Title>
        <List size="sm" spacing={6}>
          <List.Item>{t('risks.pledge')}</List.Item>
          <List.Item>{t('risks.marginCall')}</List.Item>
          <List.Item>{t('risks.lastResort')}</List.Item>
          <List.Item>{t('risks.withdrawal')}</List.Item>
          <List.Item>{t('risks.earlyRepayment')}</List.Item>
          <List.Item>{t('risks.interest')}</List.Item>
        </List>
        <Anchor
          component="button"
          type="button"
          size="sm"
          mt="sm"
          onClick={() => void downloadFile(secciUrl(q.amount, q.instalments), 'secci.pdf')}
          data-testid="secci-download"
        >
          {/* Icon and words stay on one line and start at the left edge, also where the words wrap. */}
          <Group gap={4} component="span" wrap="nowrap" ta="left">
            <IconDownload size={16} aria-hidden style={{ flexShrink: 0 }} />
            {t('confirm.secci')}
          </Group>
        </Anchor>
      </Card>

      {blocking.length > 0 && (
        <Alert color="orange" data-testid="loan-blocked">
          <Stack gap={4}>
            {blocking.map((message) => (
              <Text size="sm" key={message.key}>
                {message.text}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Checkbox
        checked={understood}
        onChange={(event) => setUnderstood(event.currentTarget.checked)}
        label={t('confirm.understood')}
        data-testid="loan-understood"
      />
      <Group justify="flex-end">
        {/* Full width on a phone, as the withdrawal's confirmation: half a row at the right edge read as secondary. */}
        <Button
          size="md"
          w={{ base: '100%', xs: 'auto' }}
          onClick={confirm}
          loading={submit.isPending}
          disabled={!understood || !q.valid}
          data-testid="loan-submit"
        >
          {t('confirm.submit')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('confirm.next')}
      </Text>
    </Stack>
  );
}
