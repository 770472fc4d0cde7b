// The advance calculator: amount and number of quarterly instalments in; quarterly interest, total
// interest, maturity, nominal rate, APR and the schedule out. The figures come from the shared
// quoteAdvance(), the same function the customer area and the server use.

import { advanceSearch } from '@lombard/shared/advance-search';
import type { Language } from '@lombard/shared/locale';
import { type CalculatorMessage, quoteAdvance, validateAdvanceInput } from '@lombard/shared/money/advance-calculator';
import { Box, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountInput } from '../../../components/money/amount-input';
import { SummaryRow } from '../../../components/summary-row';
import { AppLink } from '../../../lib/app-link';
import { formatDate, formatMoney, formatNumber, formatPercent, todayIso } from '../../../lib/format';
import { type AdvanceTermsProps, advanceTermsOfProps } from '../../../lib/global-config';
import { LOGIN_PATH } from '../../../lib/session/navigation';
import { ScheduleTable } from '../schedule-table';
import { InstalmentsField, RateBands } from './calculator-fields';

// Where it has always been imported from.
export { formatTerm } from './calculator-fields';

const DEFAULT_AMOUNT = 50_000;
const DEFAULT_INSTALMENTS = 8;
/** The request form of the customer area (loan/); a visitor who is not signed in logs in first. */
const LOAN_REQUEST_PATH = '/customer/loan/';

/**
 * The limits and rate bands of the operator settings, as props: the page reads the global configuration
 * (an island has no query client of its own).
 */
export function AdvanceCalculator(props: AdvanceTermsProps) {
  const { t, i18n } = useTranslation('landing');
  const { maximum, minimum, bands } = useMemo(() => advanceTermsOfProps(props), [props]);
  const language: Language = i18n.language === 'en' ? 'en' : 'it';
  const [amount, setAmount] = useState<string>(String(DEFAULT_AMOUNT));
  const [instalments, setInstalments] = useState<number | string>(DEFAULT_INSTALMENTS);

  const issues = validateAdvanceInput({
    amount: amount === '' ? null : amount,
    instalments: typeof instalments === 'number' ? instalments : Number.NaN,
    maximum,
    minimum,
  });
  // The field shows a typed digit in the frame after the key; the figures and the schedule follow in a
  // render React may interrupt (decision 033): recomputing and drawing them took several hundred ms per
  // key on a slow phone, all of it before the digit appeared.
  const figuresAmount = useDeferredValue(amount);
  const figuresInstalments = useDeferredValue(instalments);
  const quote = useMemo(() => {
    const checked = validateAdvanceInput({
      amount: figuresAmount === '' ? null : figuresAmount,
      instalments: typeof figuresInstalments === 'number' ? figuresInstalments : Number.NaN,
      maximum,
      minimum,
    });
    if (checked.amount || checked.instalments) return null;
    return quoteAdvance(
      { amount: String(figuresAmount), instalments: Number(figuresInstalments), startDate: todayIso() },
      bands,
    );
  }, [figuresAmount, figuresInstalments, bands, maximum, minimum]);

  /** A message with its figures written as the language writes them: euros for the amount, counts else. */
  const message = (issue: CalculatorMessage | undefined, figure: (value: string | number) => string) => {
    if (!issue) return undefined;
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(issue.params ?? {})) values[name] = figure(value);
    return t(issue.key, values) as string;
  };
  const euros = (value: string | number) => formatMoney(String(value), language, { cents: false });
  const count = (value: string | number) => formatNumber(String(value), language);

  // What does not change with the amount is not drawn again at each key (the fields below are memoised).
  const amountDescription = useMemo(
    () =>
      t('calculator.amount.description', {
        min: formatMoney(minimum, language, { cents: false }),
        max: formatMoney(maximum, language, { cents: false }),
      }),
    [t, minimum, maximum, language],
  );

  return (
    <Paper radius="xl" withBorder shadow="sm" p={0} style={{ overflow: 'hidden' }} data-testid="advance-calculator">
      <Grid gap={0}>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg" p={{ base: 'lg', sm: 32 }}>
            <AmountInput
              label={t('calculator.amount.label')}
              description={amountDescription}
              value={amount}
              onChange={setAmount}
              clampBehavior="none"
              size="lg"
              error={message(issues.amount, euros)}
              data-testid="calculator-amount"
            />
            <InstalmentsField
              value={instalments}
              onChange={setInstalments}
              error={message(issues.instalments, count)}
              language={language}
            />
            <RateBands bands={bands} minimum={minimum} language={language} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <QuoteFigures quote={quote} language={language} />
        </Grid.Col>
      </Grid>
      <QuoteSchedule quote={quote} language={language} />
    </Paper>
  );
}

