import { meSchema } from '@lombard/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens, users } from '../../db/schema/accounts';
import { messagesTo } from '../../lib/outbox';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, TEST_PASSWORD } from '../../test/auth';
import { delivered, deliveredLink } from '../../test/outbox';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, options: { payload?: object; auth?: string; language?: string } = {}) =>
  t.app.inject({
    method,
    url,
    ...(options.payload ? { payload: options.payload } : {}),
    headers: {
      'accept-language': options.language ?? 'en',
      ...(options.auth ? { authorization: `Bearer ${options.auth}` } : {}),
    },
  });
const signIn = (email: string, password: string) =>
  call('POST', '/api/account/token/auth/', { payload: { email, password } });

async function linkIn(email: string, template: string) {
  const url = await deliveredLink(t.app, email, template);
  const match = /\/([^/]+)\/([^/]+)\/$/.exec(url);
  if (!match) throw new Error(`no ${template} link for ${email}`);
  return { url, uid: match[1]!, token: match[2]! };
}

describe('GET /api/account/me/', () => {
  it('answers the current user in the shared shape', async () => {
    const user = await createUser(t.app, {
      email: 'me@example.com',
      firstName: 'Marta',
      lastName: 'Melis',
      attributes: ['customer', 'lead'],
      language: 'it',
    });
    const session = await loginAs(t.app, user.email);
    const res = await call('GET', '/api/account/me/', { auth: session.access });
    expect(res.statusCode).toBe(200);
    const body = meSchema.parse(res.json());
    expect(body).toMatchObject({
      email: 'me@example.com',
      full_name: 'Marta Melis',
      contact: user.id,
      profile: 'customer',
      attributes: ['customer', 'lead'],
      username: 'me@example.com',
      language: 'it',
      contact_avatar_base64: null,
      is_superuser: false,
    });
    expect(body.referral_code).toMatch(/^[A-Z0-9]{8}$/);
  });
});

