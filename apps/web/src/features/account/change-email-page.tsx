import { emailChangeSchema } from '@lombard/shared/schemas/auth';
import { Alert, Card, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { PasswordField } from '../../components/password-field';
import { SubmitButton } from '../../components/submit-button';
import { useApiForm } from '../../lib/forms/use-api-form';
import { usePageMeta } from '../../lib/page-meta';
import { logout } from '../../lib/session/logout';
import { LOGIN_PATH, PROFILE_PATH } from '../../lib/session/navigation';
import { useChangeEmail } from './api';

const INITIAL = { password: '', new_email: '', new_email_confirm: '' };

/** After an e-mail change the user is logged out and must confirm the new address. */
export function ChangeEmailPage() {
  const { t } = useTranslation('account');
  usePageMeta(t('changeEmail.title'));
  const navigate = useNavigate();
  const change = useChangeEmail();
  const { form, onSubmit, submitting } = useApiForm({
    schema: emailChangeSchema,
    initialValues: INITIAL,
    send: (values) => change.mutateAsync(values),
    success: ({ detail }) => detail,
    onSuccess: async () => {
      await logout();
      await navigate(LOGIN_PATH, { replace: true });
    },
  });

  return (
    <Stack gap={0} maw={560} data-testid="change-email-page">
      <PageHeading title={t('changeEmail.title')} back={{ to: PROFILE_PATH, label: t('backToProfile') }} />
      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Alert variant="light" color="navy" icon={<IconInfoCircle size={20} />}>
              {t('changeEmail.hint')}
            </Alert>
            <TextInput
              label={t('changeEmail.newEmail')}
              type="email"
              inputMode="email"
              autoComplete="email"
              withAsterisk
              {...form.getInputProps('new_email')}
              data-testid="change-email-new"
            />
            <TextInput
              label={t('changeEmail.newEmailConfirm')}
              type="email"
              inputMode="email"
              autoComplete="email"
              withAsterisk
              {...form.getInputProps('new_email_confirm')}
              data-testid="change-email-confirm"
            />
            <PasswordField
              label={t('changeEmail.password')}
              autoComplete="current-password"
              withAsterisk
              {...form.getInputProps('password')}
              data-testid="change-email-password"
            />
            <SubmitButton submitting={submitting} testId="change-email-submit">
              {t('changeEmail.submit')}
            </SubmitButton>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
