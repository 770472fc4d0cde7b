import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';

interface Props {
  title: string;
  description?: ReactNode;
  icon?: ComponentType<{ size?: number; stroke?: number }>;
  /** What the user can do about it (a link, a button). */
  action?: ReactNode;
  testId?: string;
}

/** What a screen shows when it has nothing yet: what will appear here and how to get it. */
export function EmptyState({ title, description, icon: Icon = IconInbox, action, testId }: Props) {
  return (
    <Stack align="center" gap="xs" py="xl" px="md" ta="center" data-testid={testId}>
      <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
        <Icon size={28} stroke={1.5} />
      </ThemeIcon>
      <Title order={2} fz="lg" mt="xs">
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="sm" maw={420}>
          {description}
        </Text>
      )}
      {action}
    </Stack>
  );
}
