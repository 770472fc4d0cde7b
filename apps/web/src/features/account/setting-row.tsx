// One row of the settings page: a title and its hint on the left, the control on the right (below on a phone).
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function SettingRow({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Group justify="space-between" align="center" gap="md" wrap="wrap">
      <Stack gap={2} style={{ flex: '1 1 240px' }}>
        <Title order={2} fz="md">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </Stack>
      {children}
    </Group>
  );
}
