import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Where each person stands on each profile step: todo, submitted (waiting for an operator), approved or
 * rejected with the operator's reason. A missing row is `todo`.
 */
export const profileSteps = pgTable(
  'profile_steps',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    /** When it was last submitted: the review queue is served oldest first. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.step] }), index('profile_steps_status_idx').on(t.status, t.submittedAt)],
);

/**
 * The saved data of each tab (citizenship, identity, addresses, phone, occupation, bank account), as the
 * shared schema of the tab outputs it: the schema is the one definition of the fields, so the row does not
 * repeat it column by column.
 */
export const profileTabs = pgTable(
  'profile_tabs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tab: text('tab').notNull(),
    data: jsonb('data').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tab] })],
);

/** Interface and notification preferences (the language is the account's own column). */
export const profileSettings = pgTable('profile_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  theme: text('theme').notNull().default('auto'),
  emailProductNews: boolean('email_product_news').notNull().default(false),
  emailAccountActivity: boolean('email_account_activity').notNull().default(true),
  smsSecurity: boolean('sms_security').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
