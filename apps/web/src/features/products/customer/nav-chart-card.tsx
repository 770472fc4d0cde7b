import { NAV_PERIODS, type NavPeriod } from '@lombard/shared/product-catalogue';
import { Alert, Card, Group, SegmentedControl, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeSeries, LineChart } from '../../../components/charts/line-chart';
import { formatDate, formatNumber } from '../../../lib/format';
import { useLanguage } from '../product-format';
import { navSeriesQuery } from './api';

/** The NAV history with its period buttons (1M 6M 1Y 2Y Max). */
export function NavChartCard({ productId }: { productId: number }) {
  const { t } = useTranslation('products');
  const language = useLanguage();
  const [period, setPeriod] = useState<NavPeriod>('1y');
  const { data, isPending, isError } = useQuery(navSeriesQuery(productId, period));
  const points = (data ?? []).map((p) => ({ x: p.date, y: p.nav }));
  const formatX = (x: string) => formatDate(x, language);
  const formatY = (y: string | number) => formatNumber(y, language, 3);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="nav-chart-card">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz="lg">
          {t('detail.chart.title')}
        </Title>
        <SegmentedControl
          size="xs"
          value={period}
          onChange={(value) => setPeriod(value as NavPeriod)}
          data={NAV_PERIODS.map((value) => ({ value, label: t(`detail.chart.periods.${value}`) }))}
          aria-label={t('detail.chart.period')}
          data-testid="nav-period"
        />
      </Group>
      {isError ? (
        <Alert color="red">{t('detail.chart.error')}</Alert>
      ) : isPending ? (
        <Skeleton height={240} />
      ) : points.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('detail.chart.empty')}
        </Text>
      ) : (
        <LineChart
          points={points}
          formatX={formatX}
          formatY={formatY}
          testId="nav-chart"
          label={describeSeries(points, formatX, formatY, (values) => t('detail.chart.summary', values))}
        />
      )}
    </Card>
  );
}
