import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { storedFiles } from './files';

/** XLSX exports a user requested from a list; the file is downloaded through /api/v1/exports/{id}/. */
export const exportsTable = pgTable(
  'exports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Name of the resource that was exported, e.g. backoffice.users. */
    resource: text('resource').notNull(),
    fileId: bigint('file_id', { mode: 'number' }).references(() => storedFiles.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    rowCount: integer('row_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exports_user_idx').on(t.userId, t.createdAt)],
);
