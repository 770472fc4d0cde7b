// Why a sign-in was refused, said so that the person can act on it. The page branches on the error
// `code`, never on the text. The specific answers (disabled, not activated) come only after the right
// password, so they reveal nothing to someone who does not know it; a wrong password always gets the
// generic message, and the wait after too many attempts is the same for any address.
import type { ErrorCode } from '@lombard/shared/errors';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorCodeOf } from '../../lib/forms/server-errors';
import { isHttpError } from '../../lib/http/http-error';
import { useResendActivation } from './api';

export interface SignInRefusal {
  code: ErrorCode | undefined;
  /** The server's message, already in the person's language. */
  detail: string;
  /** Seconds to wait (Retry-After), for a throttled sign-in. */
  retryAfter: number | null;
}

/** The refusal carried by a failed login call, or null when it is not one (network, server error). */
export function signInRefusal(error: unknown): SignInRefusal | null {
  if (!isHttpError(error) || !error.response) return null;
  const { status, data, headers } = error.response;
  if (![401, 403, 429].includes(status) || data === null || typeof data !== 'object') return null;
  const body = data as { code?: unknown; detail?: unknown };
  const seconds = Number(headers['retry-after']);
  return {
    code: errorCodeOf(error),
    detail: typeof body.detail === 'string' ? body.detail : '',
    retryAfter: Number.isFinite(seconds) && seconds > 0 ? seconds : null,
  };
}

export function SignInProblem({ refusal, email }: { refusal: SignInRefusal; email: string }) {
  const { t, i18n } = useTranslation('auth');
  const resend = useResendActivation();

  if (refusal.code === 'SIGN_IN_THROTTLED' || refusal.code === 'RATE_LIMITED') {
    const seconds = refusal.retryAfter ?? 60;
    const at = new Date(Date.now() + seconds * 1000).toLocaleTimeString(i18n.language, {
      hour: '2-digit',
      minute: '2-digit',
    });
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertCircle size={20} />}
        data-testid="login-throttled"
        role="alert"
      >
        <Stack gap={6}>
          <Text size="sm">{t('login.throttled', { count: Math.ceil(seconds / 60), time: at })}</Text>
          <Anchor component={Link} to="/auth/forgot-password/" size="sm" fw={600}>
            {t('login.resetNow')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }

  if (refusal.code === 'ACCOUNT_NOT_ACTIVATED') {
    return (
      <Alert
        color="blue"
        variant="light"
        icon={<IconMailForward size={20} />}
        title={t('login.notActivatedTitle')}
        data-testid="login-not-activated"
        role="alert"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('login.notActivated')}</Text>
          {resend.isSuccess ? (
            <Text size="sm" fw={600} data-testid="login-resend-done">
              {resend.data.detail}
            </Text>
          ) : (
            <Button
              size="xs"
              variant="light"
              loading={resend.isPending}
              onClick={() => resend.mutate({ email })}
              data-testid="login-resend"
            >
              {t('login.resend')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }

  // Disabled accounts: the server's text names the support address it is configured with.
  const disabled = refusal.code === 'ACCOUNT_DISABLED';
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={20} />}
      title={disabled ? t('login.disabledTitle') : undefined}
      data-testid={disabled ? 'login-disabled' : 'login-refused'}
      role="alert"
    >
      {refusal.detail || t('login.failed')}
    </Alert>
  );
}
