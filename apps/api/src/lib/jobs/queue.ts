// A job queue in PostgreSQL (works the same on PGlite). Each worker claims one runnable row at a time
// with `FOR UPDATE SKIP LOCKED`, so several API instances can poll one table and every job runs once.
// Jobs are enqueued with `enqueueJob` inside the caller's transaction: a rolled-back request leaves no job.
// A claimed job holds a short lease that the worker's heartbeat extends while the handler runs. A worker
// that dies (kill -9, lost machine) stops extending it, and the next poll of any instance takes the job
// over once the lease has run out, instead of leaving it stuck for a long fixed timeout. Lease times are
// the database's clock, so instances with skewed clocks agree on them.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/client';
import { jobs } from '../../db/schema/jobs';

export type JobRow = typeof jobs.$inferSelect;

export interface JobContext {
  db: Database;
  log: FastifyBaseLogger;
  job: Pick<JobRow, 'id' | 'name' | 'attempts' | 'maxAttempts'>;
  /** Aborted when this worker lost the job's lease (another worker may be running it): stop early. */
  signal: AbortSignal;
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

/**
 * Marks every pending job of `name` done in the caller's transaction and answers their payloads, for a
 * caller that does their work itself in that same transaction (the demo seed, which has no worker): both
 * commit together or neither does. Jobs a worker holds are skipped.
 */
export async function takePendingJobs(tx: Queryable, name: string): Promise<unknown[]> {
  const taken = await tx
    .update(jobs)
    .set({ status: 'done', finishedAt: new Date() })
    .where(
      inArray(
        jobs.id,
        tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.name, name), eq(jobs.status, 'pending')))
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ payload: jobs.payload });
  return taken.map((row) => row.payload);
}

export interface JobQueueOptions {
  log: FastifyBaseLogger;
  /** Identifies this process in `locked_by` (diagnostics). */
  workerId?: string;
  pollIntervalMs?: number;
  /**
   * How long a claim stays good without a heartbeat (default 30 s): a job whose worker died is taken
   * over this long after its last heartbeat, at the next poll.
   */
  leaseMs?: number;
  /** How often a running job's lease is extended (default a third of the lease). */
  heartbeatMs?: number;
  /** Delay before retry n (1-based); default 30 s doubling, at most 30 min. */
  retryDelayMs?: (attempt: number) => number;
}

export type JobQueue = ReturnType<typeof createJobQueue>;

export function createJobQueue(db: Database, options: JobQueueOptions) {
  const handlers = new Map<string, JobHandler>();
  const workerId = options.workerId ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 30_000;
  const heartbeatMs = options.heartbeatMs ?? Math.max(10, Math.floor(leaseMs / 3));
  const leaseEnd = sql`now() + ${leaseMs} * interval '1 millisecond'`;
  const retryDelayMs =
    options.retryDelayMs ?? ((attempt: number) => Math.min(30_000 * 2 ** (attempt - 1), 30 * 60_000));
  let timer: NodeJS.Timeout | null = null;
  let stopping = false;
  let draining: Promise<number> | null = null;

  /**
   * Takes over jobs whose worker vanished mid-run (crash, killed instance): their lease ran out. A row
   * without a lease was claimed by an older version of the queue, which knew only the claim time.
   */
  async function releaseExpired() {
    await db
      .update(jobs)
      .set({
        status: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then 'failed' else 'pending' end`,
        finishedAt: sql`case when ${jobs.attempts} >= ${jobs.maxAttempts} then now() end`,
        lockedAt: null,
        lockedBy: null,
        leaseExpiresAt: null,
        lastError: 'worker stopped before finishing',
      })
      .where(
        and(
          eq(jobs.status, 'running'),
          sql`coalesce(${jobs.leaseExpiresAt}, ${jobs.lockedAt} + interval '15 minutes') < now()`,
        ),
      );
  }

  /**
   * Extends the lease of a job this worker is running; false when the lease is no longer ours (it ran
   * out and another worker took the job over).
   */
  async function heartbeat(jobId: number): Promise<boolean> {
    const renewed = await db
      .update(jobs)
      .set({ leaseExpiresAt: leaseEnd })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)))
      .returning({ id: jobs.id });
    return renewed.length > 0;
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
      .set({
        status: 'running',
        lockedAt: sql`now()`,
        lockedBy: workerId,
        leaseExpiresAt: leaseEnd,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(sql`${jobs.id} = (${candidate})`)
      .returning();
    return job ?? null;
  }

  /** Records the outcome, unless the job was taken from this worker meanwhile (its outcome then counts). */
  async function finish(job: JobRow, error: unknown) {
    const stillOurs = and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId));
    if (!error) {
      await db
        .update(jobs)
        .set({ status: 'done', finishedAt: new Date(), lockedAt: null, leaseExpiresAt: null, lastError: null })
        .where(stillOurs);
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
        leaseExpiresAt: null,
        lastError: message.slice(0, 2000),
      })
      .where(stillOurs);
  }

  /** Claims and runs one job, extending its lease while the handler runs; false when nothing is runnable. */
  async function runNext(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const handler = handlers.get(job.name)!;
    const lost = new AbortController();
    let settled = false;
    const beat = setInterval(() => {
      heartbeat(job.id).then(
        (ours) => {
          // A heartbeat still in flight when the handler settled finds the job finished: not a loss.
          if (!ours && !settled && !lost.signal.aborted) {
            options.log.warn({ job: job.id, name: job.name }, 'job lease lost; another worker may run it');
            lost.abort(new Error('job lease lost'));
          }
        },
        // A missed heartbeat is not fatal: the lease outlives a few of them.
        (error: unknown) => options.log.warn({ err: error, job: job.id }, 'job heartbeat failed'),
      );
    }, heartbeatMs);
    beat.unref();
    let failure: unknown = null;
    try {
      await handler(job.payload, {
        db,
        log: options.log.child({ job: job.id, jobName: job.name }),
        job: { id: job.id, name: job.name, attempts: job.attempts, maxAttempts: job.maxAttempts },
        signal: lost.signal,
      });
    } catch (error) {
      failure = error ?? new Error('job failed');
    } finally {
      settled = true;
      clearInterval(beat);
    }
    await finish(job, failure);
    return true;
  }

  async function drainLoop(): Promise<number> {
    let count = 0;
    await releaseExpired();
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
