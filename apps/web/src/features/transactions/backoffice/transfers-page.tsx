// Incoming bank transfers: every transfer recorded so far (a deposit to cash, or the investment it paid
// for), newest value date first, and "Record transfer" for one that just reached the bank's account.
import { TRANSACTION_STATUSES } from '@lombard/shared/transaction-kinds';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../lib/page-meta';
import { FilterPanel, SelectFilter } from '../../../lib/resource/filters';
import { ResourceTable } from '../../../lib/resource/resource-table';
import { useResourceList } from '../../../lib/resource/use-resource-list';
import { type DeskRow, TRANSFERS_API } from './api';
import { useDeskColumns } from './desk-columns';
import { RecordTransferModal, type TransferOutcome } from './record-transfer-form';

export function TransfersPage() {
  const { t } = useTranslation('backoffice');
  usePageMeta(t('sections.transfers'));
  const list = useResourceList<DeskRow>(TRANSFERS_API, { defaultOrder: '-value_date' });
  const columns = useDeskColumns({ payer: true });
  const [recording, setRecording] = useState(false);
  const [outcome, setOutcome] = useState<TransferOutcome | null>(null);
  const active = Object.keys(list.state.filters).length;

  return (
    <Stack gap="md" data-testid="transfers-page">
      <Group justify="space-between" align="flex-end">
        <FilterPanel active={active}>
          <SelectFilter
            list={list}
            field="status"
            label={t('desk.filters.status')}
            data={TRANSACTION_STATUSES.map((value) => ({ value, label: t(`desk.statuses.${value}`) }))}
            w={{ base: '100%', xs: 200 }}
          />
        </FilterPanel>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setRecording(true)}
          data-testid="record-transfer"
        >
          {t('desk.transfers.record')}
        </Button>
      </Group>
      {outcome && (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={18} />}
          title={t(`desk.transfers.outcome.${outcome.outcome}`, { reference: outcome.reference })}
          withCloseButton
          closeButtonLabel={t('desk.settle.dismiss')}
          onClose={() => setOutcome(null)}
          data-testid="transfer-outcome"
        >
          <Text size="sm">{outcome.detail}</Text>
        </Alert>
      )}
      <ResourceTable
        list={list}
        columns={columns}
        label={t('sections.transfers')}
        empty={active > 0 ? t('noMatch') : t('desk.transfers.empty')}
        testId="transfers-table"
      />
      <RecordTransferModal opened={recording} onClose={() => setRecording(false)} onRecorded={setOutcome} />
    </Stack>
  );
}
