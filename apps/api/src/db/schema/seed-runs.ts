import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Which seed steps this data set has received: a step runs once per data set, so a seeded row an
 * operator deleted stays deleted across restarts and `db:seed`. `set` is `base` (the product's own content)
 * or `demo` (accounts and sample data); `version` numbers the steps of a set.
 */
export const seedRuns = pgTable(
  'seed_runs',
  {
    set: text('set').notNull(),
    version: integer('version').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.set, t.version] })],
);
