// loan/: the borrowing power live (every collateral line, the two maxima and which binds), the request
// form, the customer's advances and their stock plans.
import { isInProgress } from '@lombard/shared/advance-status';
import { Alert, Anchor, Button, Grid, Group, Skeleton, Stack } from '@mantine/core';
import { IconCalculator, IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { useAdvanceTerms } from '../../../lib/global-config';
import { usePageMeta } from '../../../lib/page-meta';
import { MarginCallAlert } from '../margin-call-alert';
import { AdvancesList } from './advances-list';
import { borrowingPowerQuery, stockPlansQuery } from './api';
import { BORROW_OR_SELL_PAGE } from './borrow-queries';
import { BorrowingPowerCard } from './borrowing-power-card';
import { advancePage, LOAN_CALCULATOR_PAGE } from './queries';
import { RequestForm } from './request-form';
import { StockPlans } from './stock-plans';
import { useCurrentAdvance } from './use-current-advance';

export function OverviewPage() {
  const { t } = useTranslation(['loan', 'borrow']);
  usePageMeta(t('overview.title'));
  const power = useQuery(borrowingPowerQuery);
  const { advances, current, marginCall } = useCurrentAdvance();
  const plans = useQuery(stockPlansQuery);
  const { bands } = useAdvanceTerms();
  const inProgress = advances.data?.results.some((advance) => isInProgress(advance.status)) ?? false;

  return (
    <Stack gap="lg" data-testid="loan-overview">
      <PageHeading
        title={t('overview.title')}
        description={
          <>
            {t('overview.description')}{' '}
            <Anchor component={Link} to={LOAN_CALCULATOR_PAGE} underline="always">
              {t('overview.calculatorLink')}
            </Anchor>
          </>
        }
      />
      {marginCall && current && <MarginCallAlert call={marginCall} link={advancePage(current.id)} />}
      {power.isError && (
        <Alert color="red" title={t('overview.loadError')}>
          <Button variant="light" color="red" size="compact-sm" onClick={() => void power.refetch()}>
            {t('overview.retry')}
          </Button>
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          {power.data ? <BorrowingPowerCard power={power.data} /> : <Skeleton h={280} radius="md" />}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {power.data && advances.data ? (
            <RequestForm power={power.data} inProgress={inProgress} bands={bands} />
          ) : (
            <Skeleton h={380} radius="md" />
          )}
        </Grid.Col>
      </Grid>
      {advances.data && <AdvancesList advances={advances.data.results} />}
      {plans.data && <StockPlans plans={plans.data.results} />}
      <Group gap="xs">
        <Button
          component={Link}
          to={LOAN_CALCULATOR_PAGE}
          variant="subtle"
          leftSection={<IconCalculator size={18} aria-hidden />}
          w="fit-content"
        >
          {t('overview.calculatorLink')}
        </Button>
        <Button
          component={Link}
          to={BORROW_OR_SELL_PAGE}
          variant="subtle"
          leftSection={<IconScale size={18} aria-hidden />}
          w="fit-content"
          data-testid="borrow-or-sell-link"
        >
          {t('borrow:link')}
        </Button>
      </Group>
    </Stack>
  );
}
