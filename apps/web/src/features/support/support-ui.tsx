// Pieces shared by the help-centre pages: the header band, the collection icon, the reply times
// and the pledge document.
import { SUPPORT_REPLY_HOURS_WEEKDAY, SUPPORT_REPLY_HOURS_WEEKEND } from '@lombard/shared/constants';
import { Box, Button, Container, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconChartLine,
  IconClockHour4,
  IconCoinEuro,
  IconFileDownload,
  IconHelp,
  IconIdBadge2,
  IconMail,
  IconShieldLock,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const ICONS = {
  'coin-euro': IconCoinEuro,
  'chart-line': IconChartLine,
  'id-badge': IconIdBadge2,
  'shield-lock': IconShieldLock,
} as const;

export function CollectionIcon({ icon, size = 44 }: { icon: string; size?: number }) {
  const Icon = ICONS[icon as keyof typeof ICONS] ?? IconHelp;
  return (
    <ThemeIcon size={size} radius="md" variant="light" aria-hidden>
      <Icon size={Math.round(size * 0.55)} stroke={1.6} />
    </ThemeIcon>
  );
}

export function SupportHero({ title, lead, children }: { title: ReactNode; lead?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation('support');
  return (
    <Box
      component="section"
      c="white"
      py={{ base: 40, sm: 64 }}
      style={{ background: 'linear-gradient(135deg, #051d47 0%, #0b3d91 60%, #1f5fd1 100%)' }}
    >
      <Container size="lg">
        <Stack gap="md" maw={760}>
          <Text size="sm" fw={700} tt="uppercase" c="#f2c14e" style={{ letterSpacing: '0.08em' }}>
            {t('eyebrow')}
          </Text>
          <Title order={1} fz={{ base: 30, sm: 42 }} lh={1.12} style={{ letterSpacing: '-0.02em' }}>
            {title}
          </Title>
          {lead && (
            <Text fz={{ base: 'md', sm: 'lg' }} c="rgba(255,255,255,0.86)">
              {lead}
            </Text>
          )}
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

/** Replies within 24 hours on weekdays, 72 hours at weekends and on holidays. */
export function ReplyTimes() {
  const { t } = useTranslation('support');
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="support-reply-times">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" color="teal" aria-hidden>
          <IconClockHour4 size={24} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={6}>
          <Title order={2} fz="lg">
            {t('reply.title')}
          </Title>
          <Text size="sm">{t('reply.weekday', { hours: SUPPORT_REPLY_HOURS_WEEKDAY })}</Text>
          <Text size="sm">{t('reply.weekend', { hours: SUPPORT_REPLY_HOURS_WEEKEND })}</Text>
          <Button
            component={Link}
            to="/contact/"
            variant="light"
            leftSection={<IconMail size={16} aria-hidden />}
            mt={4}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('reply.contact')}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}

export function PledgeDocumentCard({ language }: { language: string }) {
  const { t } = useTranslation('support');
  return (
    <Paper withBorder radius="lg" p="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
          <IconFileDownload size={24} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={6}>
          <Title order={2} fz="lg">
            {t('pledge.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('pledge.body')}
          </Text>
          <Button
            component="a"
            href={`/api/v1/public/pledge-document/?language=${language}`}
            download={`lombard-pledge-${language}.pdf`}
            variant="default"
            leftSection={<IconFileDownload size={16} aria-hidden />}
            mt={4}
            style={{ alignSelf: 'flex-start' }}
            data-testid="support-pledge-download"
          >
            {t('pledge.download')}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}
