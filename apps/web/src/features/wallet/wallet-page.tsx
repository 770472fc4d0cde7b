// The portfolio: what the positions are worth against what went into them, how the money is spread
// across products, and each position with the way to sell it.
import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { IconBriefcase } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AllocationDonut } from '../../components/charts/allocation-donut';
import { EmptyState } from '../../components/empty-state';
import { FigureCard } from '../../components/money/figure-card';
import { SignedMoney } from '../../components/money/signed-money';
import { PageHeading } from '../../components/page-heading';
import { formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { homeSummaryQuery } from '../../lib/money/home-summary';
import { PRODUCTS_PAGE } from '../../lib/money/keys';
import { usePageMeta } from '../../lib/page-meta';
import { useActiveProfile } from '../../lib/session/session-queries';
import { walletQuery } from './api';
import { NetWorthCard } from './net-worth-lazy';
import { PositionsList } from './positions-list';

export type WalletSection = 'list';

export function WalletPage({ section }: { section: WalletSection }) {
  const { t } = useTranslation('wallet');
  usePageMeta(t(`sections.${section}.title`));
  const language = useLanguage();
  const wallet = useQuery(walletQuery);
  const summary = useQuery(homeSummaryQuery);
  const data = wallet.data;
  const loading = wallet.isPending;
  // Net worth with an advance as a debt: for those who can borrow (a lead's portfolio has no advance).
  const canBorrow = ['customer', 'admin'].includes(useActiveProfile() ?? '');

  return (
    <Stack gap="lg" data-testid={`wallet-${section}`}>
      <PageHeading title={t(`sections.${section}.title`)} description={t(`sections.${section}.description`)} />
      {wallet.isError && (
        <Alert color="red" variant="light" title={t('loadError')}>
          <Button variant="light" color="red" size="compact-sm" onClick={() => void wallet.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <FigureCard
          label={t('totals.value')}
          value={data && formatMoney(data.totals.value, language)}
          loading={loading}
          testId="total-value"
        />
        <FigureCard
          label={t('totals.cost')}
          value={data && formatMoney(data.totals.cost, language)}
          loading={loading}
          testId="total-cost"
        />
        <FigureCard
          label={t('totals.gain')}
          value={data && <SignedMoney amount={data.totals.gain} rate={data.totals.gain_rate} inherit stacked />}
          loading={loading}
          testId="total-gain"
        />
        <FigureCard
          label={t('totals.pledged')}
          value={data && formatMoney(data.totals.pledged_value, language)}
          note={t('totals.pledgedNote')}
          loading={loading}
          testId="total-pledged"
        />
        <FigureCard
          label={t('totals.net')}
          value={summary.data && formatMoney(summary.data.net_position, language)}
          note={t('totals.netNote')}
          loading={summary.isPending}
          testId="total-net"
        />
      </SimpleGrid>
      {loading && <Skeleton h={220} radius="md" />}
      {data && data.positions.length === 0 && (
        <Paper withBorder radius="md">
          <EmptyState
            icon={IconBriefcase}
            title={t('empty.title')}
            description={t('empty.body')}
            action={
              <Button component={Link} to={PRODUCTS_PAGE} mt="sm" data-testid="wallet-browse-products">
                {t('empty.action')}
              </Button>
            }
            testId="wallet-empty"
          />
        </Paper>
      )}
      {data && data.positions.length > 0 && (
        <>
          {canBorrow && (
            <Suspense fallback={<Skeleton h={320} radius="md" />}>
              <NetWorthCard />
            </Suspense>
          )}
          <Paper withBorder radius="md" p="md">
            <Title order={2} fz="lg" mb="md">
              {t('allocation.title')}
            </Title>
            <AllocationDonut
              title={t('allocation.title')}
              shares={data.positions.map((p) => ({ key: p.product.id, name: p.product.name, weight: p.weight }))}
            />
          </Paper>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('positions.title')}
            </Title>
            <PositionsList positions={data.positions} />
          </Stack>
        </>
      )}
    </Stack>
  );
}
