// The crisis replay: the customer's own collateral run through a past market fall, each line by its asset
// class (historical figures with their sources and dates, never a forecast) — would a call have opened,
// when, and what repaying or pledging would have cured it; and a custom fall of every line on a slider.
// The same on an advance's page and on the request form before borrowing: `fallQuery` asks the server for
// the chosen fall on the advance or on the amount asked.
import type { AdvanceRisk, StressResult } from '@lombard/shared/schemas/advance-risk';
import { Alert, Group, List, Paper, SegmentedControl, Slider, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatPercent } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';

function StressOutcome({ result, testId }: { result: StressResult; testId: string }) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  const money = (value: string) => formatMoney(value, language);
  return (
    <Stack gap={6} data-testid={testId}>
      {result.loan_to_value && (
        <Text size="sm">
          {t('risk.replay.ltvAfter', {
            ltv: formatPercent(result.loan_to_value, language, 1),
            value: money(result.collateral_value),
          })}
        </Text>
      )}
      {!result.call && (
        <Text fw={600} c="teal" data-testid={`${testId}-verdict`}>
          {t('risk.replay.noCall')}
        </Text>
      )}
      {result.call && result.shortfall && (
        <>
          <Text fw={600} c="red" data-testid={`${testId}-verdict`}>
            {result.call_date
              ? t('risk.replay.callOn', { date: formatDate(result.call_date, language) })
              : t('risk.replay.call')}
          </Text>
          <List size="sm" spacing={4}>
            <List.Item data-testid={`${testId}-repay`}>
              {t('risk.replay.repay', { amount: money(result.shortfall) })}
            </List.Item>
            {result.collateral_to_add && (
              <List.Item>{t('risk.replay.pledge', { amount: money(result.collateral_to_add) })}</List.Item>
            )}
            {result.free_value_to_pledge && (
              <List.Item>
                {result.curable_by_pledge
                  ? t('risk.replay.pledgeFree', { amount: money(result.free_value_to_pledge) })
                  : t('risk.replay.freeShort', { amount: money(result.free_contribution) })}
              </List.Item>
            )}
          </List>
        </>
      )}
    </Stack>
  );
}

/** The server's figures with a fall of every line applied: on an advance, or on an amount before asking it. */
type FallQuery<Key extends QueryKey> = (fall: string) => UseQueryOptions<AdvanceRisk, Error, AdvanceRisk, Key>;

function CustomFall<Key extends QueryKey>({ fallQuery }: { fallQuery: FallQuery<Key> }) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  const [percent, setPercent] = useState(30);
  const [debounced] = useDebouncedValue(percent, 250);
  const fall = (debounced / 100).toFixed(2);
  const custom = useQuery(fallQuery(fall)).data?.custom;
  const label = (value: number) => formatPercent((value / 100).toFixed(2), language, 0);
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600} id="custom-fall-label">
        {t('risk.custom.label', { fall: label(percent) })}
      </Text>
      <Slider
        value={percent}
        onChange={setPercent}
        min={0}
        max={90}
        step={1}
        label={label}
        thumbLabel={t('risk.custom.thumb')}
        marks={[{ value: 25 }, { value: 50 }, { value: 75 }]}
        data-testid="custom-fall"
      />
      {custom && <StressOutcome result={custom} testId="custom-result" />}
    </Stack>
  );
}

export function CrisisReplay<Key extends QueryKey>({
  risk,
  fallQuery,
  framed = true,
}: {
  risk: AdvanceRisk;
  fallQuery: FallQuery<Key>;
  /** Its own card on the advance page; inside the request form's card it goes without. */
  framed?: boolean;
}) {
  const { t } = useTranslation('loan');
  const language = useLanguage();
  const [chosen, setChosen] = useState(risk.crises[0]?.id ?? '');
  // Four crises side by side do not fit a phone ("2022" ran off the edge past "Marzo 2020"): one a row there.
  const phone = useMediaQuery('(max-width: 36em)');
  const crisis = risk.crises.find((c) => c.id === chosen);
  // Inside the request form the replay's headings sit under the form's own.
  const level = framed ? 2 : 3;
  return (
    <Paper withBorder={framed} radius="md" p={framed ? 'md' : 0} data-testid="crisis-replay">
      <Stack gap="md">
        <Title order={level} fz="md">
          {t('risk.replay.title')}
        </Title>
        <Alert color="gray" variant="light" data-testid="crisis-historical">
          {t('risk.replay.historical')}
        </Alert>
        <SegmentedControl
          value={chosen}
          onChange={setChosen}
          data={risk.crises.map((c) => ({ value: c.id, label: t(`risk.crises.${c.id}`) }))}
          fullWidth
          orientation={phone ? 'vertical' : 'horizontal'}
          size={phone ? 'md' : 'sm'}
          aria-label={t('risk.replay.choose')}
          data-testid="crisis-choice"
        />
        {crisis && (
          <Stack gap="sm">
            <Text size="sm">
              {t('risk.replay.window', {
                from: formatDate(crisis.start, language),
                to: formatDate(crisis.end, language),
              })}
            </Text>
            <List size="sm" spacing={4} data-testid="crisis-drawdowns">
              {crisis.drawdowns.map((d) => (
                <List.Item key={d.asset_class}>
                  {t(d.approximate ? 'risk.replay.drawdownApprox' : 'risk.replay.drawdown', {
                    kind: t(`risk.classes.${d.asset_class}`),
                    fall: formatPercent(d.fall, language, 0),
                    source: d.source,
                    from: formatDate(d.from, language),
                    to: formatDate(d.to, language),
                  })}
                </List.Item>
              ))}
            </List>
            <StressOutcome result={crisis.result} testId="crisis-result" />
          </Stack>
        )}
        <Group>
          <Title order={(level + 1) as 3 | 4} fz="sm">
            {t('risk.custom.title')}
          </Title>
        </Group>
        <CustomFall fallQuery={fallQuery} />
      </Stack>
    </Paper>
  );
}
