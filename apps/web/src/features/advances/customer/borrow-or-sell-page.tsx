// loan/borrow-or-sell/: for a cash need, an advance over the chosen quarters beside selling enough of the
// free fund units to net the same amount after tax — costs side by side, as bars and as a table, with the
// assumptions stated. The amount and quarters live in the address, so a reload or a link keeps them.
import { MAX_INSTALMENTS, MIN_INSTALMENTS } from '@lombard/shared/constants';
import type { BorrowOrSell } from '@lombard/shared/schemas/borrow-or-sell';
import { Alert, Button, Group, List, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AmountInput } from '../../../components/money/amount-input';
import { PageHeading } from '../../../components/page-heading';
import { formatDate, formatMoney, formatNumber, formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { usePageMeta } from '../../../lib/page-meta';
import { TableScroll } from '../../../lib/table-scroll';
import { AprRow } from './apr-explanation';
import { borrowOrSellQuery } from './borrow-queries';
import { type CostBar, CostBars } from './cost-bars';
import { InstalmentsInput } from './instalments-input';
import { LOAN_PAGE } from './queries';
import { amountText } from './rule-message';

const COLORS = {
  interest: 'var(--mantine-color-blue-6)',
  tax: 'var(--mantine-color-red-6)',
  coupons: 'var(--mantine-color-orange-5)',
  protection: 'var(--mantine-color-grape-5)',
  buyBack: 'var(--mantine-color-gray-6)',
};

/** A label and its amount; the amount never breaks before its € on a phone (a long label wraps instead). */
function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 800 : 600} ta="right" data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

function validTerm(value: number | string) {
  const n = Number(value);
  return Number.isInteger(n) && n >= MIN_INSTALMENTS && n <= MAX_INSTALMENTS;
}

