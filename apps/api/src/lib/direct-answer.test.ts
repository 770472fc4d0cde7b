// A ready answer handed to Node directly arrives as Fastify would have sent it, and only routes with
// nothing left to run on the way out are answered that way. Through a real port: what Node writes is
// what is checked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, loginAs } from '../test/auth';
import { type RawRequestOptions, rawRequest } from '../test/raw-request';
import { sendBody } from './direct-answer';

const TEXT = '{"amount":"20.000,00 €","note":"rata trimestrale"}';
const response = { response: { 200: z.object({ amount: z.string(), note: z.string() }) } };

/** The answer, and whether the route was marked to answer directly (told in a header, for the test). */
const answer = (request: FastifyRequest, reply: FastifyReply) =>
  sendBody(
    request,
    reply
      .type('application/json; charset=utf-8')
      .header('x-answers-directly', String(request.routeOptions.config.answersDirectly)),
    TEXT,
  );

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    routes: (app) => {
      // A JSON route out of the compression plugin: no `onSend` hook at all.
      app.get('/api/test/direct/', { compress: false, schema: response }, answer);
      // The same with the compression plugin's `onSend` hook, and a route that may answer a document
      // (the security headers' `onSend` hook).
      app.get('/api/test/compressible/', { schema: response }, answer);
      app.get('/api/test/document/', { compress: false }, answer);
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

const get = (path: string, options: RawRequestOptions = {}) => rawRequest(port, path, options);

describe('answers handed to Node directly', () => {
  it('are sent with the headers the route set, the length in bytes and the body as it was', async () => {
    const direct = await get('/api/test/direct/');
    expect(direct.status).toBe(200);
    expect(direct.headers['x-answers-directly']).toBe('true');
    expect(direct.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(direct.headers['content-length']).toBe(String(Buffer.byteLength(TEXT)));
    expect(direct.headers['x-content-type-options']).toBe('nosniff');
    expect(direct.headers['content-language']).toBe('it');
    expect(direct.body.toString('utf8')).toBe(TEXT);
    // Through Fastify's own send, the same answer.
    const through = await get('/api/test/compressible/');
    expect(through.headers['x-answers-directly']).toBe('false');
    const { 'x-answers-directly': _a, date: _d, ...directHeaders } = direct.headers;
    const { 'x-answers-directly': _b, date: _e, ...throughHeaders } = through.headers;
    expect(directHeaders).toEqual(throughHeaders);
    expect(through.body.equals(direct.body)).toBe(true);
  });

  it('are not used where a hook still acts on the answer: the HEAD twin, a route that may send a document', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const head = await get('/api/test/direct/', { method: 'HEAD', agent });
      expect(head.headers['x-answers-directly']).toBe('false');
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(TEXT)));
      expect(head.body.length).toBe(0);
      // The connection carries on after a direct answer too.
      const first = await get('/api/test/direct/', { agent });
      const second = await get('/api/test/direct/', { agent });
      expect(second.body.toString('utf8')).toBe(TEXT);
      expect(first.headers['x-answers-directly']).toBe('true');
    } finally {
      agent.destroy();
    }
    const document = await get('/api/test/document/');
    expect(document.headers['x-answers-directly']).toBe('false');
    expect(document.body.toString('utf8')).toBe(TEXT);
  });

  it("are the app's probe, its configuration (with its validator) and the kept answers", async () => {
    const live = await get('/healthz');
    expect(live.body.toString('utf8')).toBe('{"status":"ok"}');
    expect(live.headers['content-length']).toBe('15');
    const config = await get('/api/get-global-config/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(config.status).toBe(200);
    expect(config.headers['cache-control']).toBe('public, max-age=300');
    expect(JSON.parse(config.body.toString('utf8'))).toMatchObject({ currency: 'EUR', max_instalments: 40 });
    const again = await get('/api/get-global-config/', { headers: { 'if-none-match': String(config.headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // A kept answer: compressed once, sent as bytes, read again with the same session.
    const user = await createUser(t.app, { email: 'direct.answer@example.test', attributes: ['base', 'customer'] });
    const { headers } = await loginAs(t.app, user.email);
    for (let n = 0; n < 2; n++) {
      const me = await get('/api/account/me/', { headers: { ...headers, 'accept-encoding': 'br' } });
      expect(me.status).toBe(200);
      expect(me.headers['content-length']).toBe(String(me.body.length));
      const body = me.headers['content-encoding'] === 'br' ? brotliDecompressSync(me.body) : me.body;
      expect(JSON.parse(body.toString('utf8'))).toMatchObject({ email: user.email });
    }
  });
});
