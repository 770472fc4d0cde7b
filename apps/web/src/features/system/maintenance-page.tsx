import { Anchor, Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRefresh, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { usePageMeta } from '../../lib/page-meta';

/** /maintenance: blank layout, no navigation, just the notice and a way back. */
export function MaintenancePage() {
  const { t } = useTranslation('system');
  const { t: tc } = useTranslation('common');
  usePageMeta(t('maintenance.title'), t('maintenance.body'));
  return (
    <Center mih="100dvh" p="md" component="main" data-testid="maintenance-page">
      <Stack align="center" gap="xl" w="100%" maw={560}>
        {/* The landing's mark, drawn inline: nothing to fetch from a server under maintenance. */}
        <Anchor component={Link} to="/home/" underline="never" aria-label={tc('brand.home')}>
          <BrandLogo size={36} />
        </Anchor>
        <Paper withBorder radius="lg" shadow="sm" p={{ base: 'lg', sm: 40 }} w="100%">
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={72} radius="xl" variant="light" color="orange" aria-hidden>
              <IconTool size={38} stroke={1.5} />
            </ThemeIcon>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {t('maintenance.title')}
            </Title>
            <Text>{t('maintenance.body')}</Text>
            <Text size="sm" c="dimmed">
              {t('maintenance.detail')}
            </Text>
            <Group justify="center" mt="sm">
              <Button leftSection={<IconRefresh size={18} stroke={1.6} />} onClick={() => window.location.reload()}>
                {t('maintenance.retry')}
              </Button>
              <Button component={Link} to="/home/" variant="default">
                {t('maintenance.home')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
