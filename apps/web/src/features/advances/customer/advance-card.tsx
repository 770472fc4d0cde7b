// The advance at a glance on the home (customers and operators, who may borrow): a margin call first when
// one is open, then the borrowing power with a link to request, and the advance in progress or active (an
// active one with its loan-to-value gauge and the fall that would open a call).
import { ADVANCE_STATUS } from '@lombard/shared/advance-status';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/use-language';
import { AdvanceStatusBadge } from '../advance-status';
import { MarginCallAlert } from '../margin-call-alert';
import { BorrowingPowerCard } from './borrowing-power-card';
import { FallSentence } from './fall-sentence';
import { LtvGauge } from './ltv-gauge';
import { advancePage, borrowingPowerQuery, LOAN_PAGE } from './queries';
import { advanceRiskQuery } from './risk-queries';
import { useCurrentAdvance } from './use-current-advance';

/** The active advance's loan-to-value against its limit, and how far its collateral may fall. */
function HomeRisk({ advanceId }: { advanceId: number }) {
  const risk = useQuery(advanceRiskQuery(advanceId)).data;
  if (!risk?.loan_to_value || !risk.limit_loan_to_value) return null;
  return (
    <Stack gap={4} mt="sm" data-testid="home-risk">
      <LtvGauge loanToValue={risk.loan_to_value} limit={risk.limit_loan_to_value} size={160} testId="home-ltv-gauge" />
      <FallSentence risk={risk} />
    </Stack>
  );
}

export function AdvanceCard() {
  const { t } = useTranslation('home');
  const language = useLanguage();
  const power = useQuery(borrowingPowerQuery);
  const { current, marginCall } = useCurrentAdvance();

  return (
    <Stack gap="sm" data-testid="home-advance-card">
      {marginCall && current && <MarginCallAlert call={marginCall} link={advancePage(current.id)} />}
      <SimpleGrid cols={{ base: 1, md: current ? 2 : 1 }} spacing="md">
        {power.data && <BorrowingPowerCard power={power.data} compact link={current ? undefined : LOAN_PAGE} />}
        {current && (
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5}>
                {t('advance.title')}
              </Text>
              <AdvanceStatusBadge status={current.status} />
            </Group>
            <Text fz={{ base: 22, sm: 24 }} fw={700} mt={4}>
              {formatMoney(current.status === ADVANCE_STATUS.active ? current.outstanding : current.amount, language)}
            </Text>
            <Text size="sm" c="dimmed">
              {current.status === ADVANCE_STATUS.active ? t('advance.outstanding') : t('advance.requested')}
            </Text>
            {current.status === ADVANCE_STATUS.active && <HomeRisk advanceId={current.id} />}
            <Anchor component={Link} to={advancePage(current.id)} size="sm" fw={600} mt={6} display="inline-block">
              {t('advance.open')}
            </Anchor>
          </Paper>
        )}
      </SimpleGrid>
    </Stack>
  );
}
