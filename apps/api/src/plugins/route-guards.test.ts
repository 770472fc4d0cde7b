// Protected routes answer 401 to an anonymous caller before reading or validating the body, and say in the
// OpenAPI document that they need a bearer token; a route that attaches a guard too late does not start.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireAuth } from '../lib/auth-guards';
import { createTestApp, type TestApp } from '../test/app';
import { createUser, loginAs, type Session } from '../test/auth';
import { routeGuardsPlugin } from './route-guards';

let t: TestApp;
let customer: Session;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  await createUser(t.app, { email: 'guards@example.com' });
  customer = await loginAs(t.app, 'guards@example.com');
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  method: Method;
  path: string;
  url: string;
  security: unknown;
}

async function operations(): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const list: Operation[] = [];
  for (const [path, byMethod] of Object.entries<Record<string, { security?: unknown }>>(doc.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      list.push({
        method: method.toUpperCase() as Method,
        path,
        url: path.replace(/\{[^}]+\}/g, '1'),
        security: operation.security,
      });
    }
  }
  return list;
}

const BAD_BODIES = [
  { payload: '{"language": ', contentType: 'application/json' },
  { payload: JSON.stringify({ language: 'klingon', status: 'x', name: 'a\u0000b', id: [] }) },
  { payload: JSON.stringify('\uD800') },
];

describe('authentication comes before validation', () => {
  it('every protected route answers 401 to an anonymous caller, whatever the body', async () => {
    const protectedOps = (await operations()).filter((op) => op.security !== undefined);
    expect(protectedOps.length).toBeGreaterThan(30);
    for (const op of protectedOps) {
      for (const body of BAD_BODIES) {
        const withBody = op.method !== 'GET' && op.method !== 'DELETE';
        const res = await t.app.inject({
          method: op.method,
          url: `${op.url}?page=%00`,
          ...(withBody
            ? { payload: body.payload, headers: { 'content-type': body.contentType ?? 'application/json' } }
            : {}),
        });
        expect({ route: `${op.method} ${op.path}`, status: res.statusCode }).toEqual({
          route: `${op.method} ${op.path}`,
          status: 401,
        });
        expect(res.json().code).toBe('UNAUTHENTICATED');
      }
    }
  });

  it('a signed-in caller still gets the validation answer (400), or 403 where the profile is missing', async () => {
    const language = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/user/change-language/',
      payload: { language: 'klingon' },
      headers: customer.headers,
    });
    expect(language.statusCode).toBe(400);
    expect(language.json()).toHaveProperty('language');

    const operatorOnly = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/backoffice/users/1/',
      payload: { first_name: '\u0000' },
      headers: customer.headers,
    });
    expect(operatorOnly.statusCode).toBe(403);
  });

  it('refuses to start with a guard attached after the body is read', async () => {
    const app = Fastify();
    await app.register(routeGuardsPlugin);
    expect(() => app.post('/api/test/late-guard/', { preHandler: requireAuth }, async () => ({ ok: true }))).toThrow(
      /POST \/api\/test\/late-guard\/: attach auth guards as onRequest/,
    );
    await app.close();
  });
});

describe('OpenAPI security', () => {
  it('declares the bearer scheme on exactly the routes that need a token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const op of await operations()) {
      // An empty body: public routes answer 200, 400 or 404, never 401.
      const res = await t.app.inject({ method: op.method, url: op.url });
      const needsToken = res.statusCode === 401;
      expect({ route: `${op.method} ${op.path}`, security: op.security }).toEqual({
        route: `${op.method} ${op.path}`,
        security: needsToken ? [{ bearerAuth: [] }] : undefined,
      });
    }
    const resource = doc.paths['/api/v1/backoffice/users/{id}/'];
    expect(resource.put.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/notifications/'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/get-global-config/'].get.security).toBeUndefined();
  });
});
