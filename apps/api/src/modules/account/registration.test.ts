import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens, users } from '../../db/schema/accounts';
import { messagesTo } from '../../lib/outbox';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PASSWORD = 'Solid-pass-2026';
const form = (over: Record<string, unknown> = {}) => ({
  email: 'new.person@example.com',
  password: PASSWORD,
  password_confirm: PASSWORD,
  first_name: 'Nora',
  last_name: 'Neri',
  language: 'en',
  accept_terms: true,
  accept_privacy: true,
  ...over,
});
const register = (payload: Record<string, unknown>, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/registration/',
    payload,
    headers: { 'accept-language': language },
  });
const signIn = (email: string, password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/account/token/auth/', payload: { email, password } });
const activate = (uid: string, token: string, language = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/api/account/activate-user/${uid}/${token}/`,
    headers: { 'accept-language': language },
  });

async function activationLink(email: string) {
  const [mail] = await messagesTo(t.app.database.db, email, 'account_activation');
  const url = (mail?.meta as { url?: string } | undefined)?.url ?? '';
  const match = /\/user-account-activation\/([^/]+)\/([^/]+)\/$/.exec(url);
  if (!match) throw new Error(`no activation link for ${email}`);
  return { uid: match[1]!, token: match[2]!, mail: mail! };
}

describe('POST /api/account/registration/', () => {
  it('creates an inactive base user and e-mails an activation link in the chosen language', async () => {
    const res = await register(form({ email: '  Giulia.Rossi@Example.IT ', language: 'it', first_name: ' Giulia ' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      detail: 'A confirmation link has been sent to your e-mail address. Open it to continue.',
    });

    const [row] = await t.app.database.db.select().from(users).where(eq(users.email, 'Giulia.Rossi@example.it'));
    expect(row).toMatchObject({ firstName: 'Giulia', attributes: ['base'], activatedAt: null, language: 'it' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const { mail } = await activationLink('Giulia.Rossi@example.it');
    expect(mail.subject).toBe('Conferma il tuo indirizzo email');
    expect(mail.text).toContain('Ciao Giulia,');
    expect(mail.text).toContain('Il link è valido per 72 ore');
    expect(mail.text).toContain('support@lombard.test');
    expect(mail.html).toContain('/user-account-activation/');
    expect((await signIn('Giulia.Rossi@example.it')).statusCode).toBe(401);
  });

  it('activation works once; then the user signs in; a second use answers 400', async () => {
    await register(form({ email: 'activate.me@example.com' }));
    const { uid, token } = await activationLink('activate.me@example.com');
    const first = await activate(uid, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ detail: 'Your e-mail address has been verified. You can now log in.' });
    expect((await signIn('activate.me@example.com')).statusCode).toBe(200);

    const again = await activate(uid, token, 'it');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      detail: 'Errore durante la verifica della tua email',
      code: 'EMAIL_VERIFICATION_FAILED',
    });
  });

  it('a tampered token, a uid of another user or an expired link answers 400 "Error verifying your email"', async () => {
    await register(form({ email: 'tamper@example.com' }));
    const { uid, token } = await activationLink('tamper@example.com');
    const other = Buffer.from('999999').toString('base64url');
    for (const [u, tk] of [
      [uid, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`],
      [other, token],
      ['%%%', token],
    ] as const) {
      const res = await activate(encodeURIComponent(u), tk);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('Error verifying your email');
    }
    await t.app.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.purpose, 'activation'));
    expect((await activate(uid, token)).statusCode).toBe(400);
    expect((await signIn('tamper@example.com')).statusCode).toBe(401);
  });

  it('answers the same for a known address and warns its owner instead of creating a second account', async () => {
    const owner = await createUser(t.app, { email: 'owner@example.com', language: 'it', firstName: 'Olga' });
    const known = await register(form({ email: 'OWNER@example.com', first_name: 'Intruder' }));
    const unknown = await register(form({ email: 'fresh@example.com' }));
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual(unknown.json());

    const accounts = await t.app.database.db.select().from(users).where(eq(users.id, owner.id));
    expect(accounts[0]!.firstName).toBe('Olga');
    const [warning] = await messagesTo(t.app.database.db, 'owner@example.com', 'registration_attempt');
    expect(warning?.subject).toBe('Qualcuno ha provato a registrarsi con il tuo indirizzo email');
    expect(warning?.language).toBe('it');
    expect(await messagesTo(t.app.database.db, 'OWNER@example.com', 'account_activation')).toHaveLength(0);
  });

  it('a known but never-activated address gets a fresh activation link; the old one stops working', async () => {
    await register(form({ email: 'twice@example.com' }));
    const old = await activationLink('twice@example.com');
    await register(
      form({ email: 'twice@example.com', password: 'Another-pass-99', password_confirm: 'Another-pass-99' }),
    );
    const fresh = await activationLink('twice@example.com');
    expect(fresh.token).not.toBe(old.token);
    expect((await activate(old.uid, old.token)).statusCode).toBe(400);
    expect((await activate(fresh.uid, fresh.token)).statusCode).toBe(200);
    // The second submission did not replace the first password.
    expect((await signIn('twice@example.com', 'Another-pass-99')).statusCode).toBe(401);
    expect((await signIn('twice@example.com')).statusCode).toBe(200);
  });

  it('names every invalid field with the §5 messages and creates nothing', async () => {
    const res = await register(
      {
        email: 'broken',
        password: 'short',
        password_confirm: 'different',
        first_name: '   ',
        language: 'de',
        accept_terms: false,
      },
      'en',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: ['Value is not a valid email address.'],
      password: ['This field should be at least 8 characters long.'],
      password_confirm: ["Passwords don't match."],
      first_name: ['Value is required.'],
      last_name: ['Value is required.'],
      language: ['Value is not valid.'],
      accept_terms: ['Value is required.'],
      accept_privacy: ['Value is required.'],
    });
    expect(await t.app.database.db.select().from(users).where(eq(users.email, 'broken'))).toHaveLength(0);
  });

  it('refuses a common password, the e-mail as password and an unknown referral code', async () => {
    const common = await register(
      form({ email: 'weak@example.com', password: 'Password123', password_confirm: 'Password123' }),
    );
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ password: ['This password is too common. Choose one that is harder to guess.'] });

    const same = await register(
      form({
        email: 'same.as.mail@example.com',
        password: 'same.as.mail@example.com',
        password_confirm: 'same.as.mail@example.com',
      }),
      'it',
    );
    expect(same.json()).toEqual({ password: ['La password non può essere il tuo indirizzo email.'] });

    const referral = await register(form({ email: 'referred@example.com', referral_code: 'NOPE0000' }));
    expect(referral.json()).toEqual({ referral_code: ['This referral code does not exist.'] });
    expect(await messagesTo(t.app.database.db, 'referred@example.com')).toHaveLength(0);
  });

  it('records a valid referral code and the partner the visitor came from', async () => {
    const res = await register(
      form({ email: 'friend@example.com', referral_code: 'demobase', partner: 'acme-robotics' }),
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.database.db.select().from(users).where(eq(users.email, 'friend@example.com'));
    expect(row).toMatchObject({ referredBy: 'DEMOBASE', partnerSlug: 'acme-robotics' });
    expect(row!.referralCode).toMatch(/^[A-Z0-9]{8}$/);
  });
});
