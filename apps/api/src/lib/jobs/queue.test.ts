// The job queue: jobs exist only if the enqueuing transaction commits, failures are retried then marked
// failed, a job abandoned by a dead worker is taken over, and two workers polling one database run every
// job exactly once (on PostgreSQL: two connection pools, like two API instances).
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

  it('takes over a job whose worker died mid-run', async () => {
    const queue = createJobQueue(handle.db, { log, lockTimeoutMs: 1_000 });
    let ran = 0;
    queue.register('test.orphan', async () => {
      ran++;
    });
    const id = await enqueueJob(handle.db, 'test.orphan', {});
    await handle.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedBy: 'dead-worker', lockedAt: new Date(Date.now() - 60_000) })
      .where(eq(jobs.id, id));
    expect(await queue.drain()).toBe(1);
    expect(ran).toBe(1);
    const [row] = await handle.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
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
