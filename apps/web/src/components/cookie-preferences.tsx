// The cookie preferences dialog (opened from the consent bar or the footer link). Its own chunk, loaded
// the first time it opens: the dialog machinery (portal, focus trap, scroll lock) is not worth every
// visitor's first interaction for a dialog few of them open.
import { Badge, Button, Group, Modal, Paper, Stack, Switch, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  acceptAllCookies,
  type ConsentCategory,
  closeCookiePreferences,
  rejectOptionalCookies,
  saveConsent,
  useConsent,
} from '../lib/consent';

const CATEGORIES: ConsentCategory[] = ['required', 'functional', 'analytics'];

export function CookiePreferences({ opened, policyLink }: { opened: boolean; policyLink: ReactNode }) {
  const { t } = useTranslation('system');
  const { choice } = useConsent();
  const [draft, setDraft] = useState({ functional: false, analytics: false });

  // Each time the dialog opens it starts from the saved choice (or everything optional off).
  useEffect(() => {
    if (opened) setDraft({ functional: choice?.functional ?? false, analytics: choice?.analytics ?? false });
  }, [opened, choice]);

  return (
    <Modal
      opened={opened}
      onClose={closeCookiePreferences}
      title={<Text fw={700}>{t('cookies.preferencesTitle')}</Text>}
      size="lg"
      centered
      zIndex={350}
      data-testid="cookie-preferences"
    >
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t('cookies.preferencesIntro')} {policyLink}
        </Text>
        {CATEGORIES.map((category) => {
          const required = category === 'required';
          return (
            <Paper key={category} withBorder radius="md" p="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
                <Stack gap={4} style={{ flex: 1 }}>
                  <Group gap="xs">
                    <Text fw={600} component="label" htmlFor={`cookie-category-${category}`}>
                      {t(`cookies.categories.${category}.title`)}
                    </Text>
                    {required && (
                      <Badge variant="light" size="sm">
                        {t('cookies.alwaysActive')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" id={`cookie-category-${category}-body`}>
                    {t(`cookies.categories.${category}.body`)}
                  </Text>
                </Stack>
                <Switch
                  size="md"
                  id={`cookie-category-${category}`}
                  aria-describedby={`cookie-category-${category}-body`}
                  checked={required ? true : draft[category as 'functional' | 'analytics']}
                  disabled={required}
                  onChange={(event) => {
                    if (required) return;
                    const checked = event.currentTarget.checked;
                    setDraft((current) => ({ ...current, [category]: checked }));
                  }}
                  data-testid={`cookie-switch-${category}`}
                />
              </Group>
            </Paper>
          );
        })}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            onClick={rejectOptionalCookies}
            data-testid="cookie-preferences-reject"
            flex={{ base: '1 1 100%', xs: '0 0 auto' }}
          >
            {t('cookies.rejectOptional')}
          </Button>
          <Button
            variant="light"
            onClick={() => saveConsent(draft)}
            data-testid="cookie-save"
            flex={{ base: '1 1 100%', xs: '0 0 auto' }}
          >
            {t('cookies.save')}
          </Button>
          <Button
            onClick={acceptAllCookies}
            data-testid="cookie-preferences-accept"
            flex={{ base: '1 1 100%', xs: '0 0 auto' }}
          >
            {t('cookies.acceptAll')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
