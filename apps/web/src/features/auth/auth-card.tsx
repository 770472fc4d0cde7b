import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  subtitle?: ReactNode;
  /** Registration has two columns of fields on wide screens. */
  wide?: boolean;
  children: ReactNode;
  testId?: string;
}

/** The card every sign-in screen sits in: heading, optional lead text, then the content. */
export function AuthCard({ title, subtitle, wide = false, children, testId }: Props) {
  return (
    <Paper
      withBorder
      shadow="sm"
      radius="lg"
      p={{ base: 'lg', sm: 40 }}
      w="100%"
      maw={wide ? 640 : 460}
      data-testid={testId}
    >
      <Stack gap="lg">
        <Stack gap={6}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" size="sm">
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
