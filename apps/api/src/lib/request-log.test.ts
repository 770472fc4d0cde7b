// The request log: one line per request, naming the route and never the address asked for (links carry
// tokens in their path or query).

import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { LineBatches } from './line-batches';
import { OneLinePerRequest } from './request-log';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(async () => t.close());

describe('request log', () => {
  it('writes one line per request with method, route, status and time, and no token from the address', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/healthz?token=s3cr3t-t0ken' });
    expect(res.statusCode).toBe(200);
    const mine = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.reqId === res.headers['x-request-id'] || entry.route === '/healthz');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 30, method: 'GET', route: '/healthz', status: 200, msg: 'request' });
    expect(typeof mine[0].ms).toBe('number');
    expect(lines.join('\n')).not.toContain('s3cr3t-t0ken');
  });
});

describe('requests the rate limit refuses', () => {
  const seen: string[] = [];
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      seed: false,
      env: { LOG_LEVEL: 'info', RATE_LIMIT_MAX: '3' },
      logStream: { write: (line: string) => void seen.push(line) },
    });
  });

  it('are counted in one line per route, not logged one by one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await limited.app.inject({
        method: 'GET',
        url: '/api/get-global-config/',
        remoteAddress: '203.0.113.7',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(47);
    const entries = () =>
      seen.map((line) => JSON.parse(line)).filter((entry) => entry.route === '/api/get-global-config/');
    expect(entries().filter((entry) => entry.msg === 'request')).toHaveLength(3);
    expect(entries().some((entry) => entry.status === 429)).toBe(false);
    // The period's summary is written when it ends, and at the latest when the app closes.
    await limited.close();
    const summaries = entries().filter((entry) => entry.status === 429);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ level: 40, refused: 47, msg: 'requests refused by the rate limit' });
  });
});

describe('child loggers', () => {
  it("keep every ancestor's bindings and the redaction rules when a grandchild logs", () => {
    lines.length = 0;
    const jobLog = t.app.log.child({ module: 'jobs' }).child({ job: 7 });
    jobLog.warn({ password: 'hunter2-secret' }, 'job retried');
    const entry = JSON.parse(lines.find((line) => line.includes('job retried')) ?? '{}');
    expect(entry).toMatchObject({ module: 'jobs', job: 7, password: '[redacted]', msg: 'job retried' });
    expect(lines.join('\n')).not.toContain('hunter2-secret');
  });
});

describe("request log of the app's own output", () => {
  const request = (id: string) =>
    ({ id, method: 'GET', routeOptions: { url: '/healthz' } }) as unknown as FastifyRequest;
  const reply = { statusCode: 200, elapsedTime: 1.25 } as unknown as FastifyReply;
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'lombard-request-log-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const output = (name: string) => {
    const file = path.join(folder, name);
    const fd = openSync(file, 'w');
    const read = () => readFileSync(file, 'utf8');
    return { batches: new LineBatches(fd), read, done: () => closeSync(fd) };
  };

  it("holds a quiet moment's lines briefly and then writes them together, in order", async () => {
    const { batches, read, done } = output('quiet-moment.log');
    const log = new OneLinePerRequest(batches, 'info');
    for (const id of ['a', 'b', 'c']) log.requestCompleted(null, request(id), reply);
    expect(read()).toBe('');
    // Nothing else happens: the held lines still reach the output on their own, soon.
    await vi.waitFor(() => expect(read().split('\n')).toHaveLength(4), { timeout: 2_000, interval: 20 });
    const entries = read()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(entries.map((entry) => entry.reqId)).toEqual(['a', 'b', 'c']);
    expect(entries[0]).toMatchObject({ route: '/healthz', status: 200, ms: 1.3, msg: 'request' });
    await batches.close();
    done();
  });

  it('under load writes a full batch at once, without waiting for the clock', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { batches, read, done } = output('load.log');
      const log = new OneLinePerRequest(batches, 'info');
      // About 200 lines: more than one batch. The held rest waits for the clock, which is stopped here.
      for (let n = 0; n < 200; n++) log.requestCompleted(null, request(`r${n}`), reply);
      await vi.waitFor(() => expect(read().length).toBeGreaterThanOrEqual(16 * 1024), { timeout: 2_000, interval: 20 });
      const written = read().trimEnd().split('\n');
      expect(written.length).toBeLessThan(200);
      expect(written.map((line) => JSON.parse(line).reqId)).toEqual(written.map((_, n) => `r${n}`));
      await batches.close();
      expect(read().trimEnd().split('\n')).toHaveLength(200);
      done();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps every line of a burst larger than its buffers, and lines longer than a buffer, in order', async () => {
    const { batches, read, done } = output('burst.log');
    const long = `${'x'.repeat(100_000)}\n`;
    const lines = Array.from({ length: 3000 }, (_, n) => `line ${n} ${'é'.repeat(n % 50)}\n`);
    lines.splice(1500, 0, long);
    for (const line of lines) batches.write(line);
    await batches.close();
    expect(read()).toBe(lines.join(''));
    done();
  });

  it('logs nothing below its level', async () => {
    const { batches, read, done } = output('quiet.log');
    new OneLinePerRequest(batches, 'warn').requestCompleted(null, request('e'), reply);
    await batches.close();
    expect(read()).toBe('');
    done();
  });
});
