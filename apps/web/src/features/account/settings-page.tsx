import { LOCALES, type Locale, localeOf } from '@lombard/shared/locale';
import type { ProfileSettings } from '@lombard/shared/schemas/profile-views';
import {
  Card,
  Divider,
  Group,
  type MantineColorScheme,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
  useMantineColorScheme,
} from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS } from '../../components/language-labels';
import { PageHeading } from '../../components/page-heading';
import { currentLanguage } from '../../lib/i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { useChangeLanguage } from '../../lib/session/change-language';
import { settingsQuery, useSaveSettings } from './api';
import { AuthenticatorSection } from './authenticator-section';
import { PasskeysSection } from './passkeys-section';
import { SettingRow } from './setting-row';
import { SignOutEverywhere } from './sign-out-everywhere';
import { ClosureRow, DataExportRow } from './your-data';

const NOTIFICATIONS = ['email_account_activity', 'email_product_news', 'sms_security'] as const;

/**
 * /customer/setting/ — interface language, theme and notification preferences, all saved on the server
 * (the theme is also kept in a cookie, so that the first paint already has it), and signing out of
 * every device; the authenticator app that confirms operations instead of the SMS.
 */
/** `extra`: a card another feature adds (the advances' remedy ranking), passed in by the app. */
export function SettingsPage({ extra: Extra }: { extra?: ComponentType } = {}) {
  const { t } = useTranslation(['account', 'errors']);
  usePageMeta(t('settings.title'));
  const changeLanguage = useChangeLanguage();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const settings = useQuery(settingsQuery);
  const save = useSaveSettings();
  const active = localeOf(currentLanguage());

  const update = (change: Partial<ProfileSettings>) => {
    if (!settings.data) return;
    save.mutate(
      { ...settings.data, ...change },
      { onSuccess: () => notifySuccess(t('errors:success.dataSaved'), { id: 'settings-saved' }) },
    );
  };

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
              onChange={(value) => {
                setColorScheme(value as MantineColorScheme);
                update({ theme: value as ProfileSettings['theme'] });
              }}
              data={[
                { value: 'light', label: themeLabel(<IconSun size={16} aria-hidden />, t('settings.light')) },
                { value: 'dark', label: themeLabel(<IconMoon size={16} aria-hidden />, t('settings.dark')) },
                { value: 'auto', label: themeLabel(<IconDeviceDesktop size={16} aria-hidden />, t('settings.auto')) },
              ]}
              aria-label={t('settings.theme')}
              data-testid="settings-theme"
            />
          </SettingRow>
          <Divider />
          <Stack gap="md">
            <Stack gap={2}>
              <Title order={2} fz="md">
                {t('settings.notifications')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('settings.notificationsHint')}
              </Text>
            </Stack>
            {NOTIFICATIONS.map((key) => (
              <Switch
                key={key}
                label={t(`settings.notification.${key}.label`)}
                description={t(`settings.notification.${key}.hint`)}
                checked={settings.data?.notifications[key] ?? false}
                disabled={!settings.data || save.isPending}
                onChange={(event) =>
                  settings.data &&
                  update({ notifications: { ...settings.data.notifications, [key]: event.currentTarget.checked } })
                }
                data-testid={`settings-${key}`}
              />
            ))}
          </Stack>
          <Divider />
          <PasskeysSection />
          <Divider />
          <AuthenticatorSection />
          <Divider />
          <SignOutEverywhere />
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg" mt="lg" data-testid="your-data">
        <Stack gap="xl">
          <Title order={2} fz="lg">
            {t('privacy.title')}
          </Title>
          <DataExportRow />
          <Divider />
          <ClosureRow />
        </Stack>
      </Card>
      {Extra && <Extra />}
    </Stack>
  );
}
