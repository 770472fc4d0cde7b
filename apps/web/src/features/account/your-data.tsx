// "Your data" on the settings page: a copy of everything held about the person (asked for, prepared in
// the background, downloaded once before it expires) and the request to close the account, confirmed in
// a dialog that lists what the bank must keep and why.
import { Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconDownload, IconFileZip, IconUserX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n/i18n';
import { notifySuccess } from '../../lib/notify';
import { closureQuery, dataExportQuery, useDownloadDataExport, useRequestClosure, useRequestDataExport } from './api';
import { SettingRow } from './setting-row';

export function DataExportRow() {
  const { t } = useTranslation('account');
  const language = currentLanguage();
  const status = useQuery(dataExportQuery);
  const request = useRequestDataExport();
  const download = useDownloadDataExport();
  const data = status.data;
  const hint =
    data?.status === 'ready' && data.expires_at
      ? t('privacy.exportReady', { date: formatDate(data.expires_at, language) })
      : t(`privacy.exportStatus.${data?.status ?? 'none'}`);
  return (
    <SettingRow title={t('privacy.exportTitle')} hint={hint}>
      {data?.status === 'ready' ? (
        <Button
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => download.mutate()}
          loading={download.isPending}
          data-testid="data-export-download"
        >
          {t('privacy.download')}
        </Button>
      ) : (
        <Button
          variant="outline"
          leftSection={<IconFileZip size={16} aria-hidden />}
          onClick={() => request.mutate()}
          loading={request.isPending}
          disabled={data?.status === 'pending'}
          data-testid="data-export-request"
        >
          {t('privacy.requestExport')}
        </Button>
      )}
    </SettingRow>
  );
}

export function ClosureRow() {
  const { t } = useTranslation('account');
  const closure = useQuery(closureQuery);
  const request = useRequestClosure();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const requested = closure.data?.status === 'requested';

  const confirm = () =>
    request.mutate(
      { reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          setConfirming(false);
          notifySuccess(t('privacy.closureRequested'), { id: 'closure-requested' });
        },
      },
    );

  return (
    <SettingRow
      title={t('privacy.closureTitle')}
      hint={t(requested ? 'privacy.closurePending' : 'privacy.closureHint')}
    >
      <Button
        variant="outline"
        color="red"
        c="red"
        leftSection={<IconUserX size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
        disabled={requested || !closure.data}
        data-testid="closure-request"
      >
        {t('privacy.closeAccount')}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => !request.isPending && setConfirming(false)}
        title={t('privacy.closureConfirmTitle')}
        centered
        size="lg"
      >
        <Stack gap="md">
          <Text size="sm">{t('privacy.closureConfirmBody')}</Text>
          <Text size="sm" fw={600}>
            {t('privacy.keptTitle')}
          </Text>
          <List size="sm" spacing="xs">
            {closure.data?.kept.map((item) => (
              <List.Item key={item.record}>
                {item.what} — {item.why} ({item.until})
              </List.Item>
            ))}
          </List>
          <Textarea
            label={t('privacy.reason')}
            value={reason}
            maxLength={500}
            autosize
            minRows={2}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={request.isPending}>
              {t('privacy.cancel')}
            </Button>
            <Button color="red" onClick={confirm} loading={request.isPending} data-testid="closure-confirm">
              {t('privacy.confirmClosure')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SettingRow>
  );
}
