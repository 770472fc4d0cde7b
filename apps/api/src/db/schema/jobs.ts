import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The background job queue (lib/jobs). Workers claim rows with `FOR UPDATE SKIP LOCKED`, so any number
 * of API instances can poll the same table and each job runs once. A running job holds a lease that its
 * worker's heartbeat keeps extending; a lease that ran out means the worker died, and any worker takes
 * the job over.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** pending → running → done | failed (pending again between retries). */
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    /** While running: the worker's claim is good until then (database clock); heartbeats extend it. */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // The claim query scans only runnable rows.
    index('jobs_runnable_idx').on(t.runAt, t.id).where(sql`${t.status} = 'pending'`),
    index('jobs_running_idx').on(t.lockedAt).where(sql`${t.status} = 'running'`),
    // Finding expired leases scans only running rows.
    index('jobs_lease_idx').on(t.leaseExpiresAt).where(sql`${t.status} = 'running'`),
  ],
);
