// The cookie consent bar and preferences dialog. The bar shows until the visitor decides; "reject
// optional" is one click, like "accept all". The dialog can be reopened at any time with
// openCookiePreferences() (footer link).
import { Anchor, Badge, Button, Group, Modal, Paper, Stack, Switch, Text, ThemeIcon } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  acceptAllCookies,
  type ConsentCategory,
  closeCookiePreferences,
  openCookiePreferences,
  rejectOptionalCookies,
  saveConsent,
  useConsent,
} from '../lib/consent';
import { CONSENT_BAR_ATTRIBUTE, CONSENT_CHOICE_ATTRIBUTE } from '../lib/consent-cookie';

export const COOKIE_POLICY_PATH = '/cookie-policy/';

interface Props {
  /** Client-side navigation (the router's navigate); a full page load when omitted. */
  navigate?: (to: string) => void;
}

export function CookieConsent({ navigate = (to) => window.location.assign(to) }: Props) {
  const { t } = useTranslation('system');
  const { choice, preferencesOpen } = useConsent();

  const policyLink = (
    <Anchor
      href={COOKIE_POLICY_PATH}
      onClick={(event) => {
        event.preventDefault();
        closeCookiePreferences();
        navigate(COOKIE_POLICY_PATH);
      }}
      data-testid="cookie-policy-link"
      // A link inside a sentence must not rely on colour alone (WCAG 1.4.1).
      underline="always"
    >
      {t('cookies.policyLink')}
    </Anchor>
  );

  return (
    <>
      {choice === null && !preferencesOpen && (
        <Paper
          component="section"
          aria-labelledby="cookie-consent-title"
          shadow="xl"
          radius="lg"
          withBorder
          p={{ base: 'md', sm: 'lg' }}
          pos="fixed"
          bottom={{ base: 8, sm: 16 }}
          left={{ base: 8, sm: 16 }}
          right={{ base: 8, sm: 16 }}
          maw={960}
          mx="auto"
          style={{ zIndex: 300 }}
          data-testid="cookie-consent-bar"
          {...{ [CONSENT_BAR_ATTRIBUTE]: true }}
        >
          <Group align="flex-start" wrap="nowrap" gap="md">
            <ThemeIcon variant="light" size={40} radius="xl" visibleFrom="sm" aria-hidden>
              <IconCookie size={22} stroke={1.6} />
            </ThemeIcon>
            <Stack gap="sm" style={{ flex: 1 }}>
              <Text fw={700} id="cookie-consent-title">
                {t('cookies.title')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('cookies.body')} {policyLink}
              </Text>
              <Group gap="sm" justify="flex-end" wrap="wrap">
                <Button
                  variant="subtle"
                  onClick={openCookiePreferences}
                  data-testid="cookie-customise"
                  flex={{ base: '1 1 100%', xs: '0 0 auto' }}
                >
                  {t('cookies.customise')}
                </Button>
                <Button
                  variant="default"
                  onClick={rejectOptionalCookies}
                  // Before the app has loaded, the first-view script records the choice (app/hydrate-on-intent.ts).
                  {...{ [CONSENT_CHOICE_ATTRIBUTE]: 'required' }}
                  data-testid="cookie-reject-optional"
                  flex={{ base: '1 1 100%', xs: '0 0 auto' }}
                >
                  {t('cookies.rejectOptional')}
                </Button>
                <Button
                  onClick={acceptAllCookies}
                  {...{ [CONSENT_CHOICE_ATTRIBUTE]: 'all' }}
                  data-testid="cookie-accept-all"
                  flex={{ base: '1 1 100%', xs: '0 0 auto' }}
                >
                  {t('cookies.acceptAll')}
                </Button>
              </Group>
            </Stack>
          </Group>
        </Paper>
      )}
      <CookiePreferences opened={preferencesOpen} policyLink={policyLink} />
    </>
  );
}

const CATEGORIES: ConsentCategory[] = ['required', 'functional', 'analytics'];

function CookiePreferences({ opened, policyLink }: { opened: boolean; policyLink: React.ReactNode }) {
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
