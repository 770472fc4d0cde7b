// The instalment schedule of an advance, wherever one is shown: the public calculator, the customer's
// calculator and confirmation, an advance's own page (with each instalment paid, due or overdue) and
// the recomputed schedule of an early repayment. Principal is on the last row.
import type { Language } from '@lombard/shared/locale';
import type { InstalmentState } from '@lombard/shared/schemas/advances';
import { Badge, Box, Button, Table } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../lib/format';
import { TableScroll } from '../../lib/table-scroll';

/** Rows shown before "show all": a year of instalments. */
const COLLAPSED_ROWS = 4;

export interface ScheduleRow {
  number: number;
  dueDate: string;
  interest: string;
  principal: string;
  total: string;
  state?: InstalmentState;
}

/** The wire schedule (snake_case) as rows. */
export const scheduleRows = (
  items: ReadonlyArray<{
    number: number;
    due_date: string;
    interest: string;
    principal: string;
    total: string;
    state?: InstalmentState;
  }>,
): ScheduleRow[] => items.map(({ due_date, ...item }) => ({ ...item, dueDate: due_date }));

const STATE_COLOR: Record<InstalmentState, string> = { scheduled: 'gray', paid: 'teal', overdue: 'red' };

function StateBadge({ state, size }: { state: InstalmentState; size: 'xs' | 'sm' }) {
  const { t } = useTranslation('advance');
  return (
    <Badge size={size} variant="light" color={STATE_COLOR[state]} miw="max-content" style={{ flexShrink: 0 }}>
      {t(`schedule.states.${state}`)}
    </Badge>
  );
}

export function ScheduleTable({
  rows,
  language,
  testId = 'calculator-schedule',
}: {
  rows: ScheduleRow[];
  language: Language;
  testId?: string;
}) {
  const { t } = useTranslation('advance');
  const [expanded, setExpanded] = useState(false);
  const withState = rows.some((row) => row.state);
  const long = rows.length > COLLAPSED_ROWS + 1;
  const last = rows[rows.length - 1];
  if (!last) return null;
  const shown = long && !expanded ? [...rows.slice(0, COLLAPSED_ROWS), null, last] : rows;
  const columns = withState ? 6 : 5;

  return (
    <>
      {/* On a phone three columns fit at 375 px in both languages (tight cell padding, a short first
          heading, figures on one line); a narrower screen scrolls the table instead of cutting it off. */}
      <TableScroll minWidth={280}>
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          horizontalSpacing={8}
          tabularNums
          style={{ whiteSpace: 'nowrap' }}
          data-testid={testId}
        >
          <Table.Caption style={{ whiteSpace: 'normal' }}>
            {t('schedule.caption', { count: rows.length })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                {/* A phone has room for the figures only with a short heading here ("No." in English). */}
                <Box component="span" hiddenFrom="sm">
                  {t('schedule.numberShort')}
                </Box>
                <Box component="span" visibleFrom="sm">
                  {t('schedule.number')}
                </Box>
              </Table.Th>
              <Table.Th scope="col">{t('schedule.dueDate')}</Table.Th>
              <Table.Th scope="col" ta="right" visibleFrom="sm">
                {t('schedule.interest')}
              </Table.Th>
              <Table.Th scope="col" ta="right" visibleFrom="sm">
                {t('schedule.principal')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('schedule.total')}
              </Table.Th>
              {withState && (
                <Table.Th scope="col" visibleFrom="sm">
                  {t('schedule.state')}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) =>
              row === null ? (
                <Table.Tr aria-hidden key="gap">
                  <Table.Td colSpan={columns} ta="center" c="dimmed" py={2}>
                    ⋯
                  </Table.Td>
                </Table.Tr>
              ) : (
                <Table.Tr key={row.number} data-testid={`instalment-${row.number}`}>
                  <Table.Td>{row.number}</Table.Td>
                  <Table.Td>
                    {formatDate(row.dueDate, language)}
                    {/* On a phone the state goes under the date: a fourth column pushed the Italian badge
                        ("Da pagare") past the edge of the screen. */}
                    {row.state && (
                      <Box hiddenFrom="sm" mt={2}>
                        <StateBadge state={row.state} size="xs" />
                      </Box>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {formatMoney(row.interest, language)}
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {formatMoney(row.principal, language)}
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatMoney(row.total, language)}
                  </Table.Td>
                  {withState && (
                    <Table.Td visibleFrom="sm">{row.state && <StateBadge state={row.state} size="sm" />}</Table.Td>
                  )}
                </Table.Tr>
              ),
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {long && (
        <Button
          variant="subtle"
          mt="xs"
          onClick={() => setExpanded((value) => !value)}
          rightSection={expanded ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
          aria-expanded={expanded}
          data-testid={`${testId}-toggle`}
        >
          {expanded ? t('schedule.showLess') : t('schedule.showAll', { count: rows.length })}
        </Button>
      )}
    </>
  );
}
