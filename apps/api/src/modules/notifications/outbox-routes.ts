// The outbox as a read-only back-office resource (registered by routes.ts) (/api/v1/backoffice/outbox/): every e-mail and SMS,
// whether it was sent, delivered or given up, how many tries it took and why the last one failed (the
// SMTP server's reply, the SMSC's status, the delivery receipt). Never the body: it may hold a code or
// a link with a token (lib/outbox.ts).
import { OUTBOX_CHANNELS, OUTBOX_STATUSES, outboxMessageSchema } from '@lombard/shared/schemas/backoffice';
import { outboxMessages as m } from '../../db/schema/outbox';
import { defineResource } from '../../lib/resource/types';

const iso = (value: Date | null) => value?.toISOString() ?? null;

export const outboxResource = defineResource({
  name: 'backoffice.outbox',
  path: '/api/v1/backoffice/outbox/',
  docs: { tag: 'backoffice', summary: 'Outgoing e-mails and SMS' },
  profiles: ['admin'],
  // Reading it changes nothing.
  audit: false,
  from: m,
  select: {
    id: m.id,
    channel: m.channel,
    recipient: m.recipient,
    template: m.template,
    language: m.language,
    subject: m.subject,
    status: m.status,
    attempts: m.attempts,
    lastError: m.lastError,
    nextAttemptAt: m.nextAttemptAt,
    providerMessageId: m.providerMessageId,
    receiptStatus: m.receiptStatus,
    receiptAt: m.receiptAt,
    sentAt: m.sentAt,
    createdAt: m.createdAt,
  },
  id: m.id,
  scope: () => undefined,
  fields: {
    id: { expr: m.id, type: 'id', sortable: true, filterable: true },
    channel: { expr: m.channel, type: 'enum', values: OUTBOX_CHANNELS, sortable: true, filterable: true },
    status: { expr: m.status, type: 'enum', values: OUTBOX_STATUSES, sortable: true, filterable: true },
    recipient: { expr: m.recipient, type: 'text', sortable: true, filterable: true },
    template: { expr: m.template, type: 'text', sortable: true, filterable: true },
    attempts: { expr: m.attempts, type: 'integer', sortable: true, filterable: true },
    created_at: { expr: m.createdAt, type: 'datetime', sortable: true, filterable: true },
    sent_at: { expr: m.sentAt, type: 'datetime', sortable: true, filterable: true },
  },
  search: [m.recipient, m.template, m.lastError],
  defaultOrder: ['-created_at'],
  item: outboxMessageSchema,
  serialize: (row) => ({
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    template: row.template,
    language: row.language,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    next_attempt_at: iso(row.nextAttemptAt),
    provider_message_id: row.providerMessageId,
    receipt_status: row.receiptStatus,
    receipt_at: iso(row.receiptAt),
    sent_at: iso(row.sentAt),
    created_at: row.createdAt.toISOString(),
  }),
});
