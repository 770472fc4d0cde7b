// A job that must exist once per payload (a daily run for one date): however many instances ask for it,
// and however often, it is queued a single time. Asked for again after it ran, it is not queued again.
import { and, eq, sql } from 'drizzle-orm';
import { type Database, inTransaction, type Queryable } from '../../db/client';
import { jobs } from '../../db/schema/jobs';
import { type EnqueueOptions, enqueueJob } from './queue';

/** Queues the job unless one with this name and payload already exists; true when it queued it. */
export async function enqueueOnce(
  db: Database,
  name: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    // Instances asking at the same moment take turns, so the second one sees the first one's row.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`job-once:${name}`}))`);
    const [existing] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.name, name), sql`${jobs.payload} = ${JSON.stringify(payload)}::jsonb`))
      .limit(1);
    if (existing) return false;
    await enqueueJob(tx, name, payload, options);
    return true;
  });
}

/** Queues the job unless one of that name (and, with `samePayload`, that payload) is still waiting to run. */
async function enqueueUnlessPending(
  db: Queryable,
  name: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions,
  samePayload: boolean,
): Promise<boolean> {
  const [waiting] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.name, name),
        eq(jobs.status, 'pending'),
        samePayload ? sql`${jobs.payload} = ${JSON.stringify(payload)}::jsonb` : undefined,
      ),
    )
    .limit(1);
  if (waiting) return false;
  await enqueueJob(db, name, payload, options);
  return true;
}

/**
 * Queues the job in the caller's transaction unless one of that name is still waiting to run: a burst of
 * causes (an operator recording ten NAVs) makes one run, and a cause after that run makes another.
 */
export function enqueueUnlessWaiting(
  db: Queryable,
  name: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<boolean> {
  return enqueueUnlessPending(db, name, payload, options, false);
}

/**
 * Like `enqueueUnlessWaiting`, but only a waiting job with the same payload counts: a burst of causes about
 * one thing (ten prices of one stock plan) makes one run for it, and a cause about another thing its own.
 */
export function enqueueUnlessWaitingFor(
  db: Queryable,
  name: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<boolean> {
  return enqueueUnlessPending(db, name, payload, options, true);
}
