// The newsletter sign-up with double opt-in: the address is stored as pending and a confirmation link
// is e-mailed; /newsletter/confirm/?token=… confirms it.
import type { Language } from '@lombard/shared/locale';
import { newsletterSubscribeSchema } from '@lombard/shared/schemas/newsletter';
import { Alert, Anchor, Button, Container, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconMailFast } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CheckMessages } from '../../../lib/forms/check-messages';
import { NATIVE_CHECK_ATTRIBUTE } from '../../../lib/forms/native-check';
import { applyServerErrors } from '../../../lib/forms/server-errors';
import { useZodForm } from '../../../lib/forms/use-zod-form';
import { formatErrorBody, readErrorBody } from '../../../lib/http/error-format';
import { isHttpError } from '../../../lib/http/http-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useConfirmNewsletter, useSubscribeNewsletter } from '../api';
import { PageHero } from '../components/page-hero';
import { LANDING_PATHS } from '../components/site-links';

const EMAIL_ID = 'newsletter-email';

export function NewsletterPage() {
  const { t, i18n } = useTranslation('contact');
  usePageMeta(t('newsletter.meta.title'), t('newsletter.meta.description'));
  const language: Language = i18n.language === 'en' ? 'en' : 'it';
  const form = useZodForm(newsletterSubscribeSchema, { email: '' }, undefined, { validateOnBlur: false });
  const subscribe = useSubscribeNewsletter();
  const [done, setDone] = useState<string | null>(null);

  const submit = form.onSubmit(async (values) => {
    try {
      const { detail } = await subscribe.mutateAsync({ email: values.email, language });
      setDone(detail);
    } catch (error) {
      await applyServerErrors(form, ['email'], error);
    }
  });

  return (
    <>
      <PageHero
        eyebrow={t('newsletter.hero.eyebrow')}
        title={t('newsletter.hero.title')}
        lead={t('newsletter.hero.lead')}
      />
      <Container size="sm" py={{ base: 40, sm: 72 }}>
        <Paper withBorder radius="xl" p={{ base: 'lg', sm: 32 }}>
          {done ? (
            <Alert
              color="teal"
              radius="lg"
              icon={<IconCircleCheck size={22} aria-hidden />}
              title={t('newsletter.sentTitle')}
              data-testid="newsletter-sent"
            >
              {done}
            </Alert>
          ) : (
            // The browser checks the address at the tap (lib/forms/native-check.ts); the schema, once it lets
            // the form submit.
            <form onSubmit={submit} {...{ [NATIVE_CHECK_ATTRIBUTE]: '' }} data-testid="newsletter-form">
              <Stack gap="md">
                <Title order={2} fz="xl">
                  {t('newsletter.form.title')}
                </Title>
                <Text c="dimmed" size="sm">
                  {t('newsletter.form.body')}
                </Text>
                <TextInput
                  id={EMAIL_ID}
                  label={t('newsletter.form.email')}
                  type="email"
                  autoComplete="email"
                  required
                  // Without the form's focus handler: it re-rendered the page when the check moved the focus
                  // here at the tap (nothing reads the field's "touched" state).
                  {...form.getInputProps('email', { withFocus: false })}
                  inputContainer={(input) => (
                    <>
                      {input}
                      <CheckMessages
                        fieldId={EMAIL_ID}
                        messages={{ valueMissing: t('validation:required'), typeMismatch: t('validation:email') }}
                      />
                    </>
                  )}
                  data-testid="newsletter-email"
                />
                <Group justify="space-between" gap="md">
                  <Text size="xs" c="dimmed" maw={320}>
                    <Trans
                      t={t}
                      i18nKey="newsletter.form.privacy"
                      components={{
                        anchor: <Anchor component={Link} to={LANDING_PATHS.privacyPolicy} inherit underline="always" />,
                      }}
                    />
                  </Text>
                  <Button
                    type="submit"
                    loading={subscribe.isPending}
                    leftSection={<IconMailFast size={18} aria-hidden />}
                    data-testid="newsletter-submit"
                  >
                    {t('newsletter.form.submit')}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Paper>
      </Container>
    </>
  );
}

export function NewsletterConfirmPage() {
  const { t } = useTranslation('contact');
  usePageMeta(t('newsletter.confirm.meta'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmNewsletter();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once per visit, also under StrictMode's double effects: the token works a single time.
    if (started.current) return;
    started.current = true;
    if (!token) {
      setError(t('newsletter.confirm.missing'));
      return;
    }
    confirm.mutate(token, {
      onError: async (failure) => {
        const body = isHttpError(failure) ? await readErrorBody(failure.response?.data) : null;
        setError(formatErrorBody(body).join(' ') || t('newsletter.confirm.missing'));
      },
    });
  }, [token, confirm, t]);

  return (
    <Container size="sm" py={{ base: 56, sm: 96 }}>
      <Paper withBorder radius="xl" p={{ base: 'lg', sm: 40 }} ta="center" data-testid="newsletter-confirm">
        <Stack align="center" gap="md">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('newsletter.confirm.title')}
          </Title>
          {confirm.isSuccess ? (
            <Alert
              color="teal"
              radius="lg"
              icon={<IconCircleCheck size={22} aria-hidden />}
              data-testid="newsletter-confirmed"
              w="100%"
              ta="left"
            >
              {confirm.data.detail}
            </Alert>
          ) : error ? (
            <Alert
              color="red"
              radius="lg"
              icon={<IconAlertCircle size={22} aria-hidden />}
              data-testid="newsletter-confirm-error"
              w="100%"
              ta="left"
            >
              {error}
            </Alert>
          ) : (
            <Group gap="sm" role="status">
              <Loader size="sm" />
              <Text>{t('newsletter.confirm.pending')}</Text>
            </Group>
          )}
          <Group gap="sm">
            <Button component={Link} to={LANDING_PATHS.home} variant="default">
              {t('newsletter.confirm.home')}
            </Button>
            {error && (
              <Button component={Link} to={LANDING_PATHS.newsletter}>
                {t('newsletter.confirm.again')}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </Container>
  );
}
