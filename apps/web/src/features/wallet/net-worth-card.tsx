// Net worth with the advance as a debt, for the home and the portfolio: what she holds, the advance she
// owes and the difference; month by month over the last year (a line chart, and the same figures as a
// table); and what a sale of her pledged units at today's prices to repay the advance would leave. In
// its own chunk (wallet/routes.tsx): the signed-in home's budget has no room for the chart.
import type { NetWorth } from '@lombard/shared/schemas/borrow-or-sell';
import { Box, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeSeries, LineChart } from '../../components/charts/line-chart';
import { SummaryRow } from '../../components/summary-row';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { TableScroll } from '../../lib/table-scroll';
import { netWorthQuery } from './api';

function monthLabel(date: string, language: string) {
  return new Intl.DateTimeFormat(language === 'it' ? 'it-IT' : 'en-GB', { month: 'short', year: 'numeric' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

function Figures({ data }: { data: NetWorth }) {
  const { t } = useTranslation('networth');
  const language = useLanguage();
  const money = (value: string) => formatMoney(value, language);
  const points = data.history.map((point) => ({ x: point.date, y: point.net_worth }));
  const formatX = (x: string) => formatDate(x, language);
  const owes = data.today.advance !== '0.00';
  const sale = data.forced_sale;
  const hasPlans = data.today.stock_plans !== '0.00';
  const planSales = sale.lines.filter((line) => line.kind === 'stock_plan');
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <SummaryRow stacked="headline" label={t('assets')} value={money(data.today.assets)} testId="net-worth-assets" />
        <SummaryRow
          stacked="headline"
          label={t('liability')}
          value={owes ? `−${money(data.today.advance)}` : money('0')}
          testId="net-worth-liability"
        />
        <SummaryRow
          stacked="headline"
          label={t('netWorth')}
          value={money(data.today.net_worth)}
          testId="net-worth-total"
        />
      </SimpleGrid>
      <Text size="sm" c="dimmed" data-testid="net-worth-composition">
        {t(hasPlans ? 'composition' : 'compositionNoPlans', {
          funds: money(data.today.investments),
          plans: money(data.today.stock_plans),
          cash: money(data.today.cash),
        })}
      </Text>
      <Box>
        <Text size="sm" fw={600} mb={4} id="net-worth-chart-title">
          {t('chartTitle')}
        </Text>
        <LineChart
          points={points}
          label={describeSeries(
            points,
            formatX,
            (y) => money(String(y)),
            (values) => t('chartSummary', values),
          )}
          formatX={formatX}
          formatY={(y) => money(String(y))}
          height={180}
          testId="net-worth-chart"
        />
      </Box>
      <details>
        <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>{t('tableToggle')}</summary>
        <TableScroll minWidth={320} mt="xs">
          {/* Named by the chart's title above: a caption would scroll sideways with the table on a phone. */}
          <Table fz="sm" data-testid="net-worth-table" aria-labelledby="net-worth-chart-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('month')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('assets')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('liability')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('netWorth')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.history.map((point) => (
                <Table.Tr key={point.date}>
                  <Table.Th scope="row" fw={400}>
                    {monthLabel(point.date, language)}
                  </Table.Th>
                  <Table.Td ta="right">{money(point.assets)}</Table.Td>
                  <Table.Td ta="right">{money(point.advance)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {money(point.net_worth)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </details>
      {owes && (
        <Paper radius="sm" p="sm" bg="var(--mantine-color-default-hover)" data-testid="net-worth-forced-sale">
          <Text size="sm" fw={600}>
            {t('forcedSale.title', { amount: money(sale.net_worth) })}
          </Text>
          <Text size="sm" c="dimmed">
            {sale.still_owed === '0.00'
              ? t('forcedSale.body', {
                  proceeds: money(sale.proceeds),
                  repaid: money(sale.repaid),
                  tax: money(sale.tax),
                  loss: money(sale.loss),
                })
              : t('forcedSale.short', {
                  proceeds: money(sale.proceeds),
                  owed: money(sale.still_owed),
                  tax: money(sale.tax),
                })}
          </Text>
          {planSales.map((line) => (
            <Text size="sm" c="dimmed" key={line.stock_plan_id} data-testid="net-worth-forced-sale-plan">
              {t('forcedSale.plan', {
                proceeds: money(line.proceeds),
                units: formatNumber(line.units, language, /\.0+$/.test(line.units) ? 0 : 6),
                label: line.label,
              })}
            </Text>
          ))}
        </Paper>
      )}
    </Stack>
  );
}

/** The card; loads its figures itself, so the page around it never waits for them. */
export function NetWorthCard() {
  const { t } = useTranslation('networth');
  const worth = useQuery(netWorthQuery);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="net-worth-card"
      component="section"
      aria-labelledby="net-worth-title"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg" id="net-worth-title">
            {t('title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('description')}
          </Text>
        </div>
        {worth.isError ? (
          <Text size="sm" c="red">
            {t('loadError')}
          </Text>
        ) : worth.data ? (
          <Figures data={worth.data} />
        ) : (
          <Skeleton h={260} radius="md" />
        )}
      </Stack>
    </Paper>
  );
}
