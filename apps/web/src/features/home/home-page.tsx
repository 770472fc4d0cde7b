// The customer home: the figures at a glance, what to do next, the profile's progress until it is
// approved, and the latest transactions.
import { Alert, Button, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureCard } from '../../components/money/figure-card';
import { SignedMoney } from '../../components/money/signed-money';
import { PageHeading } from '../../components/page-heading';
import { ProfileProgress } from '../../components/profile-progress';
import { formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { homeSummaryQuery } from '../../lib/money/home-summary';
import { usePageMeta } from '../../lib/page-meta';
import { profileQuery } from '../../lib/profile/profile-query';
import { useActiveProfile, useCurrentUser } from '../../lib/session/session-queries';
import { NextSteps, nextSteps } from './next-steps';
import { RecentTransactions } from './recent-transactions';

export type HomeSection = 'overview';

/**
 * `advanceCard`: the advances feature's card (borrowing power, the advance under way); `netWorthCard`: the
 * portfolio's net worth with the advance as a debt (its own chunk, loaded once the page shows). Both passed
 * in by the app.
 */
export function HomePage({
  section,
  advanceCard: AdvanceCard,
  netWorthCard: NetWorthCard,
}: {
  section: HomeSection;
  advanceCard: ComponentType;
  netWorthCard: ComponentType;
}) {
  const { t } = useTranslation('home');
  usePageMeta(t(`sections.${section}.title`));
  const language = useLanguage();
  const profile = useQuery(profileQuery);
  const summary = useQuery(homeSummaryQuery);
  const { data: user } = useCurrentUser();
  // Only customers (and operators) can borrow: a lead's home has no advance card.
  const canBorrow = ['customer', 'admin'].includes(useActiveProfile() ?? '');
  const progress = profile.data?.progress;
  const data = summary.data;
  const loading = summary.isPending;
  const money = (value: string | undefined) => (value === undefined ? null : formatMoney(value, language));

  return (
    <Stack gap="lg" data-testid={`home-${section}`}>
      <PageHeading title={t(`sections.${section}.title`)} description={t(`sections.${section}.description`)} />
      {summary.isError && (
        <Alert color="red" variant="light" title={t('loadError')}>
          <Button variant="light" color="red" size="compact-sm" onClick={() => void summary.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      )}
      {/* Three in a row at most: at laptop width an amount like 61.400,88 € broke before the €. */}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <FigureCard
          label={t('figures.net')}
          value={money(data?.net_position)}
          note={t('figures.netNote')}
          loading={loading}
          testId="home-net"
        />
        <FigureCard label={t('figures.total')} value={money(data?.total_value)} loading={loading} testId="home-total" />
        <FigureCard
          label={t('figures.invested')}
          value={money(data?.invested)}
          loading={loading}
          testId="home-invested"
        />
        {data && data.stock_plans !== '0.00' && (
          <FigureCard
            label={t('figures.stockPlans')}
            value={money(data.stock_plans)}
            loading={false}
            testId="home-stock-plans"
          />
        )}
        <FigureCard label={t('figures.cash')} value={money(data?.cash)} loading={loading} testId="home-cash" />
        <FigureCard
          label={t('figures.gain')}
          value={data && <SignedMoney amount={data.gain} inherit />}
          loading={loading}
          testId="home-gain"
        />
        <FigureCard
          label={t('figures.advance')}
          value={money(data?.advance_outstanding)}
          loading={loading}
          testId="home-advance"
        />
      </SimpleGrid>
      {canBorrow && <AdvanceCard />}
      {canBorrow && data && data.total_value !== '0.00' && (
        <Suspense fallback={<Skeleton h={320} radius="md" />}>
          <NetWorthCard />
        </Suspense>
      )}
      {data && progress && (
        <NextSteps steps={nextSteps({ summary: data, profileApproved: progress.approved, user })} summary={data} />
      )}
      {progress && !progress.approved && (
        <ProfileProgress
          steps={progress.steps}
          nextStep={progress.next_step}
          stepPath={(step) => `/customer/profile/${step}/`}
          compact
          testId="home-progress"
        />
      )}
      {data && <RecentTransactions rows={data.recent_transactions} />}
    </Stack>
  );
}
