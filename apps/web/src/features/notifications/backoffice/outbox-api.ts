// The outbox as the back office lists it (API under /api/v1/backoffice/outbox/): every e-mail and SMS,
// what became of it and why its last try failed; never its text.
import type { OutboxMessage } from '@lombard/shared/schemas/backoffice';

export { OUTBOX_CHANNELS, OUTBOX_STATUSES } from '@lombard/shared/schemas/backoffice';

export const OUTBOX_API = '/api/v1/backoffice/outbox/';

// The kit's rows are open records; this adds the fields the page reads.
export type OutboxRow = OutboxMessage & Record<string, unknown>;

export const STATUS_COLORS: Record<OutboxMessage['status'], string> = {
  pending: 'yellow',
  sent: 'blue',
  delivered: 'teal',
  failed: 'red',
};
