// The positions: a table on a wide screen, one card per product on a phone. Every figure comes from the
// API as a decimal string and is only formatted here.
import type { Position } from '@lombard/shared/schemas/wallet';
import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SignedMoney } from '../../components/money/signed-money';
import { formatDate, formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { formatUnitPrice, formatUnits } from '../../lib/money/format-units';
import { productPage } from '../../lib/money/keys';
import { TableScroll } from '../../lib/table-scroll';
import { DisinvestLink } from './disinvest-link';

interface Field {
  key: string;
  label: string;
  value(position: Position): ReactNode;
  align?: 'right';
  /** On a phone card, the whole width: a signed amount with its rate does not fit half of it. */
  wide?: boolean;
}

const hasUnits = (units: string) => /[1-9]/.test(units);

function useFields(): Field[] {
  const { t } = useTranslation('wallet');
  const language = useLanguage();
  return [
    {
      key: 'units',
      label: t('positions.units'),
      // Pledged units are the exception (only with an advance): a note under the total, not a column of zeros.
      value: (p) => (
        <>
          {formatUnits(p.units, language)}
          {hasUnits(p.pledged_units) && (
            <Text component="span" display="block" size="xs" c="dimmed" data-testid={`pledged-${p.product.id}`}>
              {t('positions.pledgedOf', { units: formatUnits(p.pledged_units, language) })}
            </Text>
          )}
        </>
      ),
      align: 'right',
    },
    {
      key: 'average_cost',
      label: t('positions.averageCost'),
      value: (p) => formatUnitPrice(p.average_cost, language),
      align: 'right',
    },
    {
      key: 'nav',
      label: t('positions.nav'),
      value: (p) => (
        <>
          {formatUnitPrice(p.nav, language)}
          <Text component="span" display="block" size="xs" c="dimmed">
            {t('positions.navDate', { date: formatDate(p.nav_date, language) })}
          </Text>
        </>
      ),
      align: 'right',
    },
    { key: 'value', label: t('positions.value'), value: (p) => formatMoney(p.value, language), align: 'right' },
    {
      key: 'gain',
      label: t('positions.gain'),
      value: (p) => <SignedMoney amount={p.gain} rate={p.gain_rate} stacked />,
      align: 'right',
      wide: true,
    },
    {
      key: 'available',
      label: t('positions.available'),
      value: (p) => formatUnits(p.available_units, language),
      align: 'right',
    },
  ];
}

// Figures in a column line up digit under digit.
const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

function ProductName({ position }: { position: Position }) {
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={productPage(position.product.id)} fw={600} size="sm">
        {position.product.name}
      </Anchor>
      <Text size="xs" c="dimmed" ff="monospace">
        {position.product.isin}
      </Text>
    </Stack>
  );
}

export function PositionsList({ positions }: { positions: Position[] }) {
  const { t } = useTranslation('wallet');
  const phone = useMediaQuery('(max-width: 48em)');
  const fields = useFields();

  if (phone) {
    return (
      <Stack gap="sm" data-testid="positions-cards">
        {positions.map((position) => (
          <Paper key={position.product.id} withBorder radius="md" p="md" data-testid="position-card">
            <Stack gap="sm">
              <ProductName position={position} />
              <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                {fields.map((field) => (
                  <Stack key={field.key} gap={0} style={field.wide ? { gridColumn: '1 / -1' } : undefined}>
                    <Text size="xs" c="dimmed">
                      {field.label}
                    </Text>
                    <Text size="sm" component="div" style={TABULAR}>
                      {field.value(position)}
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
              <Group>
                <DisinvestLink position={position} />
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <TableScroll minWidth={980}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing="xs"
          highlightOnHover
          aria-label={t('positions.title')}
          data-testid="positions-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th miw={160}>{t('positions.product')}</Table.Th>
              {fields.map((field) => (
                <Table.Th key={field.key} ta={field.align} style={{ whiteSpace: 'nowrap' }}>
                  {field.label}
                </Table.Th>
              ))}
              <Table.Th>
                <VisuallyHidden>{t('positions.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {positions.map((position) => (
              <Table.Tr key={position.product.id} data-testid={`position-${position.product.id}`}>
                <Table.Td>
                  <ProductName position={position} />
                </Table.Td>
                {fields.map((field) => (
                  <Table.Td key={field.key} ta={field.align} style={{ whiteSpace: 'nowrap', ...TABULAR }}>
                    {field.value(position)}
                  </Table.Td>
                ))}
                <Table.Td>
                  <DisinvestLink position={position} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Paper>
  );
}
