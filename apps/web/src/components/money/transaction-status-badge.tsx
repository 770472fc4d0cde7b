import type { TransactionStatus } from '@lombard/shared/transaction-kinds';
import { Badge } from '@mantine/core';

const COLOR: Record<TransactionStatus, string> = {
  awaiting_transfer: 'yellow',
  submitted: 'blue',
  executed: 'teal',
  rejected: 'red',
  cancelled: 'gray',
};

/** A transaction's status with the name the API translated, coloured by what it means for the money. */
export function TransactionStatusBadge({ status, name }: { status: TransactionStatus; name: string }) {
  return (
    // A badge cuts its label with an ellipsis; in a table cell that would let the column squeeze it to "E…".
    <Badge
      variant="light"
      radius="sm"
      color={COLOR[status]}
      miw="max-content"
      style={{ flexShrink: 0 }}
      data-testid={`status-${status}`}
    >
      {name}
    </Badge>
  );
}
