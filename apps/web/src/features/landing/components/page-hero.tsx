import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}

/** The navy band at the top of an inner page: its h1 and a lead paragraph. */
export function PageHero({ eyebrow, title, lead, children }: Props) {
  return (
    <Box
      component="section"
      c="white"
      py={{ base: 48, sm: 72 }}
      style={{ background: 'linear-gradient(135deg, #051d47 0%, #0b3d91 60%, #1f5fd1 100%)' }}
    >
      <Container size="lg">
        <Stack gap="md" maw={760}>
          {eyebrow && (
            <Text size="sm" fw={700} tt="uppercase" c="#f2c14e" style={{ letterSpacing: '0.08em' }}>
              {eyebrow}
            </Text>
          )}
          <Title order={1} fz={{ base: 32, sm: 46 }} lh={1.1} style={{ letterSpacing: '-0.02em' }}>
            {title}
          </Title>
          {lead && (
            <Text fz={{ base: 'md', sm: 'lg' }} c="rgba(255,255,255,0.86)" maw={680}>
              {lead}
            </Text>
          )}
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
