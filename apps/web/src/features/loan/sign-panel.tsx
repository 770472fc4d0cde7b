// Signing the contract with the one-time code, as orders are signed: read the contract, ask for the code
// by SMS, type it, sign. A wrong or expired code gets the server's message and the customer tries again.
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCompleteCode, OneTimeCodeField } from '../../components/one-time-code-field';
import { notifySuccess } from '../../lib/notify';
import { downloadFile } from '../../lib/resource/download';
import { useContractSignature, useSignContract } from './api';

/**
 * `contractUrl` puts the contract to read next to the code: the page's Documents are far below the panel on
 * a phone (after the schedule and the collateral), and the words pointed "above" in English, "below" in Italian.
 */
export function SignPanel({ advanceId, contractUrl }: { advanceId: number; contractUrl?: string }) {
  const { t } = useTranslation('loan');
  const signature = useContractSignature(advanceId);
  const sign = useSignContract(advanceId);
  const [code, setCode] = useState('');

  return (
    <Stack gap="sm" data-testid="sign-panel">
      <Text size="sm">{t('sign.intro')}</Text>
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
