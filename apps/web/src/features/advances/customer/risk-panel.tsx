// Distance to a margin call on the advance page: the loan-to-value against its limit as a gauge, the fall
// of all the collateral at once that would open a call, and each line's own fall, the weak line marked
// (a company's shares and a fund fall differently). Figures are the server's (GET …/risk/).
import type { AdvanceRisk } from '@lombard/shared/schemas/advance-risk';
import { Badge, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { TableScroll } from '../../../lib/table-scroll';
import { CrisisReplay } from './crisis-replay';
import { FallSentence } from './fall-sentence';
import { LtvGauge } from './ltv-gauge';
import { marginAlertQuery } from './margin-alert-api';
import { advanceRiskQuery } from './risk-queries';

function LinesTable({ risk }: { risk: AdvanceRisk }) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  const weak = risk.lines.find((line) => line.weak);
  // The fall of one line alone that opens a call: a column on wider screens, under the line's name on a phone.
  // In a call no fall is needed to open one: "0.00% (€0.00)" said nothing.
  const fallOf = (line: AdvanceRisk['lines'][number]) =>
    risk.in_call
      ? t('risk.lines.inCall')
      : line.fall && line.fall_amount
        ? t('risk.lines.fallValue', {
            fall: formatPercent(line.fall, language),
            amount: formatMoney(line.fall_amount, language),
          })
        : t('risk.lines.never');
  return (
    <Stack gap="xs">
      <TableScroll minWidth={320}>
        <Table verticalSpacing="xs" data-testid="risk-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('risk.lines.line')}</Table.Th>
              <Table.Th ta="right">{t('risk.lines.value')}</Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                {t('risk.lines.ltv')}
              </Table.Th>
              <Table.Th ta="right" visibleFrom="sm">
                {t('risk.lines.fall')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {risk.lines.map((line) => (
              <Table.Tr key={line.key} data-testid={`risk-line-${line.key}`} data-weak={line.weak || undefined}>
                <Table.Td>
                  <Text size="sm">{line.label}</Text>
                  <Text size="xs" c="dimmed">
                    {t(`risk.classes.${line.asset_class}`)}
                  </Text>
                  <Text size="xs" hiddenFrom="sm">
                    {t('risk.lines.fall')}: {fallOf(line)}
                  </Text>
                  {line.weak && (
                    <Badge color="orange" variant="light" size="sm" data-testid="risk-weak-badge">
                      {t('risk.lines.weak')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(line.value, language)}</Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {formatPercent(line.loan_to_value, language, 0)}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {fallOf(line)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {weak && (
        <Text size="sm" data-testid="risk-weak-note">
          {t(weak.kind === 'stock_plan' ? 'risk.weakShares' : 'risk.weakFund', { label: weak.label })}
        </Text>
      )}
    </Stack>
  );
}

export function RiskPanel({ advanceId }: { advanceId: number }) {
  const { t } = useTranslation('loan');
  const risk = useQuery(advanceRiskQuery(advanceId));
  // The alert panel's figures (the same query, already asked for): the gauge turns amber where they warn.
  const alert = useQuery(marginAlertQuery(advanceId)).data;
  if (!risk.data) return <Skeleton h={260} radius="md" />;
  const data = risk.data;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" data-testid="risk-panel">
        <Stack gap="md">
          <Title order={2} fz="md">
            {t('risk.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
            {data.loan_to_value && data.limit_loan_to_value && (
              <LtvGauge
                loanToValue={data.loan_to_value}
                limit={data.limit_loan_to_value}
                warning={alert?.warning_loan_to_value}
              />
            )}
            <Stack gap="xs" justify="center">
              <FallSentence risk={data} />
              <Text size="sm" c="dimmed">
                {t('risk.explain')}
              </Text>
            </Stack>
          </SimpleGrid>
          {data.lines.length > 0 && <LinesTable risk={data} />}
        </Stack>
      </Paper>
      {data.lines.length > 0 && <CrisisReplay risk={data} fallQuery={(fall) => advanceRiskQuery(advanceId, fall)} />}
    </Stack>
  );
}
