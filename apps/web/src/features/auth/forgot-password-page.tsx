import { type PasswordResetInput, passwordResetSchema } from '@lombard/shared/schemas/auth';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiForm } from '../../lib/forms/use-api-form';
import { usePageMeta } from '../../lib/page-meta';
import { usePasswordReset } from './api';
import { AuthCard } from './auth-card';

const INITIAL: PasswordResetInput = { email: '' };

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('forgot.title'));
  const reset = usePasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const { form, onSubmit, submitting } = useApiForm({
    schema: passwordResetSchema,
    initialValues: INITIAL,
    send: (values) => reset.mutateAsync(values),
    onSuccess: ({ detail }) => setSent(detail),
  });

  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={sent === null ? t('forgot.subtitle') : undefined}
      testId="forgot-page"
    >
      {sent !== null ? (
        <Alert color="green" variant="light" icon={<IconMailCheck size={20} />} data-testid="forgot-done">
          {sent}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('fields.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              withAsterisk
              data-autofocus
              {...form.getInputProps('email')}
              data-testid="forgot-email"
            />
            <Button type="submit" size="md" fullWidth loading={submitting} data-testid="forgot-submit">
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/auth/login/" size="sm" ta="center">
        {t('common.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}
