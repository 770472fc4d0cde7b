// The input guard names the field that holds bad text wherever it sits in a body or a query string,
// whatever clean fields it walked past first, and refuses a nesting deeper than any form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

const NOT_ALLOWED = ['This field contains characters that are not allowed (control characters or invalid text).'];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    routes: (app) => {
      app.post('/api/test/echo/', { schema: { hide: true } }, async (request) => ({ received: request.body }));
      app.get('/api/test/echo/', { schema: { hide: true } }, async (request) => ({ received: request.query }));
    },
  });
});
afterAll(async () => t.close());

const post = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/test/echo/',
    headers: { 'accept-language': 'en' },
    payload: payload as object,
  });

describe('the input guard', () => {
  it('lets clean nested input through unchanged', async () => {
    const body = { order: { lines: [{ name: 'Fondo Aurora', note: 'riga 1\nriga 2' }], currency: 'EUR' } };
    const res = await post(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: body });
  });

  it('names the bad field by its whole path, after clean fields and array items', async () => {
    const res = await post({
      contact: { name: 'Anna', address: { street: 'Via Roma 1' } },
      lines: [{ name: 'ok' }, { name: 'ok' }, { name: 'a\u0000b' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ 'lines.2.name': NOT_ALLOWED });
  });

  it('names a top-level field after walking a nested one', async () => {
    const res = await post({ profile: { city: { name: 'Milano' } }, nickname: 'esc\u001b[31m' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ nickname: NOT_ALLOWED });
  });

  it('reports a bad key for the whole request', async () => {
    const res = await post({ profile: { 'na\u0000me': 'Anna' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ non_field_errors: NOT_ALLOWED });
  });

  it('refuses a nesting deeper than any form', async () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { next: deep };
    const res = await post(deep);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toContain(`${Array.from({ length: 33 }, () => 'next').join('.')}`);
  });

  it('names a bad query-string parameter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test/echo/?page=2&search=%01x',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ search: NOT_ALLOWED });
  });
});
