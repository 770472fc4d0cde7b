import { Paper, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One headline figure of a money screen (total value, available cash…), with an optional note under it. */
export function FigureCard({
  label,
  value,
  note,
  loading,
  testId,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  loading?: boolean;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" fw={700} tt="uppercase" lts={0.5}>
        {label}
      </Text>
      {loading ? (
        <Skeleton h={28} mt={6} w="70%" radius="sm" />
      ) : (
        <Text fz={{ base: 22, sm: 24 }} fw={700} mt={4} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      )}
      {note && !loading && (
        <Text size="sm" c="dimmed" mt={2}>
          {note}
        </Text>
      )}
    </Paper>
  );
}
