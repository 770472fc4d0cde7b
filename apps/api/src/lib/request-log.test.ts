// The request log: one line per request, naming the route and never the address asked for (links carry
// tokens in their path or query).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

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
