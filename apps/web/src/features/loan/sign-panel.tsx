// Signing the contract with the one-time code, as orders are signed: read the contract, ask for the code
// by SMS, type it, sign. A wrong or expired code gets the server's message and the customer tries again.
import { ONE_TIME_CODE_LENGTH } from '@lombard/shared/constants';
import { Box, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
          <Box>
            <Text size="sm" fw={500} mb={4} id="contract-code-label">
              {t('sign.code')}
            </Text>
            <PinInput
              length={ONE_TIME_CODE_LENGTH}
              type="number"
              oneTimeCode
              value={code}
              onChange={setCode}
              aria-labelledby="contract-code-label"
              data-testid="contract-code"
            />
          </Box>
          <Group>
            <Button
              disabled={code.length !== ONE_TIME_CODE_LENGTH}
              loading={sign.isPending}
              onClick={() =>
                sign.mutate(code, {
                  onSuccess: () => notifySuccess(t('sign.done')),
                  onError: () => setCode(''),
                })
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
