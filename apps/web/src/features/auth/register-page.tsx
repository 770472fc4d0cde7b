import { LANGUAGES, type Language, localeOf } from '@lombard/shared/locale';
import { type RegistrationInput, registrationSchema } from '@lombard/shared/schemas/auth';
import { Alert, Anchor, Button, Checkbox, Divider, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LANGUAGE_LABELS } from '../../components/language-labels';
import { PasswordField } from '../../components/password-field';
import { PasswordStrengthMeter, usePasswordVerdict } from '../../components/password-strength-meter';
import { useApiForm } from '../../lib/forms/use-api-form';
import { currentLanguage } from '../../lib/i18n/i18n';
import { usePageMeta } from '../../lib/page-meta';
import { useRegister } from './api';
import { AuthCard } from './auth-card';

type Values = Required<Omit<RegistrationInput, 'accept_terms' | 'accept_privacy' | 'partner'>> & {
  accept_terms: boolean;
  accept_privacy: boolean;
};

const PARTNER_SLUG = /^[a-z0-9-]{1,64}$/;

const consentLink = (to: string) => <Anchor component={Link} to={to} target="_blank" inherit />;

export function RegisterPage() {
  const { t } = useTranslation(['auth', 'password']);
  usePageMeta(t('register.title'));
  const [params] = useSearchParams();
  const register = useRegister();
  const [sent, setSent] = useState<string | null>(null);
  const initial: Values = {
    first_name: '',
    last_name: '',
    email: '',
    password: '',
    password_confirm: '',
    language: currentLanguage(),
    // A share link carries the referrer's code as ?ref= (older links: ?referral_code=).
    referral_code: params.get('ref') ?? params.get('referral_code') ?? '',
    accept_terms: false,
    accept_privacy: false,
  };
  // Visitors arriving from a partner landing page (/l/{partner}) carry the partner along; a value that
  // is not a partner slug is dropped rather than failing a form the visitor cannot fix.
  const slug = params.get('partner');
  const partner = slug && PARTNER_SLUG.test(slug) ? slug : undefined;
  const { form, onSubmit, submitting } = useApiForm({
    schema: registrationSchema,
    initialValues: initial,
    send: (values) => register.mutateAsync({ ...values, partner } as RegistrationInput),
    // The same verdict the server would give: no need to send a password it would refuse.
    beforeSend: (_values, target) => {
      if (!verdict || verdict.acceptable) return true;
      target.setFieldError('password', t('password:tooWeakField'));
      return false;
    },
    success: t('register.registered'),
    onSuccess: ({ detail }) => setSent(detail),
  });
  const verdict = usePasswordVerdict(form.values.password, {
    email: form.values.email,
    firstName: form.values.first_name,
    lastName: form.values.last_name,
  });

  if (sent !== null) {
    return (
      <AuthCard title={t('register.doneTitle')} testId="register-done">
        <Alert color="green" variant="light" icon={<IconMailCheck size={20} />} data-testid="register-done-message">
          {sent}
        </Alert>
        <Text size="sm" c="dimmed">
          {t('register.doneHint')}
        </Text>
        <Button component={Link} to="/auth/login/" variant="default" fullWidth>
          {t('common.backToLogin')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')} wide testId="register-page">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput
              label={t('fields.firstName')}
              autoComplete="given-name"
              withAsterisk
              {...form.getInputProps('first_name')}
              data-testid="register-first-name"
            />
            <TextInput
              label={t('fields.lastName')}
              autoComplete="family-name"
              withAsterisk
              {...form.getInputProps('last_name')}
              data-testid="register-last-name"
            />
          </SimpleGrid>
          <TextInput
            label={t('fields.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
            data-testid="register-email"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <PasswordField
              label={t('fields.password')}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('password')}
              data-testid="register-password"
            />
            <PasswordField
              label={t('fields.passwordConfirm')}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('password_confirm')}
              data-testid="register-password-confirm"
            />
          </SimpleGrid>
          <PasswordStrengthMeter verdict={verdict} testId="register-password-strength" />
          <Text size="xs" c="dimmed" mt={-8}>
            {t('register.passwordHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <Select
              label={t('fields.language')}
              data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_LABELS[localeOf(language)] }))}
              allowDeselect={false}
              withAsterisk
              {...form.getInputProps('language')}
              onChange={(value) => value && form.setFieldValue('language', value as Language)}
              data-testid="register-language"
            />
            <TextInput
              label={t('fields.referralCode')}
              autoComplete="off"
              {...form.getInputProps('referral_code')}
              data-testid="register-referral"
            />
          </SimpleGrid>
          <Stack gap="xs" mt={4}>
            <Checkbox
              label={<Trans t={t} i18nKey="register.acceptTerms" components={{ terms: consentLink('/terms/') }} />}
              {...form.getInputProps('accept_terms', { type: 'checkbox' })}
              data-testid="register-terms"
            />
            <Checkbox
              label={
                <Trans
                  t={t}
                  i18nKey="register.acceptPrivacy"
                  components={{ privacy: consentLink('/privacy-policy/') }}
                />
              }
              {...form.getInputProps('accept_privacy', { type: 'checkbox' })}
              data-testid="register-privacy"
            />
          </Stack>
          <Button type="submit" size="md" fullWidth loading={submitting} data-testid="register-submit">
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
      <Divider />
      <Text size="sm" ta="center">
        {t('register.haveAccount')}{' '}
        <Anchor component={Link} to="/auth/login/" fw={600}>
          {t('register.login')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
