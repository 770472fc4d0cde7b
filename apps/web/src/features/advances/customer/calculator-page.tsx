// loan/calculator/: what an advance costs, computed in the browser by the same shared quoteAdvance() as
// the public calculator and the server: quarterly interest, total cost, APR and the dated schedule.

import { advanceSearch } from '@lombard/shared/advance-search';
import { quoteAdvance, validateAdvanceInput } from '@lombard/shared/money/advance-calculator';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountInput } from '../../../components/money/amount-input';
import { PageHeading } from '../../../components/page-heading';
import { SummaryRow } from '../../../components/summary-row';
import { formatDate, formatMoney, formatPercent, todayIso } from '../../../lib/format';
import { useAdvanceTerms } from '../../../lib/global-config';
import { useLanguage } from '../../../lib/i18n/use-language';
import { usePageMeta } from '../../../lib/page-meta';
import { ScheduleTable } from '../schedule-table';
import { InstalmentsInput } from './instalments-input';
import { LOAN_PAGE } from './queries';
import { amountText, useRuleMessage } from './rule-message';

export function CalculatorPage() {
  const { t } = useTranslation('loan');
  usePageMeta(t('calculator.title'));
  const language = useLanguage();
  const message = useRuleMessage();
  const [amount, setAmount] = useState('50000');
  const [instalments, setInstalments] = useState<number | string>(8);
  const amountValue = amountText(amount);
  // The bank's configured limits and rates, the figures the public calculator and the request form use too.
  const { maximum, minimum, bands } = useAdvanceTerms();
  const issues = validateAdvanceInput({ amount: amountValue, instalments, maximum, minimum });
  const valid = amountValue !== null && !issues.amount && !issues.instalments;
  const quote = useMemo(
    () =>
      valid
        ? quoteAdvance({ amount: amountValue, instalments: Number(instalments), startDate: todayIso() }, bands)
        : null,
    [valid, amountValue, instalments, bands],
  );
  const dash = '—';

  return (
    <Stack gap="lg" maw={880} data-testid="loan-calculator">
      <PageHeading
        title={t('calculator.title')}
        description={t('calculator.description')}
        back={{ to: LOAN_PAGE, label: t('calculator.back') }}
      />
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {/* The range as a hint, like the instalments beside it: the two fields then line up side by side. */}
          <AmountInput
            label={t('request.amount')}
            description={t('request.amountHint', {
              min: formatMoney(minimum, language, { cents: false }),
              max: formatMoney(maximum, language, { cents: false }),
            })}
            value={amount}
            onChange={setAmount}
            error={message(issues.amount)}
            data-testid="calculator-amount"
          />
          <InstalmentsInput
            value={instalments}
            onChange={setInstalments}
            error={message(issues.instalments, 'count')}
            testId="calculator-instalments"
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md" aria-live="polite" data-testid="calculator-results">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <SummaryRow
            stacked="headline"
            label={t('figures.quarterly')}
            value={quote ? formatMoney(quote.quarterlyInterest, language) : dash}
            testId="calc-quarterly"
          />
          <SummaryRow
            stacked="headline"
            label={t('figures.totalInterest')}
            value={quote ? formatMoney(quote.totalInterest, language) : dash}
            testId="calc-total-interest"
          />
          <SummaryRow
            stacked="headline"
            label={t('figures.totalPayable')}
            value={quote ? formatMoney(quote.totalRepayable, language) : dash}
            testId="calc-total-repayable"
          />
          <SummaryRow
            stacked="headline"
            label={t('figures.rate')}
            value={quote ? formatPercent(quote.annualRate, language) : dash}
            testId="calc-rate"
          />
          <SummaryRow
            stacked="headline"
            label={t('figures.apr')}
            value={quote ? formatPercent(quote.apr, language) : dash}
            testId="calc-apr"
          />
          <SummaryRow
            stacked="headline"
            label={t('figures.maturity')}
            value={quote ? formatDate(quote.maturityDate, language) : dash}
            testId="calc-maturity"
          />
        </SimpleGrid>
        {quote && (
          <Group justify="flex-end" mt="md">
            <Button
              component={Link}
              to={`${LOAN_PAGE}?${advanceSearch(quote)}`}
              rightSection={<IconArrowRight size={18} aria-hidden />}
              data-testid="calculator-request"
            >
              {t('calculator.request')}
            </Button>
          </Group>
        )}
      </Paper>
      {quote && (
        <Stack gap="xs">
          <Title order={2} fz="lg">
            {t('calculator.schedule')}
          </Title>
          <ScheduleTable rows={quote.schedule} language={language} />
          <Text size="xs" c="dimmed">
            {t('calculator.disclaimer')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
