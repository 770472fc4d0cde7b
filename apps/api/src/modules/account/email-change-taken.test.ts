// Changing the e-mail to an address that already has an account must not reveal that it does: the
// caller gets the usual answer and the address's owner is told instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../lib/outbox';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, TEST_PASSWORD } from '../../test/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'PATCH', url: string, options: { payload?: object; auth?: string } = {}) =>
  t.app.inject({
    method,
    url,
    ...(options.payload ? { payload: options.payload } : {}),
    headers: { 'accept-language': 'en', ...(options.auth ? { authorization: `Bearer ${options.auth}` } : {}) },
  });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/token/auth/', payload: { email, password } });

describe('PATCH /api/account/email/change/ to a taken address', () => {
  it('answers as for a free address, tells the taken address’s owner instead, and changes nothing', async () => {
    const user = await createUser(t.app, { email: 'mover@example.com' });
    const owner = await createUser(t.app, { email: 'occupied@example.com', language: 'it', firstName: 'Olga' });
    const change = async (newEmail: string) => {
      const session = await loginAs(t.app, user.email);
      const res = await call('PATCH', '/api/account/email/change/', {
        auth: session.access,
        payload: { password: TEST_PASSWORD, new_email: newEmail, new_email_confirm: newEmail },
      });
      return { res, session };
    };
    const free = await change('vacant@example.com');
    const taken = await change('Occupied@example.com');
    expect(taken.res.statusCode).toBe(free.res.statusCode);
    expect(taken.res.json()).toEqual(free.res.json());
    // Same visible effect for the caller too: the session ends, the old address gets its notice.
    expect((await call('GET', '/api/account/me/', { auth: taken.session.access })).statusCode).toBe(401);
    const notices = await messagesTo(t.app.database.db, 'mover@example.com', 'email_change_notice');
    expect(notices).toHaveLength(2);

    // The owner of the taken address is told, in their language, and gets no confirmation link.
    const [warning] = await messagesTo(t.app.database.db, 'occupied@example.com', 'email_change_taken');
    expect(warning?.subject).toBe('Qualcuno ha provato a spostare un account sul tuo indirizzo email');
    expect(warning?.text).toContain('Ciao Olga,');
    expect(await messagesTo(t.app.database.db, 'Occupied@example.com', 'email_change_confirm')).toHaveLength(0);
    expect((await signIn(owner.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
