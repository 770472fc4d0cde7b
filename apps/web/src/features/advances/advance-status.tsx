// An advance's status in words, never its code: the badge in lists and the sentence under it on the
// advance page (what is happening and who acts next).
import { ADVANCE_STATUS, type AdvanceStatus, advanceStatusName } from '@lombard/shared/advance-status';
import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOR: Record<AdvanceStatus, string> = {
  [ADVANCE_STATUS.requestReceived]: 'blue',
  [ADVANCE_STATUS.readyToSign]: 'orange',
  [ADVANCE_STATUS.pendingVerification]: 'blue',
  [ADVANCE_STATUS.moneyOnTheWay]: 'cyan',
  [ADVANCE_STATUS.active]: 'teal',
  [ADVANCE_STATUS.repaid]: 'gray',
  [ADVANCE_STATUS.rejected]: 'red',
  [ADVANCE_STATUS.cancelled]: 'gray',
  [ADVANCE_STATUS.withdrawn]: 'gray',
};

export function AdvanceStatusBadge({ status }: { status: AdvanceStatus }) {
  const { t } = useTranslation('advance');
  const name = advanceStatusName(status);
  return (
    <Badge
      variant="light"
      radius="sm"
      color={COLOR[status]}
      miw="max-content"
      style={{ flexShrink: 0 }}
      data-testid={`advance-status-${name}`}
    >
      {t(`status.${name}.label`)}
    </Badge>
  );
}

/** What the status means for the customer, in a sentence. */
export function AdvanceStatusText({ status }: { status: AdvanceStatus }) {
  const { t } = useTranslation('advance');
  return (
    <Text size="sm" c="dimmed" data-testid="advance-status-text">
      {t(`status.${advanceStatusName(status)}.text`)}
    </Text>
  );
}
