import { Group, Text } from '@mantine/core';

/** The Lombard mark: a navy tile with an "L" rising into a gold step, drawn inline (nothing to fetch). */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0b3d91" />
      <path
        d="M10 7.5v15.5h12.5"
        fill="none"
        stroke="#fff"
        strokeWidth="3.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M16 17.5l3.2-3.2 2.4 2.4 3.4-3.9"
        fill="none"
        stroke="#f2c14e"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mark and wordmark; the accessible name comes from the link around it. */
export function BrandLogo({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Group gap={10} wrap="nowrap" component="span">
      <BrandMark size={size} />
      <Text
        component="span"
        fw={800}
        fz={size * 0.66}
        lh={1}
        style={{ letterSpacing: '-0.02em' }}
        c={inverted ? 'white' : 'var(--mantine-color-text)'}
      >
        Lombard
      </Text>
    </Group>
  );
}
