// A job queue in PostgreSQL (works the same on PGlite). Each worker claims one runnable row at a time
// with `FOR UPDATE SKIP LOCKED`, so several API instances can poll one table and every job runs once.
// Jobs are enqueued with `enqueueJob` inside the caller's transaction: a rolled-back request leaves no job.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/client';
import { jobs } from '../../db/schema/jobs';

export type JobRow = typeof jobs.$inferSelect;

export interface JobContext {
  db: Database;
  log: FastifyBaseLogger;
  job: Pick<JobRow, 'id' | 'name' | 'attempts' | 'maxAttempts'>;
}

export type JobHandler<P = unknown> = (payload: P, context: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** Earliest start; default now. */
  runAt?: Date;
  /** Attempts before the job is marked failed (default 3). */
  maxAttempts?: number;
}

/** Adds a job; pass the open transaction so that the job exists only if the change commits. */
export async function enqueueJob(db: Queryable, name: string, payload: unknown, options: EnqueueOptions = {}) {
  const [row] = await db
    .insert(jobs)
    .values({
      name,
      payload: payload ?? {},
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? 3,
    })
    .returning({ id: jobs.id });
  return row!.id;
}

export interface JobQueueOptions {
  log: FastifyBaseLogger;
  /** Identifies this process in `locked_by` (diagnostics). */
  workerId?: string;
  pollIntervalMs?: number;
  /** A running job whose worker has not finished after this long is taken over (the worker died). */
  lockTimeoutMs?: number;
  /** Delay before retry n (1-based); default 30 s doubling, at most 30 min. */
  retryDelayMs?: (attempt: number) => number;
}

export type JobQueue = ReturnType<typeof createJobQueue>;

export function createJobQueue(db: Database, options: JobQueueOptions) {
  const handlers = new Map<string, JobHandler>();
  const workerId = options.workerId ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const lockTimeoutMs = options.lockTimeoutMs ?? 15 * 60_000;
  const retryDelayMs =
    options.retryDelayMs ?? ((attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 30 * 60_000));
  let timer: NodeJS.Timeout | null = null;
  let stopping = false;
  let draining: Promise<number> | null = null;

  /** Takes over jobs whose worker vanished mid-run (crash, killed instance). */
  async function releaseStale() {
    const staleBefore = new Date(Date.now() - lockTimeoutMs);
    await db
      .update(jobs)
      .set({
        status: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then 'failed' else 'pending' end`,
        lockedAt: null,
        lockedBy: null,
        lastError: 'worker stopped before finishing',
      })
      .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, staleBefore)));
  }

  /** Atomically marks one runnable job as ours; other workers skip the locked row instead of waiting. */
  async function claim(): Promise<JobRow | null> {
    if (handlers.size === 0) return null;
    const candidate = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, sql`now()`), inArray(jobs.name, [...handlers.keys()])))
      .orderBy(jobs.runAt, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    // `= (subquery)` rather than IN: the planner may re-run an IN subquery and claim more than one row.
    const [job] = await db
      .update(jobs)
      .set({ status: 'running', lockedAt: new Date(), lockedBy: workerId, attempts: sql`${jobs.attempts} + 1` })
      .where(sql`${jobs.id} = (${candidate})`)
      .returning();
    return job ?? null;
  }

  async function finish(job: JobRow, error: unknown) {
    if (!error) {
      await db
        .update(jobs)
        .set({ status: 'done', finishedAt: new Date(), lockedAt: null, lastError: null })
        .where(eq(jobs.id, job.id));
      return;
    }
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const final = job.attempts >= job.maxAttempts;
    options.log.error({ err: error, job: job.id, name: job.name, attempt: job.attempts }, 'job failed');
    await db
      .update(jobs)
      .set({
        status: final ? 'failed' : 'pending',
        finishedAt: final ? new Date() : null,
        runAt: final ? job.runAt : new Date(Date.now() + retryDelayMs(job.attempts)),
        lockedAt: null,
        lockedBy: null,
        lastError: message.slice(0, 2000),
      })
      .where(eq(jobs.id, job.id));
  }

  /** Claims and runs one job; false when nothing is runnable. */
  async function runNext(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const handler = handlers.get(job.name)!;
    let failure: unknown = null;
    try {
      await handler(job.payload, {
        db,
        log: options.log.child({ job: job.id, jobName: job.name }),
        job: { id: job.id, name: job.name, attempts: job.attempts, maxAttempts: job.maxAttempts },
      });
    } catch (error) {
      failure = error ?? new Error('job failed');
    }
    await finish(job, failure);
    return true;
  }

  async function drainLoop(): Promise<number> {
    let count = 0;
    await releaseStale();
    while (!stopping && (await runNext())) count++;
    return count;
  }

  /** Runs jobs until none is runnable; concurrent callers share one run. Tests call this directly. */
  function drain(): Promise<number> {
    draining ??= drainLoop().finally(() => {
      draining = null;
    });
    return draining;
  }

  const swallow = (error: unknown) => options.log.warn({ err: error }, 'job worker poll failed');

  return {
    workerId,
    register<P>(name: string, handler: JobHandler<P>) {
      if (handlers.has(name)) throw new Error(`job handler '${name}' is already registered`);
      handlers.set(name, handler as JobHandler);
    },
    has: (name: string) => handlers.has(name),
    enqueue: enqueueJob,
    runNext,
    drain,
    /** Look for work now rather than at the next poll (after a request enqueued something). */
    poke() {
      if (timer && !stopping) setImmediate(() => drain().catch(swallow));
    },
    start() {
      if (timer) return;
      stopping = false;
      timer = setInterval(() => drain().catch(swallow), pollIntervalMs);
      timer.unref();
    },
    /** Stops polling and waits for the job in progress. */
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await draining?.catch(swallow);
    },
  };
}
