// Answers over a real socket arrive byte for byte as the app sent them, whether a Buffer body left with
// its headers in one write (as a latin1 string) or on its own. inject() never reaches the server's
// response class, so these requests go through a port.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { ONE_WRITE_LIMIT } from './one-write-response';

/** Every byte value, over and over: a body that a text encoding would change. */
const everyByte = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 7 + 3) % 256));
const SMALL = everyByte(1000);
const LARGE = everyByte(ONE_WRITE_LIMIT + 1000);
const SCHEDULE = Array.from({ length: 40 }, (_, i) => ({ number: i + 1, interest: '12.34', total: '512.34' }));
const TEXT = 'Anticipo di 20.000,00 € — rata trimestrale, €, ü, 漢';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    routes: (app) => {
      app.get('/api/test/bytes/small/', (_request, reply) => reply.type('application/octet-stream').send(SMALL));
      app.get('/api/test/bytes/large/', (_request, reply) => reply.type('application/octet-stream').send(LARGE));
      app.get('/api/test/schedule/', () => ({ schedule: SCHEDULE }));
      app.get('/api/test/text/', (_request, reply) => reply.type('text/plain; charset=utf-8').send(TEXT));
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The answer's bytes exactly as they came off the socket (no decoding, no decompression). */
function rawGet(
  path: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; agent?: http.Agent } = {},
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: options.agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('answers over a real socket', () => {
  it('delivers a small binary body byte for byte, with its length', async () => {
    const answer = await rawGet('/api/test/bytes/small/');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-length']).toBe(String(SMALL.length));
    expect(answer.body.equals(SMALL)).toBe(true);
  });

  it('delivers a body above the one-write limit byte for byte', async () => {
    const answer = await rawGet('/api/test/bytes/large/');
    expect(answer.headers['content-length']).toBe(String(LARGE.length));
    expect(answer.body.equals(LARGE)).toBe(true);
  });

  it('keeps a text body in UTF-8', async () => {
    const answer = await rawGet('/api/test/text/');
    expect(answer.body.toString('utf8')).toBe(TEXT);
    expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(TEXT)));
  });

  it('sends a compressed answer that decompresses to what the app answered', async () => {
    const answer = await rawGet('/api/test/schedule/', { headers: { 'accept-encoding': 'br' } });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(answer.body).toString('utf8'))).toEqual({ schedule: SCHEDULE });
  });

  it('answers HEAD with the length and no body, and the connection serves the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const head = await rawGet('/api/test/bytes/small/', { method: 'HEAD', agent });
      expect(head.headers['content-length']).toBe(String(SMALL.length));
      expect(head.body.length).toBe(0);
      const next = await rawGet('/api/test/bytes/small/', { agent });
      expect(next.body.equals(SMALL)).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
