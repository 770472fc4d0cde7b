import type { Language } from '@lombard/shared/locale';
import type { AdvanceQuote } from '@lombard/shared/money/advance-calculator';
import { Box, Button, Table } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';

/** Rows shown before "show all": a year of instalments. */
const COLLAPSED_ROWS = 4;

/** The instalment schedule (each instalment's number and expiry date), principal on the last row. */
export function ScheduleTable({ quote, language }: { quote: AdvanceQuote; language: Language }) {
  const { t } = useTranslation('landing');
  const [expanded, setExpanded] = useState(false);
  const long = quote.schedule.length > COLLAPSED_ROWS + 1;
  const rows = long && !expanded ? quote.schedule.slice(0, COLLAPSED_ROWS) : quote.schedule;
  const last = quote.schedule[quote.schedule.length - 1]!;
  return (
    <>
      {/* On a phone three columns fit at 375 px in both languages (tight cell padding, a short first
          heading, figures on one line); a narrower screen scrolls the table instead of cutting it off. */}
      <Table.ScrollContainer minWidth={280} type="native">
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          horizontalSpacing={8}
          tabularNums
          style={{ whiteSpace: 'nowrap' }}
          data-testid="calculator-schedule"
        >
          <Table.Caption style={{ whiteSpace: 'normal' }}>
            {t('calculator.schedule.caption', { count: quote.instalments })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                {/* A phone has room for the figures only with a short heading here ("No." in English). */}
                <Box component="span" hiddenFrom="sm">
                  {t('calculator.schedule.numberShort')}
                </Box>
                <Box component="span" visibleFrom="sm">
                  {t('calculator.schedule.number')}
                </Box>
              </Table.Th>
              <Table.Th scope="col">{t('calculator.schedule.dueDate')}</Table.Th>
              <Table.Th scope="col" ta="right" visibleFrom="sm">
                {t('calculator.schedule.interest')}
              </Table.Th>
              <Table.Th scope="col" ta="right" visibleFrom="sm">
                {t('calculator.schedule.principal')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('calculator.schedule.total')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.number}>
                <Table.Td>{row.number}</Table.Td>
                <Table.Td>{formatDate(row.dueDate, language)}</Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {formatMoney(row.interest, language)}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {formatMoney(row.principal, language)}
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatMoney(row.total, language)}
                </Table.Td>
              </Table.Tr>
            ))}
            {long && !expanded && (
              <Table.Tr aria-hidden>
                <Table.Td colSpan={5} ta="center" c="dimmed" py={2}>
                  ⋯
                </Table.Td>
              </Table.Tr>
            )}
            {long && !expanded && (
              <Table.Tr>
                <Table.Td>{last.number}</Table.Td>
                <Table.Td>{formatDate(last.dueDate, language)}</Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {formatMoney(last.interest, language)}
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {formatMoney(last.principal, language)}
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatMoney(last.total, language)}
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {long && (
        <Button
          variant="subtle"
          mt="xs"
          onClick={() => setExpanded((value) => !value)}
          rightSection={expanded ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
          aria-expanded={expanded}
          data-testid="calculator-schedule-toggle"
        >
          {expanded
            ? t('calculator.schedule.showLess')
            : t('calculator.schedule.showAll', { count: quote.instalments })}
        </Button>
      )}
    </>
  );
}
