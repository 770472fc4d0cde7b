// The start log says whether this data set has demo accounts (whose password is published): a warning on
// a PostgreSQL server, a plain statement otherwise.
import { afterEach, describe, expect, it } from 'vitest';
import type { Env } from '../config';
import { createTestApp, type TestApp } from '../test/app';

const SERVER = 'postgres://lombard@db.invalid:5432/lombard';
const started: TestApp[] = [];
afterEach(async () => {
  for (const t of started.splice(0)) await t.close();
});

/** Starts the app on a fresh database and returns the log lines about demo data. */
async function demoLogLines(env: Env): Promise<Array<{ level: number; msg: string }>> {
  const lines: Array<{ level: number; msg: string }> = [];
  // SEED_DEMO empty: decided by DATABASE_URL as in production (the database itself is the test's own).
  const t = await createTestApp({
    env: { LOG_LEVEL: 'info', SEED_DEMO: '', ...env },
    logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
  started.push(t);
  return lines.filter((line) => /demo/i.test(line.msg));
}

describe('start log about demo data', () => {
  it('with DATABASE_URL and no SEED_DEMO: one info line saying no demo data was seeded', async () => {
    const lines = await demoLogLines({ DATABASE_URL: SERVER });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30 });
    expect(lines[0]!.msg).toMatch(/^no demo data seeded .*create-admin/);
  });

  it('with DATABASE_URL and SEED_DEMO=true: a warning naming the setting', async () => {
    const lines = await demoLogLines({ DATABASE_URL: SERVER, SEED_DEMO: 'true' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40 });
    expect(lines[0]!.msg).toMatch(/SEED_DEMO=true.*Never use SEED_DEMO=true in production/);
  });

  it('on the embedded quick start: an info line saying the demo data is seeded', async () => {
    // Also when this suite itself runs against a PostgreSQL server.
    const lines = await demoLogLines({ DATABASE_URL: undefined });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30 });
    expect(lines[0]!.msg).toMatch(/^demo data: seeded/);
  });
});
