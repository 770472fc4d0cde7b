// product/{id}/disinvest/: sell units of a position. Pledged units and units of a pending sale are not
// available; the sale executes on the next working day at that day's NAV, so the proceeds shown are an
// estimate at the latest NAV.
import { compareDecimal, disinvestProceeds } from '@lombard/shared/money/product-figures';
import { INVESTOR_PROFILES } from '@lombard/shared/permissions';
import { disinvestRequestSchema } from '@lombard/shared/schemas/transactions';
import { Alert, Button, Card, Checkbox, Group, NumberInput, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PageHeading } from '../../../components/page-heading';
import { SummaryRow } from '../../../components/summary-row';
import { formatDate, formatMoney, formatNumber, todayIso } from '../../../lib/format';
import { useHistoryEntryIdempotencyKey } from '../../../lib/money/idempotency-key';
import { notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { useActiveProfile } from '../../../lib/session/session-queries';
import { useLanguage } from '../product-format';
import { useDisinvest, walletQuery } from './api';
import { useProductId } from './product-detail-page';

export function DisinvestPage() {
  const { t } = useTranslation(['products', 'errors']);
  const language = useLanguage();
  const navigate = useNavigate();
  const id = useProductId();
  usePageMeta(t('products:disinvest.title'));
  const profile = useActiveProfile();
  // Only people who may hold funds have a portfolio; for anyone else there is nothing to disinvest.
  const holder = profile !== null && INVESTOR_PROFILES.includes(profile);
  const wallet = useQuery({ ...walletQuery, enabled: holder });
  const disinvest = useDisinvest(id);
  const { key: idempotencyKey } = useHistoryEntryIdempotencyKey();
  const [units, setUnits] = useState('');
  const [all, setAll] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (holder && wallet.isPending) return <Skeleton height={320} radius="lg" maw={640} />;
  if (wallet.isError) {
    return (
      <Stack maw={640}>
        <PageHeading title={t('products:disinvest.title')} back={{ to: '..', label: t('products:detail.back') }} />
        <Alert color="red">{t('products:disinvest.error')}</Alert>
      </Stack>
    );
  }
  const position = wallet.data?.positions.find((p) => p.product.id === id) ?? null;
  const back = { to: '..', label: position?.product.name ?? t('products:detail.back') };
  if (!position) {
    return (
      <Stack maw={640}>
        <PageHeading title={t('products:disinvest.title')} back={back} />
        <EmptyState
          title={t('products:disinvest.noPosition.title')}
          description={t('products:disinvest.noPosition.description')}
          testId="no-position"
          action={
            <Button component={Link} to="/customer/wallet/" variant="light">
              {t('products:disinvest.toWallet')}
            </Button>
          }
        />
      </Stack>
    );
  }

  const selling = all ? position.available_units : units;
  const locked = position.disinvestable_from !== null && position.disinvestable_from > todayIso();
  const nothingAvailable = compareDecimal(position.available_units, '0') <= 0;
  const valid = /^\d+(\.\d{1,6})?$/.test(selling) && compareDecimal(selling, '0') > 0;
  const proceeds = valid ? disinvestProceeds(selling, position.nav) : null;

  const submit = () => {
    const parsed = disinvestRequestSchema.safeParse({ units: selling });
    if (!parsed.success || !valid) return setError(t('products:disinvest.unitsInvalid'));
    if (compareDecimal(selling, position.available_units) > 0)
      return setError(
        t('products:disinvest.aboveAvailable', { units: formatNumber(position.available_units, language, 6) }),
      );
    setError(null);
    disinvest.mutate(
      { body: parsed.data, idempotencyKey },
      {
        onSuccess: () => {
          notifySuccess(t('errors:success.orderSubmitted'));
          void navigate('/customer/transaction/', { replace: true });
        },
      },
    );
  };

  return (
    <Stack gap="lg" maw={640} data-testid="disinvest-page">
      <PageHeading title={t('products:disinvest.title')} description={position.product.name} back={back} />
      <Card withBorder radius="lg" padding="lg" data-testid="position">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <SummaryRow
            stacked="plain"
            label={t('products:disinvest.units')}
            value={formatNumber(position.units, language, 6)}
          />
          <SummaryRow
            stacked="plain"
            label={t('products:disinvest.available')}
            value={formatNumber(position.available_units, language, 6)}
            testId="available-units"
          />
          <SummaryRow
            stacked="plain"
            label={t('products:disinvest.pledged')}
            value={formatNumber(position.pledged_units, language, 6)}
          />
          <SummaryRow
            stacked="plain"
            label={t('products:disinvest.value')}
            value={formatMoney(position.value, language)}
          />
          <SummaryRow
            stacked="plain"
            label={t('products:disinvest.nav', { date: formatDate(position.nav_date, language) })}
            value={formatNumber(position.nav, language, 6)}
          />
          {position.disinvestable_from && (
            <SummaryRow
              stacked="plain"
              label={t('products:disinvest.from')}
              value={formatDate(position.disinvestable_from, language)}
            />
          )}
        </SimpleGrid>
      </Card>
      {locked && (
        <Alert color="orange" data-testid="holding-period">
          {t('products:disinvest.holdingPeriod', {
            date: formatDate(position.disinvestable_from ?? todayIso(), language),
          })}
        </Alert>
      )}
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <NumberInput
            label={t('products:disinvest.sell')}
            value={all ? position.available_units : units}
            onChange={(value) => setUnits(value === '' ? '' : String(value))}
            decimalScale={6}
            allowNegative={false}
            hideControls
            disabled={all || locked || nothingAvailable}
            error={error}
            inputMode="decimal"
            data-testid="disinvest-units"
          />
          <Checkbox
            label={t('products:disinvest.all')}
            checked={all}
            onChange={(event) => setAll(event.currentTarget.checked)}
            disabled={locked || nothingAvailable}
            data-testid="disinvest-all"
          />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('products:disinvest.estimate')}
            </Text>
            <Text fw={800} data-testid="disinvest-proceeds">
              {proceeds ? formatMoney(proceeds, language) : '—'}
            </Text>
          </Group>
          <Alert color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('products:disinvest.note')}
          </Alert>
          <Group justify="flex-end">
            <Button
              onClick={submit}
              loading={disinvest.isPending}
              disabled={locked || nothingAvailable || !valid}
              data-testid="disinvest-submit"
            >
              {t('products:disinvest.submit')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
