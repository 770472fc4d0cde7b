// Signing the contract with the one-time code, as orders are signed: read the contract, ask for the code
// by SMS, type it, sign. A wrong or expired code gets the server's message under the field (the tries left,
// or when a new code can be asked for) and the customer tries again.
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCompleteCode, OneTimeCodeField, proofOf } from '../../../components/one-time-code-field';
import { PasskeyConfirmation } from '../../../components/passkey-confirmation';
import { useStartLabel } from '../../../lib/forms/confirmation-factor';
import { codeErrorText } from '../../../lib/forms/one-time-code-errors';
import { useSingleFlight } from '../../../lib/forms/single-flight';
import { notifySuccess } from '../../../lib/notify';
import { downloadFile } from '../../../lib/resource/download';
import { useContractSignature, useSignContract } from './api';

/**
 * `contractUrl` puts the contract to read next to the code: the page's Documents are far below the panel on
 * a phone (after the schedule and the collateral), and the words pointed "above" in English, "below" in Italian.
 */
export function SignPanel({ advanceId, contractUrl }: { advanceId: number; contractUrl?: string }) {
  const { t } = useTranslation('loan');
  const signature = useContractSignature(advanceId);
  const startLabel = useStartLabel(t('sign.sendCode'));
  const sign = useSignContract(advanceId);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  // With a passkey, the customer may choose their authenticator app instead (when they have one).
  const [useApp, setUseApp] = useState(false);
  const failed = async (error: unknown) => setCodeError(await codeErrorText(error));
  const [sendCode, sending] = useSingleFlight(async () => {
    setCodeError(undefined);
    await signature.mutateAsync().then(() => {
      setCode('');
      setUseApp(false);
    }, failed);
  });
  const [signWithCode, signing] = useSingleFlight(async () => {
    setCodeError(undefined);
    // The promise, not mutate's callbacks: signing moves the advance on, the refreshed page drops this
    // panel, and callbacks of an unmounted mutate never run ("Contract signed" was lost).
    const challenge = signature.data?.challenge;
    await sign.mutateAsync({ ...proofOf(code), ...(challenge ? { challenge } : {}) }).then(
      () => notifySuccess(t('sign.done')),
      (error) => {
        setCode('');
        return failed(error);
      },
    );
  });

  const signWithPasskey = async (assertion: NonNullable<Parameters<typeof sign.mutateAsync>[0]['assertion']>) => {
    setCodeError(undefined);
    await sign.mutateAsync({ assertion }).then(() => notifySuccess(t('sign.done')), failed);
  };
  const passkey = signature.data?.factor === 'passkey' && !useApp ? signature.data.passkey : null;

  return (
    <Stack gap="sm" data-testid="sign-panel">
      {/* Once the server says the passkey signs, the intro no longer promises a code by phone. */}
      <Text size="sm">{t(passkey ? 'sign.introPasskey' : 'sign.intro')}</Text>
      {contractUrl && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => void downloadFile(contractUrl, 'contract.pdf')}
          data-testid="sign-contract-download"
        >
          <Group gap={4} component="span" wrap="nowrap" ta="left">
            <IconDownload size={16} aria-hidden style={{ flexShrink: 0 }} />
            {t('sign.download')}
          </Group>
        </Anchor>
      )}
      {!signature.data ? (
        <Stack gap="xs">
          <Group>
            <Button loading={sending} onClick={() => void sendCode()} data-testid="send-code">
              {startLabel}
            </Button>
          </Group>
          {codeError && (
            <Text size="sm" c="var(--mantine-color-error)" role="alert" data-testid="code-error">
              {codeError}
            </Text>
          )}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" data-testid="sign-detail">
            {signature.data.detail}
          </Text>
          {passkey ? (
            <PasskeyConfirmation
              passkey={passkey}
              onAssertion={signWithPasskey}
              onFallback={() => {
                setCodeError(undefined);
                setUseApp(true);
              }}
              busy={sign.isPending}
              error={codeError}
              testId="contract-passkey"
            />
          ) : (
            <>
              <OneTimeCodeField
                label={t('sign.code')}
                value={code}
                onChange={setCode}
                error={codeError}
                factor={useApp ? 'authenticator' : signature.data.factor}
                testId="contract-code"
              />
              <Group>
                <Button
                  disabled={!isCompleteCode(code) || sending}
                  loading={signing}
                  onClick={() => void signWithCode()}
                  data-testid="sign-contract"
                >
                  {t('sign.submit')}
                </Button>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  loading={sending}
                  onClick={() => void sendCode()}
                  data-testid="resend-code"
                >
                  {t('sign.resend')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
