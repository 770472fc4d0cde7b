// Signing the contract with the one-time code, as orders are signed: read the contract, ask for the code
// by SMS, type it, sign. A wrong or expired code gets the server's message and the customer tries again.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCompleteCode, OneTimeCodeField } from '../../components/one-time-code-field';
import { notifySuccess } from '../../lib/notify';
import { useContractSignature, useSignContract } from './api';

export function SignPanel({ advanceId }: { advanceId: number }) {
  const { t } = useTranslation('loan');
  const signature = useContractSignature(advanceId);
  const sign = useSignContract(advanceId);
  const [code, setCode] = useState('');

  return (
    <Stack gap="sm" data-testid="sign-panel">
      <Text size="sm">{t('sign.intro')}</Text>
      {!signature.data ? (
        <Group>
          <Button loading={signature.isPending} onClick={() => signature.mutate()} data-testid="send-code">
            {t('sign.sendCode')}
          </Button>
        </Group>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{signature.data.detail}</Text>
          <OneTimeCodeField label={t('sign.code')} value={code} onChange={setCode} testId="contract-code" />
          <Group>
            <Button
              disabled={!isCompleteCode(code)}
              loading={sign.isPending}
              // The promise, not mutate's callbacks: signing moves the advance on, the refreshed page drops
              // this panel, and callbacks of an unmounted mutate never run ("Contract signed" was lost).
              onClick={() =>
                void sign.mutateAsync(code).then(
                  () => notifySuccess(t('sign.done')),
                  () => setCode(''),
                )
              }
              data-testid="sign-contract"
            >
              {t('sign.submit')}
            </Button>
            <Button variant="subtle" size="compact-sm" onClick={() => signature.mutate()}>
              {t('sign.resend')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
