import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * In-app notifications. Text is rendered when read, in the reader's language, from `kind` and `params`
 * (operator messages carry their own text in params).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull().default({}),
    /** Where the notification leads: an app path or an API download path. */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // In the order the list reads a user's notifications (newest first, id breaking ties), so that a page
    // is read from the index rather than sorted.
    index('notifications_user_newest_idx').on(t.userId, t.createdAt.desc().nullsLast(), t.id.desc()),
    index('notifications_kind_idx').on(t.kind),
  ],
);
