// What a person is told when the right password cannot sign them in (disabled, not activated), and the
// login page's "send the activation link again", which must not tell registered addresses apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../lib/outbox';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, TEST_PASSWORD } from '../../test/auth';
import { deliveredLink } from '../../test/outbox';
import { setUserStatus } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const signIn = (payload: Record<string, unknown>, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/token/auth/',
    payload,
    headers: { 'accept-language': language },
  });

describe('messages a person can act on, only after the right password', () => {
  it('a disabled account: says so and how to reach support; a wrong password stays generic', async () => {
    const user = await createUser(t.app, { email: 'disabled@example.com' });
    await setUserStatus(t.app.database.db, user.id, 0);
    const right = await signIn({ email: user.email, password: TEST_PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      detail:
        'Your account has been disabled, so you cannot log in. To find out why or to have it enabled again, write to support@lombard.test.',
      code: 'ACCOUNT_DISABLED',
    });
    const italian = await signIn({ email: user.email, password: TEST_PASSWORD }, 'it');
    expect(italian.json().detail).toContain('scrivi a support@lombard.test');
    const wrong = await signIn({ email: user.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('an account not activated yet: says so (code for the resend button); a wrong password stays generic', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/account/registration/',
      payload: {
        email: 'pending@example.com',
        password: TEST_PASSWORD,
        password_confirm: TEST_PASSWORD,
        first_name: 'Pia',
        last_name: 'Pendente',
        language: 'en',
        accept_terms: true,
        accept_privacy: true,
      },
    });
    const right = await signIn({ email: 'pending@example.com', password: TEST_PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({
      detail:
        'You have not confirmed your e-mail address yet. Open the link we sent you when you registered, or ask for a new one.',
      code: 'ACCOUNT_NOT_ACTIVATED',
    });
    const wrong = await signIn({ email: 'pending@example.com', password: 'not-the-password' });
    expect(wrong.json()).toEqual({
      detail: 'Unable to log in with the e-mail and password provided.',
      code: 'INVALID_CREDENTIALS',
    });
  });
});

describe('POST /api/account/activation/resend/', () => {
  const resend = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/activation/resend/',
      payload: { email },
      headers: { 'accept-language': 'en' },
    });

  it('answers the same for any address; only an account still to activate gets a new, working link', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/account/registration/',
      payload: {
        email: 'resend-me@example.com',
        password: TEST_PASSWORD,
        password_confirm: TEST_PASSWORD,
        first_name: 'Rita',
        last_name: 'Resend',
        language: 'en',
        accept_terms: true,
        accept_privacy: true,
      },
    });
    const active = await createUser(t.app, { email: 'already-on@example.com' });
    const blocked = await createUser(t.app, { email: 'blocked-pending@example.com' });
    await setUserStatus(t.app.database.db, blocked.id, 0);
    const answers = await Promise.all(
      ['resend-me@example.com', active.email, blocked.email, 'no-such-person@example.com'].map(resend),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        detail:
          'If this address belongs to an account that still has to be activated, we have sent it a new activation link.',
      });
    }
    const links = await messagesTo(t.app.database.db, 'resend-me@example.com', 'account_activation');
    expect(links).toHaveLength(2);
    expect(await messagesTo(t.app.database.db, active.email)).toHaveLength(0);
    expect(await messagesTo(t.app.database.db, blocked.email)).toHaveLength(0);
    expect(await messagesTo(t.app.database.db, 'no-such-person@example.com')).toHaveLength(0);

    const [, uid, token] = /user-account-activation\/([^/]+)\/([^/]+)\//.exec(
      await deliveredLink(t.app, 'resend-me@example.com', 'account_activation'),
    )!;
    expect((await t.app.inject({ method: 'GET', url: `/api/account/activate-user/${uid}/${token}/` })).statusCode).toBe(
      200,
    );
    expect((await signIn({ email: 'resend-me@example.com', password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses a malformed address with a field error and sends nothing', async () => {
    const res = await resend('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['email']);
  });
});
