// A value the customer copies into their bank's form (IBAN, reference code…): shown as written, with one
// button that copies it exactly.
import { ActionIcon, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  value: string;
  /** What is shown, when it differs from what is copied (an amount formatted for the language). */
  display?: ReactNode;
  monospace?: boolean;
  testId?: string;
}

export function CopyValue({ label, value, display, monospace, testId }: Props) {
  const { t } = useTranslation('common');
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" align="center">
        <Text
          size="sm"
          fw={600}
          ff={monospace ? 'monospace' : undefined}
          style={{ overflowWrap: 'anywhere' }}
          data-testid={testId}
        >
          {display ?? value}
        </Text>
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('copy.copied') : t('copy.copy', { what: label })} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={t('copy.copy', { what: label })}
                data-testid={testId ? `${testId}-copy` : undefined}
              >
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
