// The advance request: which collateral to pledge (whole lines), the amount and the number of quarterly
// instalments, checked as the customer types. "Continue" leads to confirm-loan/ with the request in the
// query string, so that a reload or the public calculator's link fills it in again.

import { advanceSearch } from '@lombard/shared/advance-search';
import { quoteAdvance, validateAdvanceInput } from '@lombard/shared/money/advance-calculator';
import type { RateBand } from '@lombard/shared/money/rate-bands';
import type { BorrowingPower } from '@lombard/shared/schemas/advances';
import { Alert, Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AmountInput } from '../../../components/money/amount-input';
import { formatMoney, formatPercent, todayIso } from '../../../lib/format';
import { advanceTermsOf } from '../../../lib/global-config';
import { useLanguage } from '../../../lib/i18n/use-language';
import { isWithin } from '../../../lib/money/cents';
import { borrowOrSellPage } from './borrow-queries';
import { InstalmentsInput } from './instalments-input';
import { CONFIRM_LOAN_PAGE } from './queries';
import { RequestRisk } from './request-risk';
import { pickedContribution, requestIssues } from './request-rules';
import { riskPreviewQuery } from './risk-queries';
import { amountText, useRuleMessage } from './rule-message';

/** `bands`: the rate bands in force (global configuration), which price the preview as the server will. */
export function RequestForm({
  power,
  inProgress,
  bands = advanceTermsOf(undefined).bands,
}: {
  power: BorrowingPower;
  inProgress: boolean;
  bands?: readonly RateBand[];
}) {
  const { t } = useTranslation(['loan', 'borrow']);
  const language = useLanguage();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const message = useRuleMessage();
  const free = power.lines.filter((line) => !line.pledged);
  const [amount, setAmount] = useState(search.get('amount') ?? '');
  const [instalments, setInstalments] = useState<number | string>(Number(search.get('instalments')) || 8);
  // Back from the confirmation the lines picked there come back picked; otherwise every free line is.
  const [collateral, setCollateral] = useState<string[]>(() => {
    const picked = search.getAll('collateral').filter((key) => free.some((line) => line.key === key));
    return picked.length > 0 ? picked : free.map((line) => line.key);
  });
  const [submitted, setSubmitted] = useState(false);

  const amountValue = amountText(amount);
  // What the ticked lines allow, within the bank's maximum: the hint follows every tick and untick.
  const picked = pickedContribution(power.lines, collateral);
  const maximum = isWithin(picked, power.bank_maximum) ? picked : power.bank_maximum;
  const issues = requestIssues({ amount: amountValue, instalments, collateral }, power, inProgress);
  const valid = !issues.amount && !issues.instalments && !issues.collateral && !issues.form;
  const quote = useMemo(
    () =>
      // The preview prices what the calculator may price; the request rules decide what may be asked.
      amountValue &&
      !issues.amount &&
      !issues.instalments &&
      !validateAdvanceInput({ amount: amountValue, instalments }).amount
        ? quoteAdvance({ amount: amountValue, instalments: Number(instalments), startDate: todayIso() }, bands)
        : null,
    [amountValue, instalments, issues.amount, issues.instalments, bands],
  );
  // Before borrowing: the fall the amount leaves on the ticked lines, asked once the typing pauses.
  const [asked] = useDebouncedValue(amountValue && !issues.amount ? amountValue : null, 300);
  const risk = useQuery(riskPreviewQuery(asked, collateral)).data;
  // A message shows once the field has something in it, or after "Continue".
  const show = (filled: boolean) => submitted || filled;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!valid || !amountValue) return;
    void navigate(
      `${CONFIRM_LOAN_PAGE}?${advanceSearch({ amount: amountValue, instalments: Number(instalments), collateral })}`,
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate data-testid="request-form">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('request.title')}
        </Title>
        {issues.form && (
          <Alert color="orange" data-testid="request-in-progress">
            {message(issues.form)}
          </Alert>
        )}
        <Checkbox.Group
          label={t('request.collateral')}
          description={t('request.collateralHint', {
            total: formatMoney(picked, language),
          })}
          value={collateral}
          onChange={setCollateral}
          error={submitted ? message(issues.collateral) : undefined}
          data-testid="request-collateral"
        >
          <Stack gap={6} mt={8}>
            {free.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('request.noCollateral')}
              </Text>
            )}
            {free.map((line) => (
              <Checkbox
                key={line.key}
                value={line.key}
                label={t('request.line', {
                  label: line.label,
                  contribution: formatMoney(line.contribution, language),
                })}
                data-testid={`collateral-${line.key}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <AmountInput
          label={t('request.amount')}
          description={
            isWithin(power.minimum_amount, maximum)
              ? t('request.amountHint', {
                  min: formatMoney(power.minimum_amount, language, { cents: false }),
                  // Cents when it has some: a rounded 6,625 € would invite an amount that is refused.
                  max: formatMoney(maximum, language, { cents: !maximum.endsWith('.00') }),
                })
              : t('request.belowMinimum', { min: formatMoney(power.minimum_amount, language, { cents: false }) })
          }
          value={amount}
          onChange={setAmount}
          error={show(amount !== '') ? message(issues.amount) : undefined}
          data-testid="request-amount"
        />
        <InstalmentsInput
          value={instalments}
          onChange={setInstalments}
          error={show(instalments !== '') ? message(issues.instalments, 'count') : undefined}
          testId="request-instalments"
        />
        {quote && (
          <Text size="sm" data-testid="request-preview">
            {t('request.preview', {
              quarterly: formatMoney(quote.quarterlyInterest, language),
              rate: formatPercent(quote.annualRate, language),
              apr: formatPercent(quote.apr, language),
            })}
          </Text>
        )}
        {quote && risk && <RequestRisk risk={risk} amount={asked} collateral={collateral} />}
        <Group justify="space-between" gap="xs">
          <Anchor
            component={Link}
            to={borrowOrSellPage(amountValue, valid ? Number(instalments) : null)}
            size="sm"
            data-testid="request-borrow-or-sell"
          >
            {t('borrow:compareLink')}
          </Anchor>
          <Button type="submit" disabled={inProgress} data-testid="request-continue">
            {t('request.continue')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