type Quote = ReturnType<typeof quoteAdvance> | null;

/** The figures of a quote: memoised, so that a keystroke's urgent render does not draw them again. */
const QuoteFigures = memo(function QuoteFigures({ quote, language }: { quote: Quote; language: Language }) {
  const { t } = useTranslation('landing');
  return (
    <Stack
      gap="lg"
      p={{ base: 'lg', sm: 32 }}
      h="100%"
      bg="light-dark(var(--mantine-color-navy-0), rgba(65, 109, 225, 0.1))"
      aria-live="polite"
      data-testid="calculator-results"
    >
      <div>
        <Text size="sm" fw={600} c="dimmed">
          {t('calculator.results.quarterly')}
        </Text>
        <Text
          fz={{ base: 36, sm: 44 }}
          fw={800}
          lh={1.1}
          style={{ letterSpacing: '-0.02em' }}
          data-testid="calc-quarterly"
        >
          {quote ? formatMoney(quote.quarterlyInterest, language) : '—'}
        </Text>
        {!quote && (
          <Text size="sm" c="dimmed" mt={4}>
            {t('calculator.results.invalid')}
          </Text>
        )}
      </div>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md">
        <SummaryRow
          stacked="headline"
          label={t('calculator.results.totalInterest')}
          value={quote ? formatMoney(quote.totalInterest, language) : '—'}
          testId="calc-total-interest"
        />
        <SummaryRow
          stacked="headline"
          label={t('calculator.results.maturity')}
          value={quote ? formatDate(quote.maturityDate, language) : '—'}
          testId="calc-maturity"
        />
        <SummaryRow
          stacked="headline"
          label={t('calculator.results.totalRepayable')}
          value={quote ? formatMoney(quote.totalRepayable, language) : '—'}
          testId="calc-total-repayable"
        />
        <SummaryRow
          stacked="headline"
          label={t('calculator.results.rate')}
          value={quote ? formatPercent(quote.annualRate, language) : '—'}
          testId="calc-rate"
        />
        <SummaryRow
          stacked="headline"
          label={t('calculator.results.apr')}
          value={quote ? formatPercent(quote.apr, language) : '—'}
          testId="calc-apr"
        />
        <SummaryRow
          stacked="headline"
          label={t('calculator.results.fees')}
          value={quote ? formatMoney('0', language) : '—'}
          testId="calc-fees"
        />
      </SimpleGrid>
      <Group gap="sm" mt="auto">
        {/* Signed out, the customer area sends the visitor to log in and then back to this request. */}
        <Button
          component={AppLink}
          to={requestPath(quote)}
          rightSection={<IconArrowRight size={18} aria-hidden />}
          data-testid="calculator-request"
        >
          {t('calculator.cta')}
        </Button>
        <Button component={AppLink} to={LOGIN_PATH} variant="default">
          {t('calculator.login')}
        </Button>
      </Group>
    </Stack>
  );
});

/** The schedule of a quote, none for an invalid one: memoised like the figures. */
const QuoteSchedule = memo(function QuoteSchedule({ quote, language }: { quote: Quote; language: Language }) {
  const { t } = useTranslation('landing');
  if (!quote) return null;
  return (
    <Box p={{ base: 'lg', sm: 32 }} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Title order={3} fz="lg" mb="sm">
        {t('calculator.schedule.title')}
      </Title>
      <ScheduleTable rows={quote.schedule} language={language} />
      <Text size="xs" c="dimmed" mt="md">
        {t('calculator.disclaimer')}
      </Text>
    </Box>
  );
});

/** The customer area's request form, filled in with this quote's amount and instalments. */
function requestPath(quote: { amount: string; instalments: number } | null): string {
  if (!quote) return LOAN_REQUEST_PATH;
  return `${LOAN_REQUEST_PATH}?${advanceSearch(quote)}`;
}
