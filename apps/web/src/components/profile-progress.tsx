// The profile's steps as the user sees them (profile page and customer home): done, awaiting review,
// rejected with the operator's reason, or still to do — and the one thing to do next.
import type { ProfileStep } from '@lombard/shared/profile-steps';
import type { StepStatus } from '@lombard/shared/schemas/profile-views';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleDashed, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface ProgressStep {
  step: ProfileStep;
  status: StepStatus;
  reason?: string | null;
}

interface Props {
  steps: readonly ProgressStep[];
  nextStep: ProfileStep | null;
  /** Where a step's tab opens (profile/<step>/). */
  stepPath(step: ProfileStep): string;
  /** On the home page the panel is a summary: no per-step list on a phone. */
  compact?: boolean;
  testId?: string;
}

const STATUS_LOOK: Record<StepStatus, { color: string; icon: typeof IconCircleCheck }> = {
  approved: { color: 'teal', icon: IconCircleCheck },
  submitted: { color: 'blue', icon: IconClockHour4 },
  rejected: { color: 'red', icon: IconAlertTriangle },
  todo: { color: 'gray', icon: IconCircleDashed },
};

/** A step's status as a small coloured icon; the status is also said in words to screen readers. */
export function StepStatusIcon({ status, size = 24 }: { status: StepStatus; size?: number }) {
  const { t } = useTranslation('profile');
  const look = STATUS_LOOK[status];
  return (
    <ThemeIcon size={size} radius="xl" variant="light" color={look.color} title={t(`progress.status.${status}`)}>
      <look.icon size={Math.round(size * 0.66)} aria-hidden />
      <VisuallyHidden>{t(`progress.status.${status}`)}</VisuallyHidden>
    </ThemeIcon>
  );
}

export function ProfileProgress({ steps, nextStep, stepPath, compact, testId = 'profile-progress' }: Props) {
  const { t } = useTranslation('profile');
  const done = steps.filter((s) => s.status === 'approved').length;
  const waiting = steps.filter((s) => s.status === 'submitted').length;
  const rejected = steps.filter((s) => s.status === 'rejected');
  const percent = steps.length ? Math.round((done / steps.length) * 100) : 0;

  return (
    <Card withBorder radius="lg" padding="lg" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} fz="lg">
            {t('progress.title')}
          </Title>
          <Text size="sm" c="dimmed" data-testid={`${testId}-count`}>
            {t('progress.count', { done, total: steps.length })}
          </Text>
        </Group>
        <Progress.Root size="md" radius="xl">
          <Progress.Section value={percent} color="teal" aria-label={t('progress.status.approved')} />
          <Progress.Section
            value={steps.length ? (waiting / steps.length) * 100 : 0}
            color="blue.3"
            aria-label={t('progress.status.submitted')}
          />
        </Progress.Root>
        {rejected.length > 0 && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {t('progress.rejectedHint', { count: rejected.length })}
          </Alert>
        )}
        {nextStep ? (
          <Group justify="space-between" gap="sm" wrap="wrap" data-testid={`${testId}-next`}>
            <Text size="sm">
              {t('progress.next', { step: t(`steps.${nextStep}.title`) })}{' '}
              <Text span c="dimmed" size="sm">
                {t(`steps.${nextStep}.hint`)}
              </Text>
            </Text>
            <Button component={Link} to={stepPath(nextStep)} size="xs" variant="light">
              {t('progress.go')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed" data-testid={`${testId}-waiting`}>
            {done === steps.length ? t('progress.allApproved') : t('progress.waitingReview')}
          </Text>
        )}
        <Stack
          component="ol"
          gap={6}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          visibleFrom={compact ? 'sm' : undefined}
        >
          {steps.map(({ step, status, reason }) => {
            const look = STATUS_LOOK[status];
            return (
              <li key={step} data-testid={`progress-step-${step}`} data-status={status}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={24} radius="xl" variant="light" color={look.color} aria-hidden>
                    <look.icon size={16} />
                  </ThemeIcon>
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Anchor component={Link} to={stepPath(step)} size="sm" fw={500} c="inherit">
                        {t(`steps.${step}.title`)}
                      </Anchor>
                      <Text
                        size="xs"
                        c={look.color === 'gray' ? 'dimmed' : look.color}
                        fw={600}
                        ta="right"
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {t(`progress.status.${status}`)}
                      </Text>
                    </Group>
                    {status === 'rejected' && reason && (
                      <Text size="xs" c="red" data-testid={`progress-reason-${step}`}>
                        {t('progress.reason', { reason })}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </li>
            );
          })}
        </Stack>
      </Stack>
    </Card>
  );
}
