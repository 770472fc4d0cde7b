import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const OUTBOX_STATUSES = ['pending', 'sent', 'delivered', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Every e-mail and SMS the product sends, written in the same transaction as the change that caused it.
 * pending (waiting for its first try or, after a failure, for `next_attempt_at`) → sent (the SMTP server or
 * the SMSC took it) → delivered (the SMSC's receipt said so); failed: given up after the last try, refused
 * for good, or a receipt saying the phone never got it.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    subject: text('subject'),
    /** The body, emptied once sent or given up (it may hold a code or a link with a token). */
    text: text('text').notNull(),
    html: text('html'),
    /** Ids and status the message is about; never a code or a link with a token (see lib/outbox.ts). */
    meta: jsonb('meta').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    /** Tries so far; the next waits longer after each failure (lib/outbox-dispatcher.ts). */
    attempts: integer('attempts').notNull().default(0),
    /** A pending message is not tried before then; null: at once. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A dispatcher is sending it until then; another process takes it over only after. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Why the last try failed, as operators read it; never a code, a link or a password. */
    lastError: text('last_error'),
    /** The SMSC's message_id (submit_sm_resp) or the e-mail's Message-ID: what a receipt refers to. */
    providerMessageId: text('provider_message_id'),
    /** The delivery receipt's stat (DELIVRD, UNDELIV, EXPIRED, REJECTD…) and when it was recorded. */
    receiptStatus: text('receipt_status'),
    receiptAt: timestamp('receipt_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
    index('outbox_messages_recipient_idx').on(t.recipient),
    index('outbox_messages_provider_idx').on(t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
  ],
);
