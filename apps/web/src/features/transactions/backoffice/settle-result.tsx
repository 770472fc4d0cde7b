import type { SettleResult } from '@lombard/shared/schemas/transactions';
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What a bulk settlement did: how many orders were settled, and each one skipped with its reason. */
export function SettleResultPanel({ result, onClose }: { result: SettleResult; onClose(): void }) {
  const { t } = useTranslation('backoffice');
  const skipped = result.skipped.length;
  return (
    <Alert
      color={skipped > 0 ? 'yellow' : 'teal'}
      variant="light"
      icon={skipped > 0 ? <IconAlertTriangle size={18} /> : <IconCircleCheck size={18} />}
      title={result.detail}
      withCloseButton
      closeButtonLabel={t('desk.settle.dismiss')}
      onClose={onClose}
      data-testid="settle-result"
    >
      <Text size="sm" data-testid="settle-settled">
        {t('desk.settle.settled', { count: result.settled.length })}
      </Text>
      {skipped > 0 && (
        <>
          <Text size="sm" mt="xs" data-testid="settle-skipped">
            {t('desk.settle.skipped', { count: skipped })}
          </Text>
          <List size="sm" mt={4} data-testid="settle-skipped-list">
            {result.skipped.map((item) => (
              <List.Item key={item.id}>{t('desk.settle.skippedItem', { id: item.id, reason: item.reason })}</List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}
