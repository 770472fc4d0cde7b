import { passwordResetConfirmSchema } from '@lombard/shared/schemas/auth';
import { Anchor, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PasswordField } from '../../components/password-field';
import { PasswordStrengthMeter, usePasswordVerdict } from '../../components/password-strength-meter';
import { useApiForm } from '../../lib/forms/use-api-form';
import { usePageMeta } from '../../lib/page-meta';
import { LOGIN_PATH } from '../../lib/session/navigation';
import { usePasswordResetConfirm } from './api';
import { AuthCard } from './auth-card';

/** /reset-password-confirm/:uid/:token/ — the link of the reset e-mail (no login required). */
export function ResetPasswordConfirmPage() {
  const { t } = useTranslation(['auth', 'password']);
  usePageMeta(t('reset.title'));
  const { uid = '', token = '' } = useParams();
  const navigate = useNavigate();
  const confirm = usePasswordResetConfirm();
  const { form, onSubmit, submitting } = useApiForm({
    schema: passwordResetConfirmSchema,
    initialValues: { uid, token, new_password1: '', new_password2: '' },
    send: (values) => confirm.mutateAsync(values),
    beforeSend: (_values, target) => {
      if (!verdict || verdict.acceptable) return true;
      target.setFieldError('new_password1', t('password:tooWeakField'));
      return false;
    },
    success: t('reset.saved'),
    onSuccess: () => navigate(LOGIN_PATH, { replace: true }),
  });
  // The link does not say whose account it is: the meter judges against common passwords and the
  // product's name here, and the server adds the person's own name and address.
  const verdict = usePasswordVerdict(form.values.new_password1, {});

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')} testId="reset-page">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordField
            label={t('fields.newPassword')}
            description={t('register.passwordHint')}
            autoComplete="new-password"
            withAsterisk
            data-autofocus
            {...form.getInputProps('new_password1')}
            data-testid="reset-password"
          />
          <PasswordStrengthMeter verdict={verdict} testId="reset-password-strength" />
          <PasswordField
            label={t('fields.newPasswordConfirm')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('new_password2')}
            data-testid="reset-password-confirm"
          />
          <Button type="submit" size="md" fullWidth loading={submitting} data-testid="reset-submit">
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/auth/forgot-password/" size="sm" ta="center">
        {t('reset.requestAgain')}
      </Anchor>
    </AuthCard>
  );
}
