// The confirming step of an act done only once confirmed (a withdrawal, a change of IBAN): the server asked
// for the confirmation with the customer's strongest factor and bound it to what is confirmed, which the
// caller shows above (the amount and masked IBAN, or the new value) and the server's sentence repeats with
// the act's fingerprint. Here the factor: the passkey's button, the app's code (or a recovery code), or the
// SMS code with a new one on request; the server's answers about the code under the field.
import type { PendingConfirmation } from '@lombard/shared/schemas/authenticator';
import type { PasskeyAssertion } from '@lombard/shared/schemas/webauthn';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeErrorText } from '../lib/forms/one-time-code-errors';
import { useSingleFlight } from '../lib/forms/single-flight';
import { isCompleteCode, OneTimeCodeField, proofOf } from './one-time-code-field';
import { PasskeyConfirmation } from './passkey-confirmation';

/** What the act's request carries besides its own fields. */
export type ActProof =
  | { code: string; challenge?: string }
  | { recovery_code: string; challenge?: string }
  | { assertion: PasskeyAssertion };

interface Props {
  asked: PendingConfirmation;
  /** Sends the act with the proof; rejects with the server's refusal. */
  onProof(proof: ActProof): Promise<void>;
  /** Asks for the confirmation again (a new SMS code); rejects with the server's refusal. */
  onAskAgain(): Promise<void>;
  submitLabel: string;
  testId: string;
}

export function ActConfirmation({ asked, onProof, onAskAgain, submitLabel, testId }: Props) {
  const { t } = useTranslation('common');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  // With a passkey, the customer may choose their authenticator app instead (when they have one).
  const [useApp, setUseApp] = useState(false);
  const failed = async (failure: unknown) => setError(await codeErrorText(failure));
  const [sendProof, sending] = useSingleFlight(async (proof: ActProof) => {
    setError(undefined);
    await onProof(proof).catch((failure: unknown) => {
      setCode('');
      return failed(failure);
    });
  });
  const [askAgain, asking] = useSingleFlight(async () => {
    setError(undefined);
    await onAskAgain().then(() => setCode(''), failed);
  });
  const app = useApp || asked.factor === 'authenticator';
  const passkey = asked.factor === 'passkey' && !useApp ? asked.passkey : null;

  return (
    <Stack gap="sm" data-testid={testId}>
      <Text size="sm" data-testid={`${testId}-detail`}>
        {asked.detail}
      </Text>
      {passkey ? (
        <PasskeyConfirmation
          passkey={passkey}
          onAssertion={(assertion) => sendProof({ assertion })}
          onFallback={() => {
            setError(undefined);
            setUseApp(true);
          }}
          busy={sending}
          error={error}
          testId={`${testId}-passkey`}
        />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (isCompleteCode(code))
              void sendProof({ ...proofOf(code), ...(app ? { challenge: asked.challenge } : {}) });
          }}
        >
          <Stack gap="sm">
            <OneTimeCodeField
              label={t('confirmation.smsCode')}
              value={code}
              onChange={setCode}
              error={error}
              factor={app ? 'authenticator' : asked.factor}
              testId={`${testId}-code`}
            />
            <Group>
              <Button
                type="submit"
                disabled={!isCompleteCode(code) || asking}
                loading={sending}
                data-testid={`${testId}-submit`}
              >
                {submitLabel}
              </Button>
              {!app && (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  loading={asking}
                  onClick={() => void askAgain()}
                  data-testid={`${testId}-resend`}
                >
                  {t('confirmation.resend')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
