// The listening connection's barrier (Subscription.caughtUp), on PostgreSQL: PGlite delivers a
// notification as the committing statement completes, so there is nothing to wait for there.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/app';
import type { DatabaseHandle, Subscription } from './client';

const CHANNEL = 'lombard_barrier_test';

describe.runIf(process.env.DATABASE_URL)('waiting to hear of a commit', () => {
  let dataDir: string;
  let database: { handle: DatabaseHandle; drop(): Promise<void> };
  let subscription: Subscription;
  const heard = new Set<string>();
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'lombard-barrier-'));
    database = await createTestDatabase(dataDir);
    subscription = await database.handle.listen(
      CHANNEL,
      (payload) => heard.add(payload),
      () => {},
    );
  });
  afterAll(async () => {
    await subscription.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes finishing together share one barrier, and each has heard its own commit when its wait ends', async () => {
    const writes = 40;
    await Promise.all(
      Array.from({ length: writes }, (_, n) =>
        database.handle.db.execute(sql`select pg_notify(${CHANNEL}, ${String(n)})`),
      ),
    );
    const statements = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const waits = Array.from({ length: writes }, (_, n) => subscription.caughtUp().then(() => heard.has(String(n))));
      expect(await Promise.all(waits)).toEqual(Array(writes).fill(true));
      // The first wait sends a barrier; the others, arriving while it is on the wire, share the next one
      // (queueing one statement per write on the listening connection is what pg 9 will refuse).
      expect(statements.mock.calls.filter(([text]) => text === 'select 1')).toHaveLength(2);
    } finally {
      statements.mockRestore();
    }
  });
});
