// How much the customer can borrow, and why: each collateral line's value, loan-to-value and contribution,
// the maximum their collateral allows, the bank's own maximum, and which of the two sets the limit.
// The loan overview shows it in full; the home shows the headline and a link.
import type { BorrowingPower } from '@lombard/shared/schemas/advances';
import { Anchor, Badge, Box, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SummaryRow } from '../../../components/summary-row';
import { formatMoney, formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { formatUnitPrice, formatUnits } from '../../../lib/money/format-units';
import { TableScroll } from '../../../lib/table-scroll';

/** The sentence that says which limit binds, with both figures. */
export function useBindingSentence(power: BorrowingPower): string {
  const { t } = useTranslation('advance');
  const language = useLanguage();
  const values = {
    maximum: formatMoney(power.maximum_amount, language),
    collateral: formatMoney(power.maximum_applicable, language),
    bank: formatMoney(power.bank_maximum, language),
  };
  if (power.lines.length === 0) return t('power.noCollateral');
  if (power.lines.every((line) => line.pledged)) return t('power.allPledged');
  return power.binding === 'bank' ? t('power.bindsBank', values) : t('power.bindsCollateral', values);
}

export function BorrowingPowerCard({
  power,
  compact = false,
  link,
}: {
  power: BorrowingPower;
  compact?: boolean;
  /** Where "Request an advance" leads (the home card). */
  link?: string;
}) {
  const { t } = useTranslation('advance');
  const language = useLanguage();
  const sentence = useBindingSentence(power);

  return (
    <Paper withBorder radius="md" p="md" data-testid="borrowing-power">
      <Stack gap="sm">
        <div>
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5}>
            {t('power.title')}
          </Text>
          <Text fz={{ base: 24, sm: 28 }} fw={800} data-testid="power-maximum">
            {formatMoney(power.maximum_amount, language)}
          </Text>
          <Text size="sm" c="dimmed" data-testid="power-binding">
            {sentence}
          </Text>
        </div>
        {!compact && power.lines.length > 0 && (
          <TableScroll minWidth={520} visibleFrom="sm">
            <Table verticalSpacing="xs" tabularNums data-testid="power-lines">
              <Table.Caption>{t('power.caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('power.columns.line')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('power.columns.value')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('power.columns.loanToValue')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('power.columns.contribution')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {power.lines.map((line) => (
                  <Table.Tr key={line.key} data-testid={`power-line-${line.key}`}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {line.label}
                      </Text>
                      <Group gap={6}>
                        <Text size="xs" c="dimmed">
                          {t(`power.kind.${line.kind}`, {
                            units: formatUnits(line.units, language),
                            price: formatUnitPrice(line.unit_price, language),
                          })}
                        </Text>
                        {line.pledged && (
                          <Badge size="xs" variant="light" color="gray">
                            {t('power.pledged')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(line.value, language)}</Table.Td>
                    <Table.Td ta="right">{formatPercent(line.loan_to_value, language)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {line.pledged ? '—' : formatMoney(line.contribution, language)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {/* On a phone each line is a short block: four columns would scroll sideways. */}
        {!compact && power.lines.length > 0 && (
          <Stack gap="xs" hiddenFrom="sm" data-testid="power-lines-phone">
            {power.lines.map((line) => (
              <Box key={line.key} py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={600}>
                    {line.label}
                  </Text>
                  <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {line.pledged ? t('power.pledged') : formatMoney(line.contribution, language)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {t('power.phoneLine', {
                    value: formatMoney(line.value, language),
                    ltv: formatPercent(line.loan_to_value, language),
                  })}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
        {!compact && (
          <Stack gap={4}>
            <SummaryRow
              label={t('power.collateralMaximum')}
              value={formatMoney(power.maximum_applicable, language)}
              testId="power-collateral"
            />
            <SummaryRow
              label={t('power.bankMaximum')}
              value={formatMoney(power.bank_maximum, language)}
              testId="power-bank"
            />
            <SummaryRow
              label={t('power.minimum')}
              value={formatMoney(power.minimum_amount, language)}
              testId="power-minimum"
            />
          </Stack>
        )}
        {link && (
          <Anchor component={Link} to={link} size="sm" fw={600}>
            {t('power.request')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
