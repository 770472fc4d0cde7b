// The request log: one line per request, naming the route and never the address asked for (links carry
// tokens in their path or query).

import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
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

describe("request log of the app's own destination", () => {
  const request = (id: string) =>
    ({ id, method: 'GET', routeOptions: { url: '/healthz' } }) as unknown as FastifyRequest;
  const reply = { statusCode: 200, elapsedTime: 1.25 } as unknown as FastifyReply;

  it('writes the lines of one event-loop turn in one write, in order, when the turn ends', async () => {
    const writes: string[] = [];
    const log = new OneLinePerRequest({ write: (text: string) => void writes.push(text) }, 'info', true);
    for (const id of ['a', 'b', 'c']) log.requestCompleted(null, request(id), reply);
    expect(writes).toHaveLength(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    const entries = String(writes[0])
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(entries.map((entry) => entry.reqId)).toEqual(['a', 'b', 'c']);
    expect(entries[0]).toMatchObject({ route: '/healthz', status: 200, ms: 1.3, msg: 'request' });
  });

  it('writes what it holds when asked (the app asks as it closes)', () => {
    const writes: string[] = [];
    const log = new OneLinePerRequest({ write: (text: string) => void writes.push(text) }, 'info', true);
    log.requestCompleted(null, request('d'), reply);
    log.flush();
    expect(writes).toHaveLength(1);
    expect(JSON.parse(String(writes[0]))).toMatchObject({ reqId: 'd' });
  });
});
