// The cookie consent bar and the preferences dialog (cookie-preferences.tsx). The bar shows until the visitor decides; "reject
// optional" is one click, like "accept all". The dialog can be reopened at any time with
// openCookiePreferences() (footer link).
import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigateTo } from '../lib/app-link';
import {
  acceptAllCookies,
  closeCookiePreferences,
  openCookiePreferences,
  rejectOptionalCookies,
  useConsent,
} from '../lib/consent';
import { CONSENT_BAR_ATTRIBUTE, CONSENT_CHOICE_ATTRIBUTE } from '../lib/consent-cookie';

const CookiePreferences = lazy(() =>
  import('./cookie-preferences').then((module) => ({ default: module.CookiePreferences })),
);

export const COOKIE_POLICY_PATH = '/cookie-policy/';

export function CookieConsent() {
  const { t } = useTranslation('system');
  // The router's inside the app; a page load in an island.
  const navigate = useNavigateTo();
  const { choice, preferencesOpen } = useConsent();
  // Loaded when first opened, then kept, so that it closes with its transition.
  const preferencesWanted = useRef(false);
  if (preferencesOpen) preferencesWanted.current = true;

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
          p={{ base: 'sm', xs: 'md', sm: 'lg' }}
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
              {/* On a phone the two choices share a row when their labels fit (each grows from its own
                  width, so neither is cut), with "customise" above them: three stacked buttons took a
                  third of the first screen. */}
              <Group gap="xs" justify="flex-end" wrap="wrap">
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
                  flex={{ base: '1 1 auto', xs: '0 0 auto' }}
                  px={{ base: 'xs', xs: 'var(--button-padding-x)' }}
                >
                  {t('cookies.rejectOptional')}
                </Button>
                <Button
                  onClick={acceptAllCookies}
                  {...{ [CONSENT_CHOICE_ATTRIBUTE]: 'all' }}
                  data-testid="cookie-accept-all"
                  flex={{ base: '1 1 auto', xs: '0 0 auto' }}
                  px={{ base: 'xs', xs: 'var(--button-padding-x)' }}
                >
                  {t('cookies.acceptAll')}
                </Button>
              </Group>
            </Stack>
          </Group>
        </Paper>
      )}
      {preferencesWanted.current && (
        <Suspense fallback={null}>
          <CookiePreferences opened={preferencesOpen} policyLink={policyLink} />
        </Suspense>
      )}
    </>
  );
}
