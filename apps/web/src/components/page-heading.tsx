import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  title: string;
  description?: ReactNode;
  back?: { to: string; label: string };
}

/** Heading of a customer-area screen: title, optional description and an optional link back. */
export function PageHeading({ title, description, back }: Props) {
  return (
    <Stack gap={6} mb="xl">
      {back && (
        <Anchor component={Link} to={back.to} size="sm" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {back.label}
          </Group>
        </Anchor>
      )}
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {title}
      </Title>
      {description && <Text c="dimmed">{description}</Text>}
    </Stack>
  );
}