describe('PATCH /api/account/user/change-language/', () => {
  it('saves the language for later sessions and refuses anything but it and en', async () => {
    const user = await createUser(t.app, { email: 'lang@example.com', language: 'it' });
    const session = await loginAs(t.app, user.email);
    const res = await call('PATCH', '/api/account/user/change-language/', {
      auth: session.access,
      payload: { language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'en' });
    const later = await loginAs(t.app, user.email);
    expect((await call('GET', '/api/account/me/', { auth: later.access })).json().language).toBe('en');

    const bad = await call('PATCH', '/api/account/user/change-language/', {
      auth: session.access,
      payload: { language: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ language: ['Value is not valid.'] });
    const anonymous = await call('PATCH', '/api/account/user/change-language/', { payload: { language: 'it' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PATCH /api/account/email/change/', () => {
  it('sends a link to the new address and a notice to the old; ends every session; old address works until confirmed', async () => {
    const user = await createUser(t.app, { email: 'old@example.com' });
    const session = await loginAs(t.app, user.email);
    const res = await call('PATCH', '/api/account/email/change/', {
      auth: session.access,
      payload: { password: TEST_PASSWORD, new_email: 'New@Example.com', new_email_confirm: 'new@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail: 'A confirmation link has been sent to your e-mail address. Open it to continue.',
    });
    expect((await call('GET', '/api/account/me/', { auth: session.access })).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/account/token/refresh/', { payload: { refresh: session.refresh } })).statusCode,
    ).toBe(401);

    const [notice] = await delivered(t.app, 'old@example.com', 'email_change_notice');
    expect(notice?.text).toContain('New@example.com');
    const link = await linkIn('New@example.com', 'email_change_confirm');
    expect(link.url).toContain('/user-account-activation/');

    expect((await signIn('old@example.com', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signIn('New@example.com', TEST_PASSWORD)).statusCode).toBe(401);

    const confirm = await call('GET', `/api/account/activate-user/${link.uid}/${link.token}/`);
    expect(confirm.statusCode).toBe(200);
    expect((await signIn('old@example.com', TEST_PASSWORD)).statusCode).toBe(401);
    const fresh = await signIn('new@example.com', TEST_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect((await call('GET', '/api/account/me/', { auth: fresh.json().access })).json().email).toBe('New@example.com');
    expect((await call('GET', `/api/account/activate-user/${link.uid}/${link.token}/`)).statusCode).toBe(400);
  });

  it('refuses a wrong password, the same address and mismatched confirmation; nothing is sent', async () => {
    const user = await createUser(t.app, { email: 'stay@example.com' });
    const session = await loginAs(t.app, user.email);
    const change = (payload: object) => call('PATCH', '/api/account/email/change/', { auth: session.access, payload });
    const wrong = await change({
      password: 'not-mine-123',
      new_email: 'x@example.com',
      new_email_confirm: 'x@example.com',
    });
    expect(wrong.json()).toEqual({ password: ['The password is not correct.'] });
    const same = await change({
      password: TEST_PASSWORD,
      new_email: 'STAY@example.com',
      new_email_confirm: 'stay@example.com',
    });
    expect(same.json()).toEqual({ new_email: ['The new e-mail address is the same as the current one.'] });
    const mismatch = await change({
      password: TEST_PASSWORD,
      new_email: 'a@example.com',
      new_email_confirm: 'b@example.com',
    });
    expect(mismatch.json()).toEqual({ new_email_confirm: ["Email addresses don't match."] });
    for (const res of [wrong, same, mismatch]) expect(res.statusCode).toBe(400);
    expect(await messagesTo(t.app.database.db, 'stay@example.com')).toHaveLength(0);
    expect((await call('GET', '/api/account/me/', { auth: session.access })).statusCode).toBe(200);
  });
});

describe('POST /api/rest-auth/password/change/', () => {
  it('saves the new password, keeps this session, ends the others and sends a notice', async () => {
    const user = await createUser(t.app, { email: 'change-pw@example.com' });
    const current = await loginAs(t.app, user.email);
    const other = await loginAs(t.app, user.email);
    const res = await call('POST', '/api/rest-auth/password/change/', {
      auth: current.access,
      payload: { old_password: TEST_PASSWORD, new_password1: 'Fresh-pass-2027', new_password2: 'Fresh-pass-2027' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'New password has been saved.' });
    expect((await call('GET', '/api/account/me/', { auth: current.access })).statusCode).toBe(200);
    expect((await call('GET', '/api/account/me/', { auth: other.access })).statusCode).toBe(401);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(user.email, 'Fresh-pass-2027')).statusCode).toBe(200);
    expect(await messagesTo(t.app.database.db, user.email, 'password_changed')).toHaveLength(1);
  });

  it('refuses a wrong old password, a weak or mismatched new one; the password stays', async () => {
    const user = await createUser(t.app, { email: 'keep-pw@example.com' });
    const session = await loginAs(t.app, user.email);
    const change = (payload: object) =>
      call('POST', '/api/rest-auth/password/change/', { auth: session.access, payload, language: 'it' });
    const wrong = await change({
      old_password: 'nope-nope',
      new_password1: 'Fresh-pass-2027',
      new_password2: 'Fresh-pass-2027',
    });
    expect(wrong.json()).toEqual({ old_password: ['La password non è corretta.'] });
    const common = await change({
      old_password: TEST_PASSWORD,
      new_password1: 'qwerty123',
      new_password2: 'qwerty123',
    });
    expect(common.json().new_password1[0]).toMatch(/^Questa password è troppo facile da indovinare/);
    // The account holder's own name is as easy to guess as a common word.
    const ownName = await change({
      old_password: TEST_PASSWORD,
      new_password1: 'TestUser2026',
      new_password2: 'TestUser2026',
    });
    expect(ownName.statusCode).toBe(400);
    expect(Object.keys(ownName.json())).toEqual(['new_password1']);
    const mismatch = await change({
      old_password: TEST_PASSWORD,
      new_password1: 'Fresh-pass-2027',
      new_password2: 'Other-pass-2027',
    });
    expect(mismatch.json()).toEqual({ new_password2: ['Le password non corrispondono.'] });
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  const reset = (email: string) => call('POST', '/api/rest-auth/password/reset/', { payload: { email } });
  const confirm = (payload: object, language = 'en') =>
    call('POST', '/api/rest-auth/password/reset/confirm/', { payload, language });

  it('answers the same for known and unknown addresses; only the known one gets an e-mail', async () => {
    await createUser(t.app, { email: 'known@example.com' });
    const known = await reset('known@example.com');
    const unknown = await reset('unknown@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().detail).toContain('If this address belongs to an account');
    expect(await messagesTo(t.app.database.db, 'known@example.com', 'password_reset')).toHaveLength(1);
    expect(await messagesTo(t.app.database.db, 'unknown@example.com')).toHaveLength(0);
  });

  it('the link sets a new password once, ends every session; the old password fails', async () => {
    const user = await createUser(t.app, { email: 'forgot@example.com' });
    const session = await loginAs(t.app, user.email);
    await reset(user.email);
    const { uid, token, url } = await linkIn(user.email, 'password_reset');
    expect(url).toContain('/reset-password-confirm/');
    const body = { uid, token, new_password1: 'Recovered-2026', new_password2: 'Recovered-2026' };
    const res = await confirm(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Your password has been reset. You can now log in with the new password.' });
    expect((await call('GET', '/api/account/me/', { auth: session.access })).statusCode).toBe(401);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(user.email, 'Recovered-2026')).statusCode).toBe(200);

    const again = await confirm({ ...body, new_password1: 'Another-2026x', new_password2: 'Another-2026x' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_LINK_INVALID');
  });

  it('a weak password is refused without spending the link; tampered and expired links are refused', async () => {
    const user = await createUser(t.app, { email: 'reset-rules@example.com' });
    await reset(user.email);
    const { uid, token } = await linkIn(user.email, 'password_reset');
    const weak = await confirm({ uid, token, new_password1: 'password1', new_password2: 'password1' });
    expect(weak.json().new_password1[0]).toMatch(/^This password is too easy to guess/);
    const tampered = await confirm(
      { uid, token: `${token}x`, new_password1: 'Good-pass-2026', new_password2: 'Good-pass-2026' },
      'it',
    );
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().detail).toBe(
      'Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.',
    );
    await t.app.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const expired = await confirm({ uid, token, new_password1: 'Good-pass-2026', new_password2: 'Good-pass-2026' });
    expect(expired.statusCode).toBe(400);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a name stored with CR/LF before names were checked stays on one line in the e-mail', async () => {
    const user = await createUser(t.app, { email: 'legacy-name@example.com' });
    await t.app.database.db
      .update(users)
      .set({ firstName: 'Mario\r\nBcc: victim@example.com' })
      .where(eq(users.id, user.id));
    await reset(user.email);
    const [mail] = await delivered(t.app, user.email, 'password_reset');
    expect(mail!.text.split('\n')[0]).toBe('Hello Mario Bcc: victim@example.com,');
    expect(mail!.text).not.toMatch(/\r|\nBcc:/);
    expect(mail!.html).not.toMatch(/\r|\nBcc:/);
  });

  it('a newer reset e-mail retires the earlier link', async () => {
    const user = await createUser(t.app, { email: 'two-resets@example.com' });
    await reset(user.email);
    const first = await linkIn(user.email, 'password_reset');
    await reset(user.email);
    const second = await linkIn(user.email, 'password_reset');
    const pw = { new_password1: 'Newest-pass-1', new_password2: 'Newest-pass-1' };
    expect((await confirm({ uid: first.uid, token: first.token, ...pw })).statusCode).toBe(400);
    expect((await confirm({ uid: second.uid, token: second.token, ...pw })).statusCode).toBe(200);
  });
});
