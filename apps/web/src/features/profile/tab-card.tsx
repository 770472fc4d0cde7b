// The frame of every profile tab: title, what the step is for, its review status and, when an operator
// rejected it, their reason — above the tab's form.
import type { StepStatus } from '@lombard/shared/schemas/profile-views';
import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<StepStatus, string> = {
  approved: 'teal',
  submitted: 'blue',
  rejected: 'red',
  todo: 'gray',
};

export function StepStatusBadge({ status, testId }: { status: StepStatus; testId?: string }) {
  const { t } = useTranslation('profile');
  return (
    <Badge
      variant="light"
      radius="sm"
      color={STATUS_COLOR[status]}
      data-testid={testId}
      data-status={status}
      // Beside a title that wraps, the badge keeps its whole word.
      style={{ flexShrink: 0 }}
    >
      {t(`progress.status.${status}`)}
    </Badge>
  );
}

interface Props {
  tab: string;
  title: string;
  description: ReactNode;
  status?: StepStatus;
  reason?: string | null;
  children: ReactNode;
}

export function TabCard({ tab, title, description, status, reason, children }: Props) {
  const { t } = useTranslation('profile');
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={`profile-tab-${tab}`}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Title order={2} fz="xl">
              {title}
            </Title>
            {status && <StepStatusBadge status={status} testId={`tab-status-${tab}`} />}
          </Group>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {status === 'rejected' && reason && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={t('progress.rejectedTitle')}
            data-testid={`tab-reason-${tab}`}
          >
            {reason}
          </Alert>
        )}
        {status === 'submitted' && (
          <Text size="sm" c="blue" data-testid={`tab-waiting-${tab}`}>
            {t('progress.submittedHint')}
          </Text>
        )}
        {children}
      </Stack>
    </Card>
  );
}
