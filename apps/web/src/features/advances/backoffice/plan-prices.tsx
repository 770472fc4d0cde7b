// A verified plan's share price over time (decision 046): the price in force, the form that records a
// working day's price (or corrects that day's) as the NAV form does for funds, and the latest prices
// recorded. A refusal is shown once, in the form: under its field, or above the button when it is the plan's.

import { type Language, localeOf } from '@lombard/shared/locale';
import {
  STOCK_PLAN_PRICE_NOTE_MAX,
  type StockPlan,
  type StockPlanPriceRecord,
  stockPlanPriceRecordSchema,
} from '@lombard/shared/schemas/stock-plans';
import { STOCK_PLAN_PRICE_SOURCES } from '@lombard/shared/stock-plan-kinds';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, todayIso } from '../../../lib/format';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useSingleFlight } from '../../../lib/forms/single-flight';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { isHttpError } from '../../../lib/http/http-error';
import { useLanguage } from '../../../lib/i18n/use-language';
import { notifySuccess } from '../../../lib/notify';
import { planPricesQuery, useRecordPlanPrice } from './api';

const FIELDS = ['day', 'price', 'source', 'note'] as const;

/** A share price in euro as recorded: two decimals at least, up to the six the price keeps. */
const priceText = (value: string, language: Language) =>
  new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 6,
  }).format(value as unknown as number);

/** The plan's refusal (not verified) as the server wrote it; field errors go under their fields instead. */
function detailOf(error: unknown): string | null {
  if (!isHttpError(error) || !error.response) return null;
  const body = error.response.data as { detail?: unknown } | null;
  return typeof body?.detail === 'string' ? body.detail : null;
}

function PriceForm({ plan }: { plan: StockPlan }) {
  const { t } = useTranslation('backoffice');
  const language = useLanguage();
  const record = useRecordPlanPrice(plan.id);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm<StockPlanPriceRecord>(stockPlanPriceRecordSchema, {
    day: todayIso(),
    price: '',
    source: plan.price_source,
    note: '',
  });
  // One recording per press: a double-click's second submit comes before the button shows it is busy.
  const [send, sending] = useSingleFlight(async (values: StockPlanPriceRecord) => {
    setProblem(null);
    try {
      // An empty note is no note.
      const { note, ...rest } = values;
      const answer = await record.mutateAsync(note?.trim() ? values : rest);
      notifySuccess(answer.detail);
      form.setValues({ price: '', note: '' });
    } catch (error) {
      const detail = detailOf(error);
      if (detail) setProblem(detail);
      else await applyServerErrors(form, FIELDS, error);
    }
  });
  return (
    <form onSubmit={form.onSubmit((values) => void send(values))} noValidate data-testid="plan-price-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('plans.prices.day')}
            placeholder="YYYY-MM-DD"
            {...form.getInputProps('day')}
            data-testid="plan-price-day"
          />
          <TextInput
            label={t('plans.prices.price')}
            inputMode="decimal"
            {...form.getInputProps('price')}
            data-testid="plan-price-value"
          />
          <Select
            label={t('plans.prices.source')}
            data={STOCK_PLAN_PRICE_SOURCES.map((value) => ({ value, label: t(`plans.prices.sources.${value}`) }))}
            allowDeselect={false}
            {...form.getInputProps('source')}
            data-testid="plan-price-source"
          />
          <TextInput
            label={t('plans.prices.note')}
            placeholder={t('plans.prices.notePlaceholder')}
            maxLength={STOCK_PLAN_PRICE_NOTE_MAX}
            {...form.getInputProps('note')}
            data-testid="plan-price-note"
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('plans.prices.hint', { date: plan.verified_at ? formatDate(plan.verified_at, language) : '' })}
        </Text>
        {problem && (
          <Alert color="red" variant="light" data-testid="plan-price-problem">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={sending} data-testid="plan-price-save">
            {t('plans.prices.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PlanPrices({ plan }: { plan: StockPlan }) {
  const { t } = useTranslation('backoffice');
  const language = useLanguage();
  const prices = useQuery({ ...planPricesQuery(plan.id), enabled: plan.status === 'verified' });
  if (plan.status !== 'verified') {
    return (
      <Text size="sm" c="dimmed" data-testid="plan-prices-unverified">
        {t('plans.prices.unverified')}
      </Text>
    );
  }
  const recent = prices.data?.results ?? [];
  return (
    <Stack gap="md" data-testid="plan-prices">
      <div>
        <Title order={3} fz="md">
          {t('plans.prices.title')}
        </Title>
        {plan.price_date && (
          <Group gap={6} mt={4} wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('plans.prices.nowLabel')}
            </Text>
            <Text size="sm" fw={600} data-testid="plan-price-now">
              {t('plans.prices.now', {
                price: priceText(plan.unit_price, language),
                date: formatDate(plan.price_date, language),
                source: t(`plans.prices.sources.${plan.price_source}`),
              })}
            </Text>
          </Group>
        )}
      </div>
      <PriceForm plan={plan} />
      {recent.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('plans.prices.recent', { count: prices.data?.count ?? recent.length })}
          </Text>
          {/* A phone scrolls the table, never the drawer: the form above keeps the screen's width. */}
          <Table.ScrollContainer minWidth={300} type="native">
            <Table striped withTableBorder fz="sm" data-testid="plan-recent-prices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('plans.prices.day')}</Table.Th>
                  <Table.Th ta="right">{t('plans.prices.column')}</Table.Th>
                  <Table.Th>{t('plans.prices.source')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recent.map((point) => (
                  // Who recorded it is in the plan's audit trail; the row names them on hover.
                  <Table.Tr key={point.day} title={point.recorded_by?.email ?? undefined}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(point.day, language)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                      {priceText(point.price, language)}
                    </Table.Td>
                    <Table.Td>
                      {t(`plans.prices.sources.${point.source}`)}
                      {point.note && (
                        <Text size="xs" c="dimmed">
                          {point.note}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}
