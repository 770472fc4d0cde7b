// The APR explained: tapping the APR opens the dated flows it is computed from (the payout, each
// instalment's interest and principal; advances have no fees) and the equation they solve, written out in
// text and as a table. The figures are the server's, from the function that computes the APR itself.
import type { AprExplanation } from '@lombard/shared/schemas/borrow-or-sell';
import { Group, Modal, Skeleton, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatNumber, formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { TableScroll } from '../../../lib/table-scroll';
import { type AprSource, aprExplanationQuery } from './borrow-queries';

function Formula() {
  return (
    <Text
      component="p"
      ff="monospace"
      fz="sm"
      ta="center"
      p="sm"
      style={{ background: 'var(--mantine-color-default-hover)', borderRadius: 'var(--mantine-radius-sm)' }}
      data-testid="apr-formula"
    >
      Σ<sub>k</sub> P<sub>k</sub> · (1 + X)
      <sup>
        −t<sub>k</sub>
      </sup>{' '}
      = Σ<sub>l</sub> R<sub>l</sub> · (1 + X)
      <sup>
        −s<sub>l</sub>
      </sup>
    </Text>
  );
}

function Explanation({ data }: { data: AprExplanation }) {
  const { t } = useTranslation('borrow');
  const language = useLanguage();
  const money = (value: string) => formatMoney(value, language);
  const apr = formatPercent(data.apr, language);
  return (
    <Stack gap="sm" data-testid="apr-explanation">
      <Text size="sm">{t('apr.intro', { apr })}</Text>
      <Formula />
      <Text size="sm">{t('apr.symbols')}</Text>
      <Text size="sm" fw={600} data-testid="apr-check">
        {t('apr.check', {
          apr,
          payout: money(data.payout_present_value),
          repayments: money(data.repayments_present_value),
        })}
      </Text>
      {/* A caption inside the table would scroll away with it on a phone: the title stands above it. */}
      <Text size="sm" fw={600} id="apr-flows-caption">
        {t('apr.tableCaption')}
      </Text>
      {/* Wider than a phone: a region the keyboard can reach and scroll, named by the title above. */}
      <TableScroll
        minWidth={560}
        role="region"
        tabIndex={0}
        aria-labelledby="apr-flows-caption"
        className="mantine-focus-auto"
      >
        <Table fz="sm" data-testid="apr-flows" aria-labelledby="apr-flows-caption">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('apr.date')}</Table.Th>
              <Table.Th scope="col">{t('apr.flow')}</Table.Th>
              <Table.Th scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('apr.amount')}
              </Table.Th>
              <Table.Th scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('apr.years')}
              </Table.Th>
              <Table.Th scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('apr.factor')}
              </Table.Th>
              <Table.Th scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>
                {t('apr.presentValue')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.flows.map((flow) => (
              <Table.Tr key={`${flow.kind}-${flow.number ?? 0}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(flow.date, language)}</Table.Td>
                <Table.Td>
                  {flow.kind === 'payout'
                    ? t('apr.payout')
                    : flow.principal === '0.00'
                      ? t('apr.interestOnly', { number: flow.number })
                      : t('apr.interestAndPrincipal', {
                          number: flow.number,
                          interest: money(flow.interest),
                          principal: money(flow.principal),
                        })}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(flow.amount)}
                </Table.Td>
                <Table.Td ta="right">{formatNumber(flow.years, language, 4)}</Table.Td>
                <Table.Td ta="right">{formatNumber(flow.discount_factor, language, 6)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(flow.present_value)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Text size="xs" c="dimmed">
        {t('apr.yearsNote')}
      </Text>
    </Stack>
  );
}

/** A summary row whose APR is a button: it opens the explanation. */
export function AprRow({
  apr,
  source,
  strong,
  testId,
}: {
  apr: string;
  source: AprSource;
  strong?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation(['borrow', 'loan']);
  const language = useLanguage();
  const [opened, setOpened] = useState(false);
  const phone = useMediaQuery('(max-width: 36em)');
  const explanation = useQuery(aprExplanationQuery(source, opened));
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" c="dimmed" style={{ flex: '1 1 0', minWidth: 0 }}>
        {t('loan:figures.apr')}
      </Text>
      <UnstyledButton
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
        aria-label={t('borrow:apr.open', { apr: formatPercent(apr, language) })}
        data-testid="apr-open"
        // The figure never breaks or shrinks: at 375 px the long label wraps instead.
        style={{ textDecoration: 'underline dotted', textUnderlineOffset: 3, flexShrink: 0, whiteSpace: 'nowrap' }}
      >
        <Text span size="sm" fw={strong ? 800 : 600} c="var(--mantine-color-anchor)" data-testid={testId}>
          {formatPercent(apr, language)}
        </Text>
      </UnstyledButton>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('borrow:apr.title')}
        size="xl"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': t('borrow:apr.close') }}
      >
        {explanation.data ? <Explanation data={explanation.data} /> : <Skeleton h={240} />}
      </Modal>
    </Group>
  );
}
