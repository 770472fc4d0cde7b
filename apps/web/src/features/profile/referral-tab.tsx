// The user's referral code and share link, copied with one click, and how many people joined with it.
import { ActionIcon, CopyButton, Group, Paper, Skeleton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../lib/notify';
import { referralQuery } from './api';

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation(['profile', 'errors']);
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      data-testid={testId}
      rightSection={
        <CopyButton value={value} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('errors:success.copied') : t('referral.copy')} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={() => {
                  copy();
                  notifySuccess(t('errors:success.copied'), { id: 'copied' });
                }}
                aria-label={t('referral.copyWhat', { what: label })}
                data-testid={`${testId}-copy`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

export function ReferralTab() {
  const { t } = useTranslation('profile');
  const referral = useQuery(referralQuery);
  if (!referral.data) return <Skeleton h={180} radius="md" />;
  const { code, link, joined_count: joined } = referral.data;
  return (
    <Stack gap="md">
      <CopyField label={t('referral.code')} value={code} testId="referral-code" />
      <CopyField label={t('referral.link')} value={link} testId="referral-link" />
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" wrap="nowrap">
          <IconUsers size={28} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
          <Stack gap={0}>
            <Text fw={700} fz="xl" data-testid="referral-joined">
              {joined}
            </Text>
            <Text size="sm" c="dimmed">
              {t('referral.joined', { count: joined })}
            </Text>
          </Stack>
        </Group>
      </Paper>
    </Stack>
  );
}
