import type { LoginInput } from '@lombard/shared/schemas/auth';
import { loginSchema } from '@lombard/shared/schemas/auth';
import { Alert, Anchor, Button, Checkbox, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../components/password-field';
import { applyServerErrors } from '../../lib/forms/server-errors';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { isHttpError } from '../../lib/http/http-error';
import { usePageMeta } from '../../lib/page-meta';
import { safeRedirect } from '../../lib/session/navigation';
import { ceremonyCancelled, passkeysSupported } from '../../lib/webauthn/ceremony';
import { useLogin, useLoginWithPasskey } from './api';
import { AuthCard } from './auth-card';
import { SignInProblem, type SignInRefusal, signInRefusal } from './sign-in-problem';

const INITIAL: LoginInput = { email: '', password: '', rememberMe: false };

export function LoginPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('login.title'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const form = useZodForm(loginSchema, INITIAL);
  const [refusal, setRefusal] = useState<{ problem: SignInRefusal; email: string } | null>(null);
  const passkey = useLoginWithPasskey();
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);
  // Known only in the browser: the button appears once hydrated, the same markup is rendered before.
  const [canUsePasskey, setCanUsePasskey] = useState(false);
  useEffect(() => setCanUsePasskey(passkeysSupported()), []);

  const withPasskey = async () => {
    setRefusal(null);
    setPasskeyProblem(null);
    try {
      await passkey.mutateAsync(form.getValues().rememberMe ?? false);
    } catch (error) {
      if (ceremonyCancelled(error)) return;
      const problem = signInRefusal(error);
      if (problem) setRefusal({ problem, email: '' });
      else if (isHttpError(error) && error.response?.status === 400) {
        // The passkey's answer was refused (another site, expired, unknown): the server's words, here.
        const detail = (error.response.data as { detail?: unknown } | undefined)?.detail;
        setPasskeyProblem(typeof detail === 'string' ? detail : t('login.passkeyFailed'));
      } else await applyServerErrors(form, [], error);
      return;
    }
    await navigate(safeRedirect(params.get('redirect')), { replace: true });
  };

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      await login.mutateAsync(values);
    } catch (error) {
      const problem = signInRefusal(error);
      if (problem) setRefusal({ problem, email: values.email });
      else await applyServerErrors(form, Object.keys(INITIAL), error);
      return;
    }
    // After login the user lands on the product list, or on the page that sent them here.
    await navigate(safeRedirect(params.get('redirect')), { replace: true });
  });

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')} testId="login-page">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {refusal && <SignInProblem refusal={refusal.problem} email={refusal.email} />}
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            withAsterisk
            data-autofocus
            {...form.getInputProps('email')}
            data-testid="login-email"
          />
          <PasswordField
            label={t('fields.password')}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('password')}
            data-testid="login-password"
          />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Checkbox
              label={t('login.rememberMe')}
              {...form.getInputProps('rememberMe', { type: 'checkbox' })}
              data-testid="login-remember"
            />
            <Anchor component={Link} to="/auth/forgot-password/" size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={login.isPending} data-testid="login-submit">
            {t('login.submit')}
          </Button>
          {canUsePasskey && (
            <Button
              type="button"
              size="md"
              variant="default"
              fullWidth
              leftSection={<IconFingerprint size={18} aria-hidden />}
              loading={passkey.isPending}
              onClick={() => void withPasskey()}
              data-testid="login-passkey"
            >
              {t('login.withPasskey')}
            </Button>
          )}
          {passkeyProblem && (
            <Alert color="red" variant="light" role="alert" data-testid="login-passkey-problem">
              {passkeyProblem}
            </Alert>
          )}
        </Stack>
      </form>
      <Divider />
      <Text size="sm" ta="center">
        {t('login.noAccount')}{' '}
        <Anchor component={Link} to="/auth/register-account/" fw={600}>
          {t('login.register')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
