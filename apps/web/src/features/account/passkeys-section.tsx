// Passkeys in the settings: the list (name, added, last used), adding one — the password, then the code
// of the strongest factor the customer already has when the server asks for it, then the device's own
// dialog — and removing one with the password. A passkey then signs in without a password and confirms
// every order, contract and swap in place of the app's or the SMS's code (docs/decisions/039).
import { passkeyNameSchema, passkeyStepUpSchema } from '@lombard/shared/schemas/passkeys';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFingerprint, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCompleteCode, OneTimeCodeField, proofOf } from '../../components/one-time-code-field';
import { PasswordField } from '../../components/password-field';
import { SubmitButton } from '../../components/submit-button';
import { formatDate } from '../../lib/format';
import { codeAnswersTo } from '../../lib/forms/one-time-code-errors';
import { useApiForm } from '../../lib/forms/use-api-form';
import { currentLanguage } from '../../lib/i18n/i18n';
import { notifyInfo, notifySuccess } from '../../lib/notify';
import { ceremonyCancelled, passkeyRegistration, passkeysSupported } from '../../lib/webauthn/ceremony';
import { passkeysQuery, useEnrolPasskey, useRemovePasskey, useStepUp } from './passkeys-api';

const addSchema = passkeyStepUpSchema.extend({ name: passkeyNameSchema });
type AddValues = { name: string; password: string; code: string };

function AddPasskey({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const stepUp = useStepUp();
  const enrol = useEnrolPasskey();
  const [codeFactor, setCodeFactor] = useState<'sms' | 'authenticator' | null>(null);
  const [hint, setHint] = useState<string>();
  const form = useApiForm<AddValues, boolean>({
    schema: addSchema,
    initialValues: { name: '', password: '', code: '' },
    // The code is sent (as a code or a recovery code) only once the server asked for it, in `send`.
    prepare: (values) => ({ name: values.name, password: values.password }) as AddValues,
    send: async (values) => {
      const code = form.form.values.code;
      const proof = codeFactor && isCompleteCode(code) ? proofOf(code) : {};
      const answer = await stepUp.mutateAsync({ password: values.password, ...proof });
      if (answer.code_factor) {
        setCodeFactor(answer.code_factor);
        setHint(answer.detail);
        return false;
      }
      try {
        const response = await passkeyRegistration(answer.options!);
        const added = await enrol.mutateAsync({ name: values.name, response });
        notifySuccess(added.detail);
        return true;
      } catch (error) {
        if (!ceremonyCancelled(error)) throw error;
        // The step-up's code is spent: a new attempt starts from the password again.
        notifyInfo(t('passkeys.cancelled'));
        setCodeFactor(null);
        form.form.setFieldValue('code', '');
        return false;
      }
    },
    onSuccess: (added) => added && onDone(),
    onErrorCode: codeAnswersTo((text) => form.form.setFieldError('code', text)),
  });
  return (
    <form onSubmit={form.onSubmit} noValidate data-testid="passkey-add-form">
      <Stack gap="sm">
        <TextInput
          label={t('passkeys.name')}
          description={t('passkeys.nameHint')}
          withAsterisk
          autoComplete="off"
          maxLength={60}
          data-testid="passkey-name"
          {...form.form.getInputProps('name')}
        />
        <PasswordField
          label={t('passkeys.password')}
          withAsterisk
          autoComplete="current-password"
          data-testid="passkey-password"
          {...form.form.getInputProps('password')}
        />
        {codeFactor && (
          <>
            {hint && (
              <Text size="sm" role="status">
                {hint}
              </Text>
            )}
            <OneTimeCodeField
              label={t('passkeys.smsCode')}
              value={form.form.values.code}
              onChange={(value) => form.form.setFieldValue('code', value)}
              error={form.form.errors.code as string | undefined}
              factor={codeFactor}
              testId="passkey-code"
            />
          </>
        )}
        <Group gap="sm">
          <SubmitButton
            submitting={form.submitting}
            leftSection={<IconFingerprint size={16} aria-hidden />}
            testId="passkey-continue"
          >
            {codeFactor ? t('passkeys.continue') : t('passkeys.create')}
          </SubmitButton>
          <Button variant="subtle" onClick={onDone}>
            {t('passkeys.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RemovePasskey({ id, name, onDone }: { id: number; name: string; onDone: () => void }) {
  const { t } = useTranslation('account');
  const remove = useRemovePasskey();
  const form = useApiForm<{ password: string }, { detail: string }>({
    schema: passkeyStepUpSchema.pick({ password: true }),
    initialValues: { password: '' },
    send: (values) => remove.mutateAsync({ id, password: values.password }),
    success: (result) => result.detail,
    onSuccess: onDone,
  });
  return (
    <form onSubmit={form.onSubmit} noValidate data-testid="passkey-remove-form">
      <Stack gap="xs" mt="xs">
        <Text size="sm">{t('passkeys.removeHint', { name })}</Text>
        <PasswordField
          label={t('passkeys.password')}
          withAsterisk
          autoComplete="current-password"
          {...form.form.getInputProps('password')}
        />
        <Group gap="sm">
          <SubmitButton submitting={form.submitting} color="red" testId="passkey-remove-confirm">
            {t('passkeys.remove')}
          </SubmitButton>
          <Button variant="subtle" onClick={onDone}>
            {t('passkeys.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PasskeysSection() {
  const { t } = useTranslation('account');
  const list = useQuery(passkeysQuery);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const language = currentLanguage();
  const passkeys = list.data?.results ?? [];

  return (
    <Stack gap="md" data-testid="passkeys-section">
      <Group justify="space-between" align="center" gap="md" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 240px' }}>
          <Title order={2} fz="md">
            {t('passkeys.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {passkeys.length > 0 ? t('passkeys.enabled', { count: passkeys.length }) : t('passkeys.hint')}
          </Text>
        </Stack>
        {!adding && (
          <Button
            variant={passkeys.length > 0 ? 'default' : 'filled'}
            leftSection={<IconFingerprint size={16} aria-hidden />}
            onClick={() => setAdding(true)}
            disabled={!list.data}
            data-testid="passkey-add"
          >
            {t('passkeys.add')}
          </Button>
        )}
      </Group>
      {adding && !passkeysSupported() && (
        <Alert color="yellow" variant="light">
          {t('passkeys.unsupported')}
        </Alert>
      )}
      {adding && passkeysSupported() && <AddPasskey onDone={() => setAdding(false)} />}
      {passkeys.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="passkey-list">
          {passkeys.map((passkey) => (
            <Paper key={passkey.id} component="li" withBorder radius="md" p="sm">
              <Group justify="space-between" align="center" gap="sm" wrap="wrap">
                <Stack gap={0} style={{ flex: '1 1 200px', minWidth: 0 }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {passkey.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('passkeys.added', { date: formatDate(passkey.created_at, language) })}
                    {' · '}
                    {passkey.last_used_at
                      ? t('passkeys.lastUsed', { date: formatDate(passkey.last_used_at, language) })
                      : t('passkeys.neverUsed')}
                  </Text>
                </Stack>
                {removing !== passkey.id && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    onClick={() => setRemoving(passkey.id)}
                    aria-label={t('passkeys.removeNamed', { name: passkey.name })}
                  >
                    {t('passkeys.remove')}
                  </Button>
                )}
              </Group>
              {removing === passkey.id && (
                <RemovePasskey id={passkey.id} name={passkey.name} onDone={() => setRemoving(null)} />
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
