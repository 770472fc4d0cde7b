import { Box, Group } from '@mantine/core';

/** The summary risk indicator: seven steps, the product's one filled in; read out as one label. */
export function RiskScale({
  value,
  label,
  size = 22,
  testId = 'risk-scale',
}: {
  value: number;
  label: string;
  size?: number;
  testId?: string;
}) {
  return (
    <Group gap={3} wrap="nowrap" role="img" aria-label={label} data-testid={testId} data-value={value}>
      {[1, 2, 3, 4, 5, 6, 7].map((step) => (
        <Box
          key={step}
          w={size}
          h={size}
          style={{
            borderRadius: 5,
            display: 'grid',
            placeItems: 'center',
            fontSize: Math.round(size / 2),
            fontWeight: 700,
            background:
              step === value
                ? 'var(--mantine-color-navy-7)'
                : 'light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-5))',
            color: step === value ? '#fff' : 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))',
          }}
        >
          {step}
        </Box>
      ))}
    </Group>
  );
}
