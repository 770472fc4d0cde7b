import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { storedFiles } from './files';

/**
 * A document a customer signed with a one-time code: what (the PDF and its SHA-256), who, when. Orders
 * placed against the MiFID result, advance contracts and swaps point at one of these.
 */
export const signatures = pgTable(
  'signatures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** e.g. `order`, `advance-contract`. */
    purpose: text('purpose').notNull(),
    fileId: bigint('file_id', { mode: 'number' }).references(() => storedFiles.id),
    documentHash: text('document_hash').notNull(),
    /** What the document says, as a hash of its terms (the request the customer will sign). */
    payloadHash: text('payload_hash').notNull(),
    /** How it is confirmed: `sms` (a one-time code) or `authenticator` (the customer's app, or a recovery code). */
    factor: text('factor').notNull().default('sms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /**
     * When the order, contract or swap it signs was made: a signature is used once (set by a conditional
     * update, so that requests racing with it wait on the row and find it taken).
     */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('signatures_user_idx').on(t.userId)],
);
