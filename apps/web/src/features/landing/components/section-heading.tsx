import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  align?: 'left' | 'center';
  id?: string;
  order?: 1 | 2;
}

/** The heading block of a section: a small eyebrow, the title, a one-paragraph lead. */
export function SectionHeading({ eyebrow, title, description, align = 'left', id, order = 2 }: Props) {
  const centered = align === 'center';
  return (
    <Stack
      gap="xs"
      align={centered ? 'center' : 'flex-start'}
      ta={centered ? 'center' : 'left'}
      maw={centered ? 720 : 680}
      mx={centered ? 'auto' : undefined}
    >
      {eyebrow && (
        <Text
          size="sm"
          fw={700}
          tt="uppercase"
          c="light-dark(var(--mantine-color-navy-7), var(--mantine-color-navy-2))"
          style={{ letterSpacing: '0.08em' }}
        >
          {eyebrow}
        </Text>
      )}
      <Title
        order={order}
        id={id}
        fz={order === 1 ? { base: 32, sm: 44 } : { base: 26, sm: 34 }}
        lh={1.15}
        style={{ letterSpacing: '-0.02em' }}
      >
        {title}
      </Title>
      {description && (
        <Text size="lg" c="dimmed">
          {description}
        </Text>
      )}
    </Stack>
  );
}
