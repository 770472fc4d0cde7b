// The e-mail change: the new address twice and the password. A customer with a factor (passkey, app or
// verified phone) then confirms the change with the strongest, on a step that shows the new address the
// confirmation is bound to; then the link goes to the new address and the user is logged out.

import { type EmailChangeInput, emailChangeSchema } from '@lombard/shared/schemas/auth';
import { Alert, Card, Stack, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChangeConfirmation, usePendingChange } from '../../components/change-confirmation';
import { PageHeading } from '../../components/page-heading';
import { PasswordField } from '../../components/password-field';
import { SubmitButton } from '../../components/submit-button';
import { useApiForm } from '../../lib/forms/use-api-form';
import { notifySuccess } from '../../lib/notify';
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
  const pendingChange = usePendingChange((body: EmailChangeInput) => change.mutateAsync(body));
  const { asked } = pendingChange;
  const linkSent = async (detail: string) => {
    notifySuccess(detail);
    await logout();
    await navigate(LOGIN_PATH, { replace: true });
  };
  const { form, onSubmit, submitting } = useApiForm({
    schema: emailChangeSchema,
    initialValues: INITIAL,
    send: async (values) => {
      const answer = await change.mutateAsync(values);
      pendingChange.answered(values, answer);
      return answer;
    },
    onSuccess: async (answer) => {
      if ('detail' in answer) await linkSent(answer.detail);
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
              readOnly={Boolean(asked)}
              {...form.getInputProps('new_email')}
              data-testid="change-email-new"
            />
            <TextInput
              label={t('changeEmail.newEmailConfirm')}
              type="email"
              inputMode="email"
              autoComplete="email"
              withAsterisk
              readOnly={Boolean(asked)}
              {...form.getInputProps('new_email_confirm')}
              data-testid="change-email-confirm"
            />
            <PasswordField
              label={t('changeEmail.password')}
              autoComplete="current-password"
              withAsterisk
              readOnly={Boolean(asked)}
              {...form.getInputProps('password')}
              data-testid="change-email-password"
            />
            {!asked && (
              <SubmitButton submitting={submitting} testId="change-email-submit">
                {t('changeEmail.submit')}
              </SubmitButton>
            )}
          </Stack>
        </form>
        {asked && (
          <ChangeConfirmation
            asked={asked.pending}
            label={t('changeEmail.newEmail')}
            value={asked.pending.confirming.value ?? ''}
            next={t('changeEmail.afterConfirm')}
            onProof={async (proof) => {
              const answer = await pendingChange.confirm(proof);
              if (answer && 'detail' in answer) await linkSent(answer.detail);
            }}
            onAskAgain={pendingChange.askAgain}
            submitLabel={t('changeEmail.confirmChange')}
            testId="email-change"
          />
        )}
      </Card>
    </Stack>
  );
}
