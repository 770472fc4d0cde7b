// Confirming an act with a passkey (an order, an advance's contract, a collateral swap): the screen has
// already said what is confirmed and for how much (the server's sentence above); one button opens the
// device's dialog over the act's own challenge, and the signed answer goes to `onAssertion`. When the
// customer also has an authenticator app, a link lets them use its code instead (docs/decisions/039).
import type { PasskeyAsked } from '@lombard/shared/schemas/authenticator';
import type { PasskeyAssertion } from '@lombard/shared/schemas/webauthn';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ceremonyCancelled, passkeyAssertion } from '../lib/webauthn/ceremony';

interface Props {
  passkey: PasskeyAsked;
  /** Sends the assertion with the confirming request; rejects with the server's refusal. */
  onAssertion(assertion: PasskeyAssertion): Promise<void>;
  /** The customer chose the authenticator app instead (only offered when `passkey.fallback` says so). */
  onFallback(): void;
  busy: boolean;
  /** The server's answer about the confirmation (another act, spent, refused). */
  error?: string;
  testId?: string;
}

export function PasskeyConfirmation({ passkey, onAssertion, onFallback, busy, error, testId }: Props) {
  const { t } = useTranslation('common');
  const [asking, setAsking] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const confirm = async () => {
    if (asking) return;
    setAsking(true);
    setCancelled(false);
    try {
      const assertion = await passkeyAssertion(passkey.options);
      await onAssertion(assertion);
    } catch (failure) {
      if (ceremonyCancelled(failure)) setCancelled(true);
      else throw failure;
    } finally {
      setAsking(false);
    }
  };
  return (
    <Stack gap="xs" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {t('confirmation.passkeyHint')}
      </Text>
      <Group>
        <Button
          leftSection={<IconFingerprint size={18} aria-hidden />}
          loading={asking || busy}
          onClick={() => void confirm()}
          data-testid={testId && `${testId}-confirm`}
        >
          {t('confirmation.passkeyConfirm')}
        </Button>
      </Group>
      {cancelled && (
        <Text size="sm" role="status">
          {t('confirmation.passkeyCancelled')}
        </Text>
      )}
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" data-testid="code-error">
          {error}
        </Text>
      )}
      {passkey.fallback === 'authenticator' && (
        <Anchor component="button" type="button" size="xs" onClick={onFallback} ta="left">
          {t('confirmation.useAuthenticator')}
        </Anchor>
      )}
    </Stack>
  );
}
