import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatErrorBody } from '../../lib/http/error-format';
import { isHttpError } from '../../lib/http/http-error';
import { notifySuccess } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { LOGIN_PATH } from '../../lib/session/navigation';
import { activationQuery } from './api';
import { AuthCard } from './auth-card';

/**
 * /user-account-activation/:uid/:token/ (no login required): opens the link of the activation e-mail,
 * or of the confirmation e-mail after an address change — the server tells them apart.
 */
export function ActivationPage() {
  const { t } = useTranslation('auth');
  usePageMeta(t('activation.title'));
  const { uid = '', token = '' } = useParams();
  const activation = useQuery(activationQuery(uid, token));

  useEffect(() => {
    if (activation.isSuccess && !activation.data.already_active) {
      notifySuccess(t('activation.verified'), { id: 'email-verified' });
    }
  }, [activation.isSuccess, activation.data, t]);

  const failure = activation.isError ? failureText(activation.error) : null;

  return (
    <AuthCard title={t('activation.title')} testId="activation-page">
      {activation.isPending && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('activation.verifying')}</Text>
        </Group>
      )}
      {activation.isSuccess && (
        <Alert
          color={activation.data.already_active ? 'blue' : 'green'}
          variant="light"
          icon={<IconCircleCheck size={20} />}
          data-testid={activation.data.already_active ? 'activation-already-active' : 'activation-success'}
        >
          <Stack gap={4}>
            <Text fw={600}>
              {t(activation.data.already_active ? 'activation.alreadyActive' : 'activation.verified')}
            </Text>
            <Text size="sm">{activation.data.detail}</Text>
          </Stack>
        </Alert>
      )}
      {failure !== null && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} data-testid="activation-failure">
          <Stack gap={4}>
            <Text fw={600}>{failure || t('activation.failed')}</Text>
            <Text size="sm">{t('activation.failedHint')}</Text>
          </Stack>
        </Alert>
      )}
      {!activation.isPending && (
        <Button component={Link} to={LOGIN_PATH} fullWidth size="md" data-testid="activation-login">
          {t('activation.login')}
        </Button>
      )}
    </AuthCard>
  );
}

/** The server's message ("Error verifying your email"), when it sent one. */
function failureText(error: unknown): string {
  if (!isHttpError(error)) return '';
  return formatErrorBody(error.response?.data).join(' ');
}
