// What to do next, from where the customer stands: finish the profile, make a first investment, add
// cash, ask for an advance against what they hold, or follow the advance they already have. Each card
// links to a screen their profile can open.
import { ADVANCE_STATUS } from '@lombard/shared/advance-status';
import { hasAnyProfile, type Profile } from '@lombard/shared/permissions';
import type { HomeSummary } from '@lombard/shared/schemas/wallet';
import { Button, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCalendarDue,
  IconCash,
  IconChartPie,
  IconClockHour4,
  IconPigMoney,
  IconUserCheck,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../lib/i18n/use-language';
import { signOf } from '../../lib/money/cents';
import { CASH_PAGE, PRODUCTS_PAGE, TRANSACTIONS_PAGE } from '../../lib/money/keys';
import { formatDate } from '../../lib/resource/format';
import { PROFILE_PATH } from '../../lib/session/navigation';

const CASH_PROFILES: readonly Profile[] = ['customer', 'admin'];
const LOAN_PAGE = '/customer/loan/';

export type NextStep = 'profile' | 'pending' | 'invest' | 'cash' | 'advance' | 'advanceInProgress' | 'advanceActive';

const LOOK: Record<NextStep, { icon: ComponentType<{ size?: number }>; color: string; to: string }> = {
  profile: { icon: IconUserCheck, color: 'blue', to: PROFILE_PATH },
  pending: { icon: IconClockHour4, color: 'yellow', to: `${TRANSACTIONS_PAGE}?status=submitted` },
  invest: { icon: IconChartPie, color: 'teal', to: PRODUCTS_PAGE },
  cash: { icon: IconCash, color: 'grape', to: CASH_PAGE },
  advance: { icon: IconPigMoney, color: 'orange', to: LOAN_PAGE },
  advanceInProgress: { icon: IconPigMoney, color: 'orange', to: LOAN_PAGE },
  advanceActive: { icon: IconCalendarDue, color: 'orange', to: LOAN_PAGE },
};

/** The card's link: the customer's own advance when the step is about it. */
const linkOf = (step: NextStep, summary: HomeSummary) =>
  summary.current_advance && (step === 'advanceInProgress' || step === 'advanceActive')
    ? `${LOAN_PAGE}${summary.current_advance.id}/`
    : LOOK[step].to;

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
  const current = cashScreens ? summary.current_advance : null;
  if (current) steps.push(current.status === ADVANCE_STATUS.active ? 'advanceActive' : 'advanceInProgress');
  else if (cashScreens && signOf(summary.invested) === 1 && signOf(summary.advance_outstanding) === 0) {
    steps.push('advance');
  }
  return steps;
}

export function NextSteps({ steps, summary }: { steps: NextStep[]; summary: HomeSummary }) {
  const { t } = useTranslation('home');
  const language = useLanguage();
  if (steps.length === 0) return null;
  const current = summary.current_advance;
  const values = {
    count: summary.pending_orders,
    status: current?.status_name ?? '',
    date: current?.next_due_date ? formatDate(current.next_due_date, language) : '',
  };
  return (
    <Stack gap="sm" data-testid="next-steps">
      <Title order={2} fz="lg">
        {t('nextSteps.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {steps.map((step) => {
          const { icon: Icon, color } = LOOK[step];
          return (
            <Paper key={step} withBorder radius="md" p="md" data-testid={`next-step-${step}`}>
              <Stack gap="xs" h="100%">
                <ThemeIcon variant="light" color={color} size={36} radius="md" aria-hidden>
                  <Icon size={20} />
                </ThemeIcon>
                <Text fw={700}>{t(`nextSteps.${step}.title`, values)}</Text>
                <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
                  {t(`nextSteps.${step}.body`, values)}
                </Text>
                <Button
                  component={Link}
                  to={linkOf(step, summary)}
                  variant="light"
                  color={color}
                  w="fit-content"
                  size="compact-md"
                >
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
