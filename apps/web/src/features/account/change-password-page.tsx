import { passwordChangeSchema } from '@lombard/shared/schemas/auth';
import { Card, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { PasswordField } from '../../components/password-field';
import { PasswordStrengthMeter, usePasswordVerdict } from '../../components/password-strength-meter';
import { SubmitButton } from '../../components/submit-button';
import { useApiForm } from '../../lib/forms/use-api-form';
import { usePageMeta } from '../../lib/page-meta';
import { PROFILE_PATH } from '../../lib/session/navigation';
import { meQuery } from '../../lib/session/session-queries';
import { useChangePassword } from './api';

const INITIAL = { old_password: '', new_password1: '', new_password2: '' };

export function ChangePasswordPage() {
  const { t } = useTranslation(['account', 'password']);
  usePageMeta(t('changePassword.title'));
  const navigate = useNavigate();
  const change = useChangePassword();
  const { data: me } = useQuery(meQuery);
  const { form, onSubmit, submitting } = useApiForm({
    schema: passwordChangeSchema,
    initialValues: INITIAL,
    send: (values) => change.mutateAsync(values),
    beforeSend: (_values, target) => {
      if (!verdict || verdict.acceptable) return true;
      target.setFieldError('new_password1', t('password:tooWeakField'));
      return false;
    },
    success: t('changePassword.saved'),
    onSuccess: () => navigate(PROFILE_PATH),
  });
  const verdict = usePasswordVerdict(form.values.new_password1, {
    email: me?.email,
    firstName: me?.first_name,
    lastName: me?.last_name,
  });

  return (
    <Stack gap={0} maw={560} data-testid="change-password-page">
      <PageHeading title={t('changePassword.title')} back={{ to: PROFILE_PATH, label: t('backToProfile') }} />
      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <PasswordField
              label={t('changePassword.oldPassword')}
              autoComplete="current-password"
              withAsterisk
              {...form.getInputProps('old_password')}
              data-testid="change-password-old"
            />
            <PasswordField
              label={t('changePassword.newPassword')}
              description={t('changePassword.hint')}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('new_password1')}
              data-testid="change-password-new"
            />
            <PasswordStrengthMeter verdict={verdict} testId="change-password-strength" />
            <PasswordField
              label={t('changePassword.newPasswordConfirm')}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('new_password2')}
              data-testid="change-password-confirm"
            />
            <SubmitButton submitting={submitting} testId="change-password-submit">
              {t('changePassword.submit')}
            </SubmitButton>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
