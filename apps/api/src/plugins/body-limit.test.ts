// A JSON body is parsed whole in memory before any check: every route takes a small one, and only the
// route that needs more (an export of hand-picked rows) says so.
import { BULK_SELECTION_BODY_LIMIT_BYTES, JSON_BODY_LIMIT_BYTES } from '@lombard/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { loginAs, type Session } from '../test/auth';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.lombard.test');
});
afterAll(async () => t.close());

const signIn = (password: string, language: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/token/auth/',
    headers: { 'accept-language': language },
    payload: { email: 'customer@demo.lombard.test', password, rememberMe: false },
  });

describe('JSON body limit', () => {
  it('refuses a 100 KB body to an ordinary route with a translated 413', async () => {
    const big = 'x'.repeat(100 * 1024);
    const it_ = await signIn(big, 'it');
    expect(it_.statusCode).toBe(413);
    expect(it_.json()).toEqual({ detail: 'Il contenuto inviato è troppo grande.', code: 'PAYLOAD_TOO_LARGE' });
    const en = await signIn(big, 'en');
    expect(en.statusCode).toBe(413);
    expect(en.json().detail).toBe('The content sent is too large.');
    // The limit is the route's: the same call with an ordinary body is answered as before.
    expect((await signIn('not the password', 'en')).statusCode).toBe(401);
  });

  it('still takes a large selection where the route needs one (an export of many rows)', async () => {
    const users = (
      await t.app.inject({ method: 'GET', url: '/api/v1/backoffice/users/?per_page=100', headers: admin.headers })
    ).json().results as { id: number }[];
    // Every listed user, padded with ids that match no row, to a body well past the default limit.
    const ids = [...users.map((u) => u.id), ...Array.from({ length: 20_000 }, (_, i) => 10_000_000 + i)];
    const payload = JSON.stringify({ filtered_ids: ids });
    expect(payload.length).toBeGreaterThan(JSON_BODY_LIMIT_BYTES);
    expect(payload.length).toBeLessThan(BULK_SELECTION_BODY_LIMIT_BYTES);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/backoffice/users/export-xlsx/',
      headers: { ...admin.headers, 'content-type': 'application/json', 'accept-language': 'en' },
      payload,
    });
    expect(res.statusCode).toBe(202);
  });
});
