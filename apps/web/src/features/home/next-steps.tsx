// What to do next, from where the customer stands: finish the profile, make a first investment, add
// cash, ask for an advance against what they hold. Each card links to a screen their profile can open.
import { hasAnyProfile, type Profile } from '@lombard/shared/permissions';
import type { HomeSummary } from '@lombard/shared/schemas/wallet';
import { Button, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCash, IconChartPie, IconClockHour4, IconPigMoney, IconUserCheck } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signOf } from '../../lib/money/cents';
import { CASH_PAGE, PRODUCTS_PAGE, TRANSACTIONS_PAGE } from '../../lib/money/keys';

const CASH_PROFILES: readonly Profile[] = ['customer', 'admin'];
const LOAN_PAGE = '/customer/loan/';
const PROFILE_PAGE = '/customer/profile/';

export type NextStep = 'profile' | 'pending' | 'invest' | 'cash' | 'advance';

const LOOK: Record<NextStep, { icon: ComponentType<{ size?: number }>; color: string; to: string }> = {
  profile: { icon: IconUserCheck, color: 'blue', to: PROFILE_PAGE },
  pending: { icon: IconClockHour4, color: 'yellow', to: `${TRANSACTIONS_PAGE}?status=submitted` },
  invest: { icon: IconChartPie, color: 'teal', to: PRODUCTS_PAGE },
  cash: { icon: IconCash, color: 'grape', to: CASH_PAGE },
  advance: { icon: IconPigMoney, color: 'orange', to: LOAN_PAGE },
};

/** The steps that apply, most pressing first. Pure, so the rules are tested on their own. */
export function nextSteps(input: {
  summary: HomeSummary;
  profileApproved: boolean;
  user: { attributes: readonly string[]; is_superuser?: boolean } | undefined;
}): NextStep[] {
  const { summary, profileApproved, user } = input;
  const steps: NextStep[] = [];
  const cashScreens = hasAnyProfile(user, CASH_PROFILES);
  if (!profileApproved) steps.push('profile');
  if (summary.pending_orders > 0) steps.push('pending');
  if (profileApproved && signOf(summary.invested) === 0) steps.push('invest');
  if (cashScreens && signOf(summary.cash) === 0) steps.push('cash');
  if (cashScreens && signOf(summary.invested) === 1 && signOf(summary.advance_outstanding) === 0) steps.push('advance');
  return steps;
}

export function NextSteps({ steps, pendingOrders }: { steps: NextStep[]; pendingOrders: number }) {
  const { t } = useTranslation('home');
  if (steps.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="next-steps">
      <Title order={2} fz="lg">
        {t('nextSteps.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {steps.map((step) => {
          const { icon: Icon, color, to } = LOOK[step];
          return (
            <Paper key={step} withBorder radius="md" p="md" data-testid={`next-step-${step}`}>
              <Stack gap="xs" h="100%">
                <ThemeIcon variant="light" color={color} size={36} radius="md" aria-hidden>
                  <Icon size={20} />
                </ThemeIcon>
                <Text fw={700}>{t(`nextSteps.${step}.title`, { count: pendingOrders })}</Text>
                <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
                  {t(`nextSteps.${step}.body`, { count: pendingOrders })}
                </Text>
                <Button component={Link} to={to} variant="light" color={color} w="fit-content" size="compact-md">
                  {t(`nextSteps.${step}.action`)}
                </Button>
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
