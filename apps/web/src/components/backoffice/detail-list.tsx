import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label/value pairs of a detail panel, two columns on wide screens; a `wide` item takes a whole row. */
export function DetailList({
  items,
}: {
  items: Array<{ label: string; value: ReactNode; testId?: string; wide?: boolean }>;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
      {items.map((item) => (
        <Stack key={item.label} gap={2} style={item.wide ? { gridColumn: '1 / -1' } : undefined}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
            {item.label}
          </Text>
          <Text size="sm" component="div" data-testid={item.testId} style={{ overflowWrap: 'anywhere' }}>
            {item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
