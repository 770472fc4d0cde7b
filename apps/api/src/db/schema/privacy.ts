import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { storedFiles } from './files';

/**
 * A copy of a customer's data they asked for: a job writes the ZIP, the customer downloads it once
 * (`downloaded_at`), before `expires_at`. The bytes are deleted on download and on expiry; the row stays
 * as the record that the request was answered.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** pending → ready, or failed when the job gave up. */
    status: text('status').notNull().default('pending'),
    fileId: bigint('file_id', { mode: 'number' }).references(() => storedFiles.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.requestedAt),
    // The periodic purge looks only at copies whose bytes are still there.
    index('data_exports_held_idx').on(t.expiresAt).where(sql`${t.fileId} is not null`),
    uniqueIndex('data_exports_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A customer's request to close the account, and its completion by an operator. `retained` holds the
 * identification data the anti-money-laundering law requires to be kept (until `retain_until`) once the
 * live profile is erased; nothing in the app shows it back to anyone.
 */
export const accountClosures = pgTable(
  'account_closures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    retained: jsonb('retained'),
    retainUntil: timestamp('retain_until', { withTimezone: true }),
    /** When `retained` was emptied and the KYC files deleted, `retain_until` having passed (the purge job). */
    purgedAt: timestamp('purged_at', { withTimezone: true }),
  },
  (t) => [
    index('account_closures_open_idx').on(t.requestedAt).where(sql`${t.completedAt} is null`),
    index('account_closures_retained_idx').on(t.retainUntil).where(sql`${t.purgedAt} is null`),
    uniqueIndex('account_closures_one_per_user').on(t.userId),
  ],
);
