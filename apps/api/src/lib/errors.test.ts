// The error contract through real HTTP: every failure answers {"detail"} or field lists,
// translated by Accept-Language (Italian by default), and never leaks a stack trace.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/app';
import { AppError, fieldError } from './errors';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line: string) => void logLines.push(line) },
    routes: (app) => {
      const r = app.withTypeProvider<ZodTypeProvider>();
      r.post(
        '/api/test/echo/',
        {
          schema: {
            body: z.object({ email: z.email(), name: z.string().min(3), age: z.number().int().min(18) }),
            querystring: z.object({ page: z.coerce.number().int().positive().optional() }),
          },
        },
        async (request) => request.body,
      );
      r.get('/api/test/boom/', async () => {
        throw new Error('secret database password in the message');
      });
      r.get('/api/test/field-error/', async () => {
        throw fieldError({ iban: 'validation:iban' });
      });
      r.get('/api/test/conflict/', async () => {
        throw new AppError('CONFLICT');
      });
      r.get('/api/test/items/:name/', async (request) => request.params);
    },
  });
});
afterAll(async () => t.close());

const en = { 'accept-language': 'en-US,en;q=0.9' };
const it_ = { 'accept-language': 'it-IT' };

describe('unknown API path', () => {
  it('answers 404 {"detail": "Element not found"} in English', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown/', headers: en });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ detail: 'Element not found' });
  });

  it('answers "Elemento non trovato" in Italian, and Italian is the default', async () => {
    const italian = await t.app.inject({ method: 'GET', url: '/api/unknown/', headers: it_ });
    expect(italian.json()).toMatchObject({ detail: 'Elemento non trovato' });
    const unspecified = await t.app.inject({ method: 'DELETE', url: '/api/nothing/here/' });
    expect(unspecified.statusCode).toBe(404);
    expect(unspecified.json()).toMatchObject({ detail: 'Elemento non trovato' });
    expect(unspecified.headers['content-language']).toBe('it');
  });

  it('treats any English variant as English and unsupported languages as Italian', async () => {
    const british = await t.app.inject({ method: 'GET', url: '/api/x/', headers: { 'accept-language': 'en-GB' } });
    expect(british.json().detail).toBe('Element not found');
    const german = await t.app.inject({ method: 'GET', url: '/api/x/', headers: { 'accept-language': 'de-DE' } });
    expect(german.json().detail).toBe('Elemento non trovato');
  });
});

describe('validation failures', () => {
  it('answer 400 with a translated message list per field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: en,
      payload: { email: 'not-an-email', name: 'Al', age: 17 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: ['Value is not a valid email address.'],
      name: ['This field should be at least 3 characters long.'],
      age: ['The minimum value allowed is 18.'],
    });
  });

  it('name missing fields as required, in Italian by default', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo/', payload: { name: 'Alice' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.email).toEqual(['Valore obbligatorio.']);
    expect(body.age).toEqual(['Valore obbligatorio.']);
    expect(body).not.toHaveProperty('name');
  });

  it('cover the query string too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/?page=-1',
      headers: en,
      payload: { email: 'a@b.it', name: 'Alice', age: 30 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['page']);
  });

  it('pass valid input through', async () => {
    const payload = { email: 'a@b.it', name: 'Alice', age: 30 };
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo/?page=2', payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(payload);
  });

  it('raised by a service render as field lists as well', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/field-error/', headers: en });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ iban: ['IBAN is not valid.'] });
  });
});

describe('malformed requests', () => {
  it('invalid JSON answers 400 with a translated detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: { ...en, 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'The request body is not valid JSON.' });
    const italian = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: { ...it_, 'content-type': 'application/json' },
      payload: '{oops}',
    });
    expect(italian.json()).toMatchObject({ detail: 'Il corpo della richiesta non è un JSON valido.' });
  });

  it('an unsupported content type answers 415 with a detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/',
      headers: { ...en, 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ detail: 'Unsupported content type.' });
  });

  it('an address that cannot be decoded answers 400 with a translated detail, in each language', async () => {
    // A path parameter with a broken percent escape: the router cannot decode it into text.
    const linesBefore = logLines.length;
    const res = await t.app.inject({ method: 'GET', url: '/api/test/items/%E0%A4%A/', headers: en });
    expect(res.statusCode).toBe(400);
    // Logged like any request, in its one line, which does not hold the address it was sent.
    const written = logLines.slice(linesBefore);
    expect(written.map((text) => JSON.parse(text))).toMatchObject([
      { msg: 'request', method: 'GET', status: 400, route: null },
    ]);
    expect(written.join('')).not.toContain('%E0');
    expect(res.headers['content-language']).toBe('en');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.json()).toEqual({ detail: 'The address of the request is not valid.', code: 'BAD_URL' });
    const italian = await t.app.inject({ method: 'GET', url: '/api/test/items/%E0%A4%A/' });
    expect(italian.statusCode).toBe(400);
    expect(italian.json()).toEqual({ detail: "L'indirizzo della richiesta non è valido.", code: 'BAD_URL' });
    // The same route answers a well-formed address.
    const fine = await t.app.inject({ method: 'GET', url: '/api/test/items/caff%C3%A8/' });
    expect(fine.json()).toEqual({ name: 'caffè' });
  });

  it('a path parameter longer than any the app uses answers 414 with a translated detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/test/items/${'x'.repeat(600)}/`, headers: en });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ detail: 'The address of the request is too long.', code: 'URL_TOO_LONG' });
  });

  it('application errors keep their status and code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict/', headers: en });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'The operation conflicts with the current state of the data.',
      code: 'CONFLICT',
    });
  });
});

describe('unexpected errors', () => {
  it('answer 500 with a correlation id and no stack or internal message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom/', headers: en });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe('INTERNAL');
    expect(body.detail).toContain('This operation is not possible at this time.');
    expect(body.correlation_id).toMatch(/^[0-9a-f]{16}-[0-9a-z]+$/);
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    expect(body).not.toHaveProperty('stack');
  });

  it('give every request its own correlation id', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/test/boom/' });
    const b = await t.app.inject({ method: 'GET', url: '/api/test/boom/' });
    expect(a.json().correlation_id).not.toBe(b.json().correlation_id);
    expect(a.json().detail).toContain('Questa operazione non è possibile in questo momento.');
  });
});
