import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Messages sent through the public contact form; support is e-mailed through the outbox. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** One of CONTACT_TOPICS in packages/shared/src/schemas/contact.ts. */
    topic: text('topic').notNull(),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    /** Short language code the visitor wrote in, so support answers in the same language. */
    language: text('language').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by an operator once answered. */
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt), index('contact_messages_email_idx').on(t.email)],
);
