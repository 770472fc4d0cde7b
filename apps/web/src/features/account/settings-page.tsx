import { LOCALES, type Locale, localeOf } from '@lombard/shared/locale';
import {
  Card,
  Group,
  type MantineColorScheme,
  SegmentedControl,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS } from '../../components/language-menu';
import { currentLanguage } from '../../lib/i18n/i18n';
import { usePageMeta } from '../../lib/page-meta';
import { useChangeLanguage } from '../../lib/session/change-language';
import { PageHeading } from './page-heading';

function SettingRow({ title, hint, children }: { title: string; hint: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" align="center" gap="md" wrap="wrap">
      <Stack gap={2} style={{ flex: '1 1 240px' }}>
        <Title order={2} fz="md">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      </Stack>
      {children}
    </Group>
  );
}

/** /customer/setting/ — interface language (saved on the account) and theme (saved in a cookie). */
export function SettingsPage() {
  const { t } = useTranslation('account');
  usePageMeta(t('settings.title'));
  const changeLanguage = useChangeLanguage();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const active = localeOf(currentLanguage());

  const themeLabel = (icon: React.ReactNode, label: string) => (
    <Group gap={6} wrap="nowrap" justify="center">
      {icon}
      <span>{label}</span>
    </Group>
  );

  return (
    <Stack gap={0} maw={760} data-testid="settings-page">
      <PageHeading title={t('settings.title')} description={t('settings.subtitle')} />
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="xl">
          <SettingRow title={t('settings.language')} hint={t('settings.languageHint')}>
            <SegmentedControl
              value={active}
              onChange={(value) => changeLanguage.mutate(value as Locale)}
              disabled={changeLanguage.isPending}
              data={LOCALES.map((locale) => ({ value: locale, label: LANGUAGE_LABELS[locale] }))}
              aria-label={t('settings.language')}
              data-testid="settings-language"
            />
          </SettingRow>
          <SettingRow title={t('settings.theme')} hint={t('settings.themeHint')}>
            <SegmentedControl
              value={colorScheme}
              onChange={(value) => setColorScheme(value as MantineColorScheme)}
              data={[
                { value: 'light', label: themeLabel(<IconSun size={16} aria-hidden />, t('settings.light')) },
                { value: 'dark', label: themeLabel(<IconMoon size={16} aria-hidden />, t('settings.dark')) },
                { value: 'auto', label: themeLabel(<IconDeviceDesktop size={16} aria-hidden />, t('settings.auto')) },
              ]}
              aria-label={t('settings.theme')}
              data-testid="settings-theme"
            />
          </SettingRow>
        </Stack>
      </Card>
    </Stack>
  );
}
