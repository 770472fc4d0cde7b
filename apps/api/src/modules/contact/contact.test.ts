import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/contact';
import { createTestApp, type TestApp } from '../../test/app';
import { delivered } from '../../test/outbox';
import { CONTACT_RATE_LIMIT } from './routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

const valid = {
  name: '  Giulia Bianchi ',
  email: 'Giulia.Bianchi@Example.COM',
  topic: 'advance',
  subject: 'Anticipo su RSU',
  message: 'Vorrei sapere se posso usare le mie RSU come garanzia.',
  privacy_accepted: true,
};

/** Each test sends from its own address, so that the per-IP limit of one does not affect another. */
let ip = 0;
const send = (payload: unknown, language = 'en', remoteAddress = `10.0.0.${++ip}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/public/contact/',
    payload: payload as Record<string, unknown>,
    headers: { 'accept-language': language },
    remoteAddress,
  });

describe('POST /api/v1/public/contact/', () => {
  it('stores the message and e-mails support through the outbox', async () => {
    const res = await send(valid, 'it');
    expect(res.statusCode).toBe(201);
    expect(res.json().detail).toMatch(/^Grazie, abbiamo ricevuto il tuo messaggio. .*24 ore.*72 ore/);
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'Giulia.Bianchi@example.com'));
    expect(row).toMatchObject({ name: 'Giulia Bianchi', topic: 'advance', subject: 'Anticipo su RSU', language: 'it' });
    const [mail] = await delivered(t.app, t.app.config.supportEmail, 'contact_message');
    expect(mail?.subject).toBe(`[Contatti #${row!.id}] Anticipo su RSU`);
    expect(mail?.text).toContain('Giulia Bianchi <Giulia.Bianchi@example.com>');
    expect(mail?.text).toContain(valid.message);
    expect(mail?.meta).toMatchObject({ contact_message_id: row!.id, reply_to: 'Giulia.Bianchi@example.com' });
  });

  it('escapes what the visitor wrote in the HTML part', async () => {
    const res = await send({ ...valid, email: 'x@example.com', message: '<script>alert(1)</script> ciao a tutti' });
    expect(res.statusCode).toBe(201);
    const [mail] = await delivered(t.app, t.app.config.supportEmail, 'contact_message');
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.html).not.toContain('<script>');
  });

  it('rejects bad input with translated messages naming each field, and stores nothing', async () => {
    const before = await t.database.db.select().from(contactMessages);
    const res = await send({
      name: ' ',
      email: 'not-an-email',
      topic: 'loans',
      message: 'short',
      privacy_accepted: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      name: ['Value is required.'],
      email: ['Value is not a valid email address.'],
      topic: ['Value is required.'],
      message: ['This field should be at least 10 characters long.'],
      privacy_accepted: ['To send your message, please confirm that you have read the privacy notice.'],
    });
    const long = await send({ ...valid, message: 'x'.repeat(5001) }, 'it');
    expect(long.json()).toEqual({ message: ['La lunghezza massima consentita è 5000.'] });
    expect(await t.database.db.select().from(contactMessages)).toHaveLength(before.length);
  });

  it(`limits each address to ${CONTACT_RATE_LIMIT.max} messages per window`, async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await send({ ...valid, email: `r${i}@example.com` }, 'en', address)).statusCode).toBe(201);
    }
    const limited = await send({ ...valid, email: 'late@example.com' }, 'en', address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toMatch(/^Too many requests/);
    // Another visitor is not affected.
    expect((await send({ ...valid, email: 'other@example.com' }, 'en', '192.0.2.78')).statusCode).toBe(201);
  });
});
