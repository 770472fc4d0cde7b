import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every e-mail and SMS the product sends, written in the same transaction as the change that caused it. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    subject: text('subject'),
    /** The body, emptied once delivered (it may hold a code or a link with a token). */
    text: text('text').notNull(),
    html: text('html'),
    /** Ids and status the message is about; never a code or a link with a token (see lib/outbox.ts). */
    meta: jsonb('meta').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [index('outbox_messages_pending_idx').on(t.sentAt), index('outbox_messages_recipient_idx').on(t.recipient)],
);
