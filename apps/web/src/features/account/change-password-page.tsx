import { passwordChangeSchema } from '@lombard/shared/schemas/auth';
import { Button, Card, PasswordInput, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PasswordStrengthMeter, usePasswordVerdict } from '../../components/password-strength-meter';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { notifySuccess } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { meQuery } from '../../lib/session/session-queries';
import { useChangePassword } from './api';
import { PageHeading } from './page-heading';

const INITIAL = { old_password: '', new_password1: '', new_password2: '' };

export function ChangePasswordPage() {
  const { t } = useTranslation(['account', 'password']);
  usePageMeta(t('changePassword.title'));
  const navigate = useNavigate();
  const change = useChangePassword();
  const form = useZodForm(passwordChangeSchema, INITIAL);
  const { data: me } = useQuery(meQuery);
  const verdict = usePasswordVerdict(form.values.new_password1, {
    email: me?.email,
    firstName: me?.first_name,
    lastName: me?.last_name,
  });

  const submit = form.onSubmit(async (values) => {
    if (verdict && !verdict.acceptable) {
      form.setFieldError('new_password1', t('password:tooWeakField'));
      return;
    }
    try {
      await change.mutateAsync(values);
    } catch (error) {
      await applyServerErrors(form, Object.keys(INITIAL), error);
      return;
    }
    notifySuccess(t('changePassword.saved'));
    await navigate('/customer/profile/');
  });

  return (
    <Stack gap={0} maw={560} data-testid="change-password-page">
      <PageHeading title={t('changePassword.title')} back={{ to: '/customer/profile/', label: t('backToProfile') }} />
      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <PasswordInput
              label={t('changePassword.oldPassword')}
              autoComplete="current-password"
              withAsterisk
              {...form.getInputProps('old_password')}
              data-testid="change-password-old"
            />
            <PasswordInput
              label={t('changePassword.newPassword')}
              description={t('changePassword.hint')}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('new_password1')}
              data-testid="change-password-new"
            />
            <PasswordStrengthMeter verdict={verdict} testId="change-password-strength" />
            <PasswordInput
              label={t('changePassword.newPasswordConfirm')}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('new_password2')}
              data-testid="change-password-confirm"
            />
            <Button
              type="submit"
              loading={change.isPending}
              data-testid="change-password-submit"
              w={{ sm: 'fit-content' }}
            >
              {t('changePassword.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
