// Cash management: what is available and set aside, how to add money by bank transfer, a withdrawal to
// the verified IBAN (confirmed on its own screen), and the latest cash movements.
import { Alert, Button, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FigureCard } from '../../components/money/figure-card';
import { PageHeading } from '../../components/page-heading';
import { formatMoney } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { CASH_PAGE } from '../../lib/money/keys';
import { usePageMeta } from '../../lib/page-meta';
import { cashQuery } from './api';
import { CashHistory } from './cash-history';
import { ConfirmWithdrawal } from './confirm-withdrawal';
import { DepositInstructions } from './deposit-instructions';
import { WithdrawalForm } from './withdrawal-form';

export type CashSection = 'overview' | 'confirmCash';

function Overview() {
  const { t } = useTranslation('cash');
  const language = useLanguage();
  const cash = useQuery(cashQuery);
  const data = cash.data;
  const loading = cash.isPending;
  return (
    <Stack gap="lg">
      {cash.isError && (
        <Alert color="red" variant="light" title={t('loadError')}>
          <Button variant="light" color="red" size="compact-sm" onClick={() => void cash.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <FigureCard
          label={t('figures.balance')}
          value={data && formatMoney(data.balance, language)}
          loading={loading}
          testId="cash-balance"
        />
        <FigureCard
          label={t('figures.available')}
          value={data && formatMoney(data.available, language)}
          note={t('figures.availableNote')}
          loading={loading}
          testId="cash-available"
        />
        <FigureCard
          label={t('figures.reserved')}
          value={data && formatMoney(data.reserved, language)}
          note={t('figures.reservedNote')}
          loading={loading}
          testId="cash-reserved"
        />
      </SimpleGrid>
      {data && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <DepositInstructions instructions={data.deposit_instructions} />
          <WithdrawalForm cash={data} />
        </SimpleGrid>
      )}
      <CashHistory />
    </Stack>
  );
}

export function CashPage({ section }: { section: CashSection }) {
  const { t } = useTranslation('cash');
  usePageMeta(t(`sections.${section}.title`));
  return (
    <Stack gap={0} data-testid={`cash-${section}`}>
      <PageHeading
        title={t(`sections.${section}.title`)}
        description={t(`sections.${section}.description`)}
        back={section === 'confirmCash' ? { to: CASH_PAGE, label: t('confirm.back') } : undefined}
      />
      {section === 'overview' ? <Overview /> : <ConfirmWithdrawal />}
    </Stack>
  );
}
