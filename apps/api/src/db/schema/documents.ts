import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { storedFiles } from './files';

/**
 * A user's documents: the KYC uploads today, documents the platform issues later (contracts, proofs).
 * A replaced document stays, marked `superseded_at`, so a review can see what was there before.
 * `number` is personal data: it is shown masked and never logged.
 */
export const documents = pgTable(
  'documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** DOCUMENT_KINDS in packages/shared/src/schemas/documents.ts. */
    kind: text('kind').notNull(),
    /** uploaded | issued */
    origin: text('origin').notNull(),
    type: text('type').notNull(),
    number: text('number'),
    issuedOn: date('issued_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What an issued statement is of (`contract-note:transactions:12`, `assets:2026-Q3`): the platform files
     * at most one current document per user and key, so a job run twice files one, and regenerating one
     * supersedes the one before.
     */
    statementKey: text('statement_key'),
  },
  (t) => [
    index('documents_user_idx').on(t.userId, t.kind, t.createdAt),
    uniqueIndex('documents_current_statement_unique')
      .on(t.userId, t.statementKey)
      .where(sql`${t.statementKey} is not null and ${t.supersededAt} is null`),
  ],
);

/** The files of a document (front and back of an identity card; one file for a bill). */
export const documentFiles = pgTable(
  'document_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    /** front | back, null for a single file. */
    side: text('side'),
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('document_files_document_idx').on(t.documentId)],
);