function Comparison({ data }: { data: BorrowOrSell }) {
  const { t } = useTranslation('borrow');
  const language = useLanguage();
  const money = (value: string) => formatMoney(value, language);
  const rows = [
    { key: 'interest', label: t('costs.interest'), borrow: data.borrow.total_interest, sell: null },
    { key: 'tax', label: t('costs.tax'), borrow: null, sell: data.sell.tax },
    { key: 'coupons', label: t('costs.coupons'), borrow: null, sell: data.sell.coupons_given_up },
    { key: 'protection', label: t('costs.protection'), borrow: null, sell: data.sell.protection_given_up },
    { key: 'buyBack', label: t('costs.buyBack'), borrow: null, sell: data.sell.buy_back_cost },
  ] as const;
  const bars: CostBar[] = [
    {
      key: 'borrow',
      label: t('borrow.title'),
      total: data.borrow.total_cost,
      segments: [
        { key: 'interest', label: t('costs.interest'), amount: data.borrow.total_interest, color: COLORS.interest },
      ],
    },
    {
      key: 'sell',
      label: t('sell.title'),
      total: data.sell.total_cost,
      segments: rows
        .filter((row) => row.sell !== null)
        .map((row) => ({ key: row.key, label: row.label, amount: row.sell!, color: COLORS[row.key] })),
    },
  ];
  const verdict =
    data.cheaper === null
      ? !data.borrow.possible || !data.sell.possible
        ? null
        : t('verdict.same')
      : t(`verdict.${data.cheaper}`, { difference: money(data.difference), quarters: data.term });

  return (
    <Stack gap="md" data-testid="borrow-or-sell-result">
      {verdict && (
        <Text fw={600} data-testid="borrow-or-sell-verdict">
          {verdict}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md" data-testid="borrow-column">
          <Stack gap={6}>
            <Title order={2} fz="lg">
              {t('borrow.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('borrow.intro', {
                amount: money(data.amount),
                quarters: data.term,
                date: formatDate(data.term_end, language),
              })}
            </Text>
            <Row label={t('borrow.quarterly')} value={money(data.borrow.quarterly_interest)} />
            <Row label={t('borrow.rate')} value={formatPercent(data.borrow.annual_rate, language)} />
            <AprRow apr={data.borrow.apr} source={{ amount: data.amount, instalments: data.term }} />
            <Row label={t('costs.interest')} value={money(data.borrow.total_interest)} />
            <Row label={t('borrow.fees')} value={money('0')} />
            <Row label={t('total')} value={money(data.borrow.total_cost)} strong testId="borrow-total" />
            <Text size="sm" c="dimmed">
              {t('borrow.keep')}
            </Text>
            {!data.borrow.possible && (
              <Alert color="orange" data-testid="borrow-not-possible">
                {t('borrow.notPossible', { maximum: money(data.borrow.maximum) })}
              </Alert>
            )}
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="md" data-testid="sell-column">
          <Stack gap={6}>
            <Title order={2} fz="lg">
              {t('sell.title')}
            </Title>
            {data.sell.lines.length > 0 ? (
              <List size="sm" spacing={2}>
                {data.sell.lines.map((line) => (
                  <List.Item key={line.product_id}>
                    {t(line.gain.startsWith('-') ? 'sell.lineLoss' : 'sell.line', {
                      units: formatNumber(line.units, language, 3),
                      name: line.label,
                      proceeds: money(line.proceeds),
                      gain: money(line.gain.replace('-', '')),
                    })}
                  </List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm" c="dimmed">
                {t('sell.nothing')}
              </Text>
            )}
            <Row label={t('sell.proceeds')} value={money(data.sell.proceeds)} />
            <Row label={t('costs.tax')} value={money(data.sell.tax)} testId="sell-tax" />
            <Row label={t('sell.net')} value={money(data.sell.net)} />
            <Row label={t('costs.coupons')} value={money(data.sell.coupons_given_up)} />
            <Row label={t('costs.protection')} value={money(data.sell.protection_given_up)} />
            <Row label={t('costs.buyBack')} value={money(data.sell.buy_back_cost)} />
            <Row label={t('total')} value={money(data.sell.total_cost)} strong testId="sell-total" />
            {(data.sell.losses_carried_forward !== '0.00' || data.sell.losses_after !== '0.00') && (
              <Text size="sm" c="dimmed">
                {t('sell.losses', {
                  before: money(data.sell.losses_carried_forward),
                  after: money(data.sell.losses_after),
                })}
              </Text>
            )}
            {!data.sell.possible && data.sell.lines.length > 0 && (
              <Alert color="orange" data-testid="sell-not-possible">
                {t('sell.notPossible', { net: money(data.sell.net) })}
              </Alert>
            )}
          </Stack>
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} fz="md" id="borrow-or-sell-chart">
            {t('chart.title', { quarters: data.term })}
          </Title>
          <CostBars bars={bars} formatMoney={money} />
          <TableScroll minWidth={280}>
            <Table aria-labelledby="borrow-or-sell-chart" data-testid="borrow-or-sell-table" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('chart.cost')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('borrow.title')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('sell.title')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.key}>
                    <Table.Th scope="row" fw={400}>
                      {row.label}
                    </Table.Th>
                    <Table.Td ta="right">{row.borrow === null ? '—' : money(row.borrow)}</Table.Td>
                    <Table.Td ta="right">{row.sell === null ? '—' : money(row.sell)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Th scope="row">{t('total')}</Table.Th>
                  <Table.Td ta="right" fw={700}>
                    {money(data.borrow.total_cost)}
                  </Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {money(data.sell.total_cost)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </TableScroll>
        </Stack>
      </Paper>
      <Alert color="blue" variant="light" title={t('assumptions.title')} data-testid="borrow-or-sell-disclaimer">
        <Stack gap={6}>
          <Text size="sm">{t('assumptions.estimate')}</Text>
          <List size="sm" spacing={4}>
            <List.Item>
              {t('assumptions.tax', {
                standard: formatPercent(data.tax_rates.standard, language, 0),
                bonds: formatPercent(data.tax_rates.government_bonds, language, 1),
              })}
            </List.Item>
            <List.Item>{t('assumptions.losses')}</List.Item>
            <List.Item>{t('assumptions.order')}</List.Item>
            <List.Item>{t('assumptions.coupons')}</List.Item>
            <List.Item>{t('assumptions.protection')}</List.Item>
            <List.Item>{t('assumptions.buyBack')}</List.Item>
            <List.Item>{t('assumptions.growth')}</List.Item>
          </List>
        </Stack>
      </Alert>
    </Stack>
  );
}

export function BorrowOrSellPage() {
  const { t } = useTranslation('borrow');
  usePageMeta(t('title'));
  const [search, setSearch] = useSearchParams();
  const asked = { amount: search.get('amount'), term: search.get('term') };
  const [amount, setAmount] = useState(asked.amount ?? '');
  const [term, setTerm] = useState<number | string>(Number(asked.term) || 8);
  const [submitted, setSubmitted] = useState(false);
  const comparison = useQuery(borrowOrSellQuery(asked.amount, asked.term));
  const amountValue = amountText(amount);
  const amountError = submitted && !amountValue ? t('form.amountRequired') : undefined;
  const termError =
    submitted && !validTerm(term) ? t('form.termRange', { min: MIN_INSTALMENTS, max: MAX_INSTALMENTS }) : undefined;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!amountValue || !validTerm(term)) return;
    setSearch({ amount: amountValue, term: String(term) }, { replace: true });
  };

  return (
    <Stack gap="lg" maw={960} data-testid="borrow-or-sell-page">
      <PageHeading title={t('title')} description={t('description')} back={{ to: LOAN_PAGE, label: t('back') }} />
      <Paper
        withBorder
        radius="md"
        p="md"
        component="form"
        onSubmit={submit}
        noValidate
        data-testid="borrow-or-sell-form"
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" style={{ alignItems: 'end' }}>
          <AmountInput
            label={t('form.amount')}
            description={t('form.amountHint')}
            value={amount}
            onChange={setAmount}
            error={amountError}
            name="amount"
            data-testid="borrow-or-sell-amount"
          />
          <InstalmentsInput value={term} onChange={setTerm} error={termError} testId="borrow-or-sell-term" />
          <Group>
            <Button type="submit" loading={comparison.isFetching} data-testid="borrow-or-sell-compare">
              {t('form.compare')}
            </Button>
          </Group>
        </SimpleGrid>
      </Paper>
      {comparison.isError && (
        <Alert color="red" data-testid="borrow-or-sell-error">
          {t('form.error')}
        </Alert>
      )}
      {comparison.isPending && comparison.fetchStatus === 'fetching' && <Skeleton h={360} radius="md" />}
      {comparison.data && <Comparison data={comparison.data} />}
    </Stack>
  );
}
