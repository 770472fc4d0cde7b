import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens, users } from '../../db/schema/accounts';
import { messagesTo } from '../../lib/outbox';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/auth';
import { delivered, linkIn } from '../../test/outbox';

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
  const [mail] = await delivered(t.app, email, 'account_activation');
  const url = mail ? linkIn(mail) : '';
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
    // The right password on an account that is not active yet says so (and only then: see auth tests).
    const early = await signIn('Giulia.Rossi@example.it');
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('ACCOUNT_NOT_ACTIVATED');
  });

  it('activation works once; then the user signs in; the same link again says the account is already active', async () => {
    await register(form({ email: 'activate.me@example.com' }));
    const { uid, token } = await activationLink('activate.me@example.com');
    const first = await activate(uid, token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      detail: 'Your e-mail address has been verified. You can now log in.',
      already_active: false,
    });
    expect((await signIn('activate.me@example.com')).statusCode).toBe(200);

    // A reload of the page, a second click in the e-mail: nothing to do, and nothing went wrong.
    const again = await activate(uid, token, 'it');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      detail: 'Il tuo account è già attivo: accedi con la tua email e la tua password.',
      already_active: true,
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
    expect((await signIn('tamper@example.com')).json().code).toBe('ACCOUNT_NOT_ACTIVATED');
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

  it('pre-hijacking: a later registration of a pending address replaces the first registrant entirely', async () => {
    // The attacker registers the victim's address before the victim does.
    const attacker = form({
      email: 'victim@example.com',
      password: 'Attacker-pass-77',
      password_confirm: 'Attacker-pass-77',
      first_name: 'Mallory',
      last_name: 'Evil',
    });
    const first = await register(attacker);
    const attackerLink = await activationLink('victim@example.com');
    // The victim registers with their own password: the answer is the one any new address gets.
    const victimForm = form({ email: 'Victim@example.com', first_name: 'Vera', last_name: 'Verdi' });
    const second = await register(victimForm);
    const brandNew = await register(form({ email: 'someone.else@example.com' }));
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual(brandNew.json());
    expect(await messagesTo(t.app.database.db, 'Victim@example.com', 'registration_attempt')).toHaveLength(0);

    // The victim activates from their mailbox with the latest link.
    const victimLink = await activationLink('Victim@example.com');
    expect(victimLink.token).not.toBe(attackerLink.token);
    expect((await activate(victimLink.uid, victimLink.token)).statusCode).toBe(200);

    // The attacker's password and older link are dead; the victim's details and password are the ones kept.
    const attempt = await signIn('victim@example.com', 'Attacker-pass-77');
    expect(attempt.statusCode).toBe(401);
    expect(attempt.json().code).toBe('INVALID_CREDENTIALS');
    expect((await activate(attackerLink.uid, attackerLink.token)).statusCode).toBe(400);
    expect((await signIn('victim@example.com')).statusCode).toBe(200);
    const [row] = await t.app.database.db.select().from(users).where(eq(users.email, 'Victim@example.com'));
    expect(row).toMatchObject({ firstName: 'Vera', lastName: 'Verdi' });
  });

  it('pre-hijacking: the first registrant’s link, opened after the owner re-registered, does not activate', async () => {
    await register(
      form({ email: 'early@example.com', password: 'Attacker-pass-77', password_confirm: 'Attacker-pass-77' }),
    );
    const attackerLink = await activationLink('early@example.com');
    await register(form({ email: 'early@example.com' }));
    expect((await activate(attackerLink.uid, attackerLink.token)).statusCode).toBe(400);
    expect((await signIn('early@example.com', 'Attacker-pass-77')).statusCode).toBe(401);
    expect((await signIn('early@example.com')).json().code).toBe('ACCOUNT_NOT_ACTIVATED');
  });

  it('names every invalid field with its validation message and creates nothing', async () => {
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

  it('refuses weak passwords (common, repeated, the name, the e-mail, the product) and an unknown referral code', async () => {
    const weak = ['aaaaaaaa', '        ', 'Lombard2026', 'Password123', 'NoraNeri1', 'nora.neri@example.com'];
    for (const password of weak) {
      const res = await register(form({ email: 'nora.neri@example.com', password, password_confirm: password }));
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual({
        password: [
          'This password is too easy to guess. Avoid common words, your name, your e-mail address and the name Lombard: a few unrelated words or a longer phrase work best.',
        ],
      });
    }
    const italian = await register(
      form({ email: 'nora.neri@example.com', password: 'aaaaaaaa', password_confirm: 'aaaaaaaa' }),
      'it',
    );
    expect(italian.json().password[0]).toMatch(/^Questa password è troppo facile da indovinare/);
    expect(await t.app.database.db.select().from(users).where(eq(users.email, 'nora.neri@example.com'))).toHaveLength(
      0,
    );
    expect(await messagesTo(t.app.database.db, 'nora.neri@example.com')).toHaveLength(0);

    // Any characters, no composition rules: a long phrase of plain words is fine.
    const phrase = 'tramonto sulle colline di velluto';
    const ok = await register(form({ email: 'phrase@example.com', password: phrase, password_confirm: phrase }));
    expect(ok.statusCode).toBe(200);

    const referral = await register(form({ email: 'referred@example.com', referral_code: 'NOPE0000' }));
    expect(referral.json()).toEqual({ referral_code: ['This referral code does not exist.'] });
    expect(await messagesTo(t.app.database.db, 'referred@example.com')).toHaveLength(0);
  });

  it('refuses control characters in the names (they would reach e-mail headers and bodies) and writes nothing', async () => {
    for (const [field, value] of [
      ['first_name', 'Mario\r\nBcc: x@evil.example'],
      ['last_name', 'Rossi\u0000'],
      ['first_name', 'Mario\tRossi'],
    ] as const) {
      const res = await register(form({ email: 'crlf@example.com', [field]: value }));
      expect(res.statusCode, value).toBe(400);
      expect(Object.keys(res.json())).toEqual([field]);
    }
    expect(await t.app.database.db.select().from(users).where(eq(users.email, 'crlf@example.com'))).toHaveLength(0);
    expect(await messagesTo(t.app.database.db, 'crlf@example.com')).toHaveLength(0);
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
