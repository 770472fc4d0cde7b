// The job queue: jobs exist only if the enqueuing transaction commits, failures are retried then marked
// failed, a job abandoned by a dead worker is taken over once its lease runs out (a live worker's
// heartbeat keeps it), and two workers polling one database run every job exactly once (on PostgreSQL:
// two connection pools, like two API instances).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, inTransaction, openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { jobs } from '../../db/schema/jobs';
import { createTestDatabase } from '../../test/app';
import { createJobQueue, enqueueJob } from './queue';

const noop = () => {};
const log = {
  level: 'silent',
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => log,
} as unknown as FastifyBaseLogger;
let handle: DatabaseHandle;
let second: DatabaseHandle | null = null;
let drop: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'lombard-jobs-'));
  ({ handle, drop } = await createTestDatabase(dataDir));
  await runMigrations(handle);
  if (handle.kind === 'postgres') {
    // A second pool on the same database: what a second API instance would have.
    const url = (handle.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
      .connectionString;
    second = await openDatabase({ databaseUrl: url, dataDir });
  }
});

afterAll(async () => {
  await second?.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await handle.db.delete(jobs);
});

const noDelay = () => 0;

describe('job queue', () => {
  it('runs a job only if the transaction that enqueued it commits', async () => {
    const queue = createJobQueue(handle.db, { log, retryDelayMs: noDelay });
    const seen: unknown[] = [];
    queue.register<{ n: number }>('test.echo', async (payload) => {
      seen.push(payload.n);
    });
    await enqueueJob(handle.db, 'test.echo', { n: 1 });
    await inTransaction(handle.db, async (tx) => {
      await enqueueJob(tx, 'test.echo', { n: 2 });
      await tx.execute(sql`select 1`);
    });
    await expect(
      inTransaction(handle.db, async (tx) => {
        await enqueueJob(tx, 'test.echo', { n: 3 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await queue.drain()).toBe(2);
    expect(seen).toEqual([1, 2]);
    const rows = await handle.db.select().from(jobs);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
  });

  it('retries a failing job, then marks it failed with the error after max attempts', async () => {
    const queue = createJobQueue(handle.db, { log, retryDelayMs: noDelay });
    let calls = 0;
    queue.register('test.flaky', async () => {
      calls++;
      if (calls < 2) throw new Error('first time fails');
    });
    queue.register('test.broken', async () => {
      throw new Error('always fails');
    });
    const flaky = await enqueueJob(handle.db, 'test.flaky', {});
    const broken = await enqueueJob(handle.db, 'test.broken', {}, { maxAttempts: 3 });
    await queue.drain();
    const [f] = await handle.db.select().from(jobs).where(eq(jobs.id, flaky));
    const [b] = await handle.db.select().from(jobs).where(eq(jobs.id, broken));
    expect(f).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    expect(b).toMatchObject({ status: 'failed', attempts: 3, lastError: 'Error: always fails' });
  });

  it('waits for run_at, and leaves jobs it has no handler for to other workers', async () => {
    const queue = createJobQueue(handle.db, { log });
    const ran: string[] = [];
    queue.register('test.later', async () => {
      ran.push('later');
    });
    await enqueueJob(handle.db, 'test.later', {}, { runAt: new Date(Date.now() + 60_000) });
    await enqueueJob(handle.db, 'test.unknown', {});
    expect(await queue.drain()).toBe(0);
    expect(ran).toEqual([]);
    const statuses = (await handle.db.select().from(jobs)).map((r) => r.status);
    expect(statuses).toEqual(['pending', 'pending']);
  });

  it('takes over a job whose worker died mid-run as soon as its lease has run out', async () => {
    const queue = createJobQueue(handle.db, { log, workerId: 'survivor' });
    let ran = 0;
    queue.register('test.orphan', async () => {
      ran++;
    });
    const id = await enqueueJob(handle.db, 'test.orphan', {});
    // Claimed a moment ago by a worker that was then killed: no heartbeat extended its lease.
    await handle.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 1,
        lockedBy: 'dead-worker',
        lockedAt: sql`now() - interval '40 seconds'`,
        leaseExpiresAt: sql`now() - interval '1 second'`,
      })
      .where(eq(jobs.id, id));
    expect(await queue.drain()).toBe(1);
    expect(ran).toBe(1);
    const [row] = await handle.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'done', attempts: 2, lockedBy: 'survivor' });
  });

  it('leaves alone a job whose worker is alive: the heartbeat keeps the lease past its length', async () => {
    const leaseMs = 400;
    const owner = createJobQueue(handle.db, { log, workerId: 'owner', leaseMs });
    const other = createJobQueue(handle.db, { log, workerId: 'other', leaseMs });
    const ranBy: string[] = [];
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    owner.register('test.long', async () => {
      ranBy.push('owner');
      started();
      await released;
    });
    other.register('test.long', async () => {
      ranBy.push('other');
    });
    const id = await enqueueJob(handle.db, 'test.long', {});
    const ownerRun = owner.drain();
    await running;
    // Poll from the other worker for three lease lengths: a live owner's job is never taken over.
    const until = Date.now() + 3 * leaseMs;
    while (Date.now() < until) {
      expect(await other.drain()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [during] = await handle.db.select().from(jobs).where(eq(jobs.id, id));
    expect(during).toMatchObject({ status: 'running', lockedBy: 'owner', attempts: 1 });
    release();
    expect(await ownerRun).toBe(1);
    expect(ranBy).toEqual(['owner']);
    const [row] = await handle.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('a worker that lost its lease is told to stop, and its late outcome does not overwrite the new run', async () => {
    const slow = createJobQueue(handle.db, { log, workerId: 'slow', leaseMs: 60_000, heartbeatMs: 20 });
    let aborted = false;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    slow.register('test.stolen', async (_payload, { signal }) => {
      started();
      signal.addEventListener('abort', () => {
        aborted = true;
        release();
      });
      await released;
      throw new Error('late failure of the old run');
    });
    const id = await enqueueJob(handle.db, 'test.stolen', {});
    const slowRun = slow.drain();
    await running;
    // Another worker took the job over (as if the lease had run out while the slow one was frozen).
    await handle.db.update(jobs).set({ lockedBy: 'new-owner', attempts: 2 }).where(eq(jobs.id, id));
    expect(await slowRun).toBe(1);
    expect(aborted).toBe(true);
    const [row] = await handle.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'running', lockedBy: 'new-owner', attempts: 2, lastError: null });
  });

  it('two workers draining concurrently run every job exactly once', async () => {
    const total = 120;
    const runs = new Map<number, string[]>();
    const workers = [handle, second ?? handle].map((h, index) => {
      const queue = createJobQueue(h.db, { log, workerId: `worker-${index}` });
      queue.register<{ n: number }>('test.once', async (payload) => {
        // Yield so that the two workers interleave their claims.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
        runs.set(payload.n, [...(runs.get(payload.n) ?? []), `worker-${index}`]);
      });
      return queue;
    });
    for (let n = 0; n < total; n++) await enqueueJob(handle.db, 'test.once', { n });
    const [a, b] = await Promise.all(workers.map((w) => w.drain()));
    expect(a! + b!).toBe(total);
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((list) => list.length === 1)).toBe(true);
    if (second) {
      // On the server both workers really took part.
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    }
    const [{ done } = { done: 0 }] = await handle.db
      .select({ done: sql<number>`count(*) filter (where ${jobs.status} = 'done')::int` })
      .from(jobs);
    expect(done).toBe(total);
  });
});
