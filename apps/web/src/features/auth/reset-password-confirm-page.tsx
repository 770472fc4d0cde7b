import { passwordResetConfirmSchema } from '@lombard/shared/schemas/auth';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PasswordStrengthMeter, usePasswordVerdict } from '../../components/password-strength-meter';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { notifySuccess } from '../../lib/notify';
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
  const initial = { uid, token, new_password1: '', new_password2: '' };
  const form = useZodForm(passwordResetConfirmSchema, initial);
  // The link does not say whose account it is: the meter judges against common passwords and the
  // product's name here, and the server adds the person's own name and address.
  const verdict = usePasswordVerdict(form.values.new_password1, {});

  const submit = form.onSubmit(async (values) => {
    if (verdict && !verdict.acceptable) {
      form.setFieldError('new_password1', t('password:tooWeakField'));
      return;
    }
    try {
      await confirm.mutateAsync(values);
    } catch (error) {
      await applyServerErrors(form, ['new_password1', 'new_password2'], error);
      return;
    }
    notifySuccess(t('reset.saved'));
    await navigate(LOGIN_PATH, { replace: true });
  });

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')} testId="reset-page">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('fields.newPassword')}
            description={t('register.passwordHint')}
            autoComplete="new-password"
            withAsterisk
            data-autofocus
            {...form.getInputProps('new_password1')}
            data-testid="reset-password"
          />
          <PasswordStrengthMeter verdict={verdict} testId="reset-password-strength" />
          <PasswordInput
            label={t('fields.newPasswordConfirm')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('new_password2')}
            data-testid="reset-password-confirm"
          />
          <Button type="submit" size="md" fullWidth loading={confirm.isPending} data-testid="reset-submit">
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
