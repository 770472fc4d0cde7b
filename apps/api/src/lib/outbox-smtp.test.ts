// E-mail over a real SMTP connection: SMTP_URL points at a server on loopback (test/smtp.ts); the
// account flows send their e-mails through it in the customer's language, and a refusal leaves the
// message for a later try with the server's reply for operators, nothing secret in the log.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../db/schema/outbox';
import { createTestApp, type TestApp } from '../test/app';
import { createUser } from '../test/auth';
import { startTestSmtp, type TestSmtp } from '../test/smtp';
import { retryDelayMs } from './outbox-dispatcher';

const SMTP_PASSWORD = 'smtp-Secret-42';
const lines: string[] = [];
let offset = 0;
let smtp: TestSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtp({ user: 'mailer', password: SMTP_PASSWORD });
  t = await createTestApp({
    seed: false,
    env: {
      SMTP_URL: smtp.url('mailer', SMTP_PASSWORD),
      MAIL_FROM: 'Lombard <no-reply@lombard.example>',
      PUBLIC_URL: 'https://lombard.example',
      LOG_LEVEL: 'info',
    },
    logStream: { write: (line: string) => void lines.push(line) },
    clock: () => new Date(Date.now() + offset),
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const register = (email: string, language: 'it' | 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/registration/',
    payload: {
      email,
      password: 'Solid-pass-2026',
      password_confirm: 'Solid-pass-2026',
      first_name: 'Nina',
      last_name: 'Nuova',
      language,
      accept_terms: true,
      accept_privacy: true,
    },
  });
const resetPassword = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/rest-auth/password/reset/', payload: { email } });
const rowsTo = (email: string) =>
  t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
const mailTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

describe('e-mail through SMTP', () => {
  it('sends the activation e-mail in the chosen language, with a link that activates the account', async () => {
    expect((await register('nina@example.it', 'it')).statusCode).toBe(200);
    await t.app.outbox.flush();
    const [received] = mailTo('nina@example.it');
    expect(received!.mail.from?.value).toEqual([{ name: 'Lombard', address: 'no-reply@lombard.example' }]);
    expect(received!.to).toEqual(['nina@example.it']);
    expect(received!.mail.subject).toBe('Conferma il tuo indirizzo email');
    expect(received!.mail.text).toContain('Ciao Nina,');
    expect(received!.mail.text).toContain('Il link è valido per');
    expect(received!.mail.html).toContain('Conferma indirizzo email');
    const link = /https:\/\/lombard\.example\/user-account-activation\/([^/]+)\/([^/]+)\/\s*$/m.exec(
      received!.mail.text ?? '',
    );
    const activated = await t.app.inject({ method: 'GET', url: `/api/account/activate-user/${link![1]}/${link![2]}/` });
    expect(activated.statusCode).toBe(200);
    const [row] = await rowsTo('nina@example.it');
    expect(row).toMatchObject({ status: 'sent', text: '', html: null, providerMessageId: received!.mail.messageId });
  });

  it('sends a password reset in English to an English-speaking customer', async () => {
    await createUser(t.app, { email: 'oliver@example.com', language: 'en', firstName: 'Oliver' });
    await resetPassword('oliver@example.com');
    await t.app.outbox.flush();
    const [received] = mailTo('oliver@example.com');
    expect(received!.to).toEqual(['oliver@example.com']);
    expect(received!.mail.subject).toBe('Reset your password');
    expect(received!.mail.text).toContain('Hello Oliver,');
    expect(received!.mail.text).toMatch(/https:\/\/lombard\.example\/\S+/);
  });

  it('keeps a refused e-mail with the server reply, sends it once accepted, and logs no secret', async () => {
    await createUser(t.app, { email: 'full.mailbox@example.org', language: 'it' });
    smtp.refuse.add('full.mailbox@example.org');
    await resetPassword('full.mailbox@example.org');
    const [pending] = await rowsTo('full.mailbox@example.org');
    const link = /https?:\/\/\S+/.exec(pending!.text)![0];
    await t.app.outbox.flush();

    let [row] = await rowsTo('full.mailbox@example.org');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/^the SMTP server refused: 550 5\.1\.1 Mailbox unavailable/);
    expect(mailTo('full.mailbox@example.org')).toHaveLength(0);

    smtp.refuse.clear();
    await t.app.outbox.flush();
    expect(mailTo('full.mailbox@example.org')).toHaveLength(0);
    offset += retryDelayMs(1) + 1_000;
    await t.app.outbox.flush();
    [row] = await rowsTo('full.mailbox@example.org');
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    const [received] = mailTo('full.mailbox@example.org');
    expect(received!.mail.subject).toBe('Reimposta la tua password');
    expect(received!.mail.text).toContain(link);

    const logged = lines.join('\n');
    expect(logged).toContain('outbox: delivery failed; will retry');
    expect(logged).toContain('outbox: e-mail by SMTP smtp://127.0.0.1:');
    expect(logged).not.toContain(SMTP_PASSWORD);
    expect(logged).not.toContain(link.split('/').filter(Boolean).at(-1)!);
    expect(logged).not.toContain('full.mailbox');
  });
});
