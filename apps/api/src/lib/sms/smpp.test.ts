// SMS over a real SMPP connection: the app binds to an SMSC on loopback (test/smsc.ts), a customer asks
// for a phone code, and the SMSC gets it in the customer's language; its receipts mark the message.
// Refused binds and dropped connections leave the message for a later try, visible to operators, and
// the phone gets it once. No log line holds the password or a code.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboxMessages } from '../../db/schema/outbox';
import { createInstances, createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs } from '../../test/auth';
import { startTestSmsc, type TestSmsc } from '../../test/smsc';
import { queueSms } from '../outbox';
import { retryDelayMs } from '../outbox-dispatcher';
import { createSmppClient } from './smpp-client';

const PASSWORD = 'pw-7Qx!';
const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };

/** A clock the test moves to reach a retry instead of waiting for it. */
function movableClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

async function askForPhoneCode(t: TestApp, email: string, language: 'it' | 'en', phone: string) {
  await createUser(t.app, { email, language });
  const session = await loginAs(t.app, email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/profile/phone-number/',
    headers: session.headers,
    payload: { phone },
  });
  expect(res.statusCode).toBe(200);
  return session;
}

const rowsTo = (t: TestApp, phone: string) =>
  t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone));

const codeOf = (text: string) => /\b\d{6}\b/.exec(text)?.[0];
/** Whether the log holds a code as a number of its own (not six digits inside a timestamp). */
const mentions = (logged: string, code: string | undefined) => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(logged);

describe('SMS through an SMSC', () => {
  let smsc: TestSmsc;
  let t: TestApp;
  const clock = movableClock();
  beforeAll(async () => {
    smsc = await startTestSmsc({ systemId: 'lombard', password: PASSWORD });
    t = await createTestApp({
      seed: false,
      env: { SMS_URL: smsc.url('lombard', PASSWORD, '?source=Lombard'), LOG_LEVEL: 'info' },
      logStream,
      clock: clock.now,
    });
  });
  afterAll(async () => {
    await t?.close();
    await smsc?.close();
  });

  it('binds with the credentials and sends the code in the customer language', async () => {
    const giulia = await askForPhoneCode(t, 'giulia@example.it', 'it', '+393331234567');
    const james = await askForPhoneCode(t, 'james@example.co.uk', 'en', '+393471112222');
    await t.app.outbox.flush();

    expect(smsc.binds[0]).toEqual({ systemId: 'lombard', password: PASSWORD, accepted: true });
    const [italian] = smsc.accepted().filter((sms) => sms.to === '393331234567');
    const [english] = smsc.accepted().filter((sms) => sms.to === '393471112222');
    expect(italian).toMatchObject({ ton: 1, from: 'Lombard', registeredDelivery: 1 });
    expect(italian!.text).toMatch(/^Lombard: il tuo codice di verifica è \d{6}\. Vale 10 minuti\./);
    // "è" is in the GSM alphabet: one 7-bit SMS, in short_message.
    expect(italian).toMatchObject({ dataCoding: 0, inPayload: false });
    expect(english!.text).toMatch(/^Lombard: your verification code is \d{6}\. It is valid for 10 minutes\./);
    expect(english).toMatchObject({ dataCoding: 0, inPayload: false });

    // The code the phone got is the one that verifies it.
    for (const [session, sms] of [
      [giulia, italian],
      [james, english],
    ] as const) {
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/v1/profile/phone-number/verify/',
        headers: session.headers,
        payload: { code: codeOf(sms!.text) },
      });
      expect(verified.statusCode).toBe(200);
    }
    const [row] = await rowsTo(t, '+393331234567');
    expect(row).toMatchObject({ status: 'sent', providerMessageId: italian!.messageId, text: '', attempts: 1 });
  });

  it('records the delivery receipts: delivered, or failed with the reason', async () => {
    const [delivered] = await rowsTo(t, '+393331234567');
    const [undelivered] = await rowsTo(t, '+393471112222');
    expect(await smsc.sendReceipt({ messageId: delivered!.providerMessageId!, stat: 'DELIVRD' })).toBe(0);
    expect(await smsc.sendReceipt({ messageId: undelivered!.providerMessageId!, stat: 'UNDELIV', err: '001' })).toBe(0);
    expect((await rowsTo(t, '+393331234567'))[0]).toMatchObject({ status: 'delivered', receiptStatus: 'DELIVRD' });
    expect((await rowsTo(t, '+393471112222'))[0]).toMatchObject({
      status: 'failed',
      receiptStatus: 'UNDELIV',
      lastError: 'delivery receipt: UNDELIV (err 001)',
    });
  });

  it('reads a receipt given in TLVs (receipted_message_id, message_state)', async () => {
    await askForPhoneCode(t, 'tlv@example.it', 'it', '+393339990000');
    await t.app.outbox.flush();
    const [row] = await rowsTo(t, '+393339990000');
    expect(await smsc.sendReceipt({ messageId: row!.providerMessageId!, stat: 'DELIVRD', inTlvs: true })).toBe(0);
    expect((await rowsTo(t, '+393339990000'))[0]).toMatchObject({ status: 'delivered', receiptStatus: 'DELIVRD' });
  });

  it('resends after the connection drops before the answer, and the phone gets the message once', async () => {
    await askForPhoneCode(t, 'dropped@example.it', 'en', '+393335550000');
    smsc.dropSubmits = 1;
    await t.app.outbox.flush();
    const toPhone = () => smsc.received.filter((sms) => sms.to === '393335550000');
    expect(toPhone()).toHaveLength(1);
    let [row] = await rowsTo(t, '+393335550000');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toBe('the connection to the SMSC dropped before it answered');

    // Not before its time: the retry waits 15 s.
    await t.app.outbox.flush();
    expect(toPhone()).toHaveLength(1);
    clock.advance(retryDelayMs(1) + 1_000);
    await t.app.outbox.flush();
    [row] = await rowsTo(t, '+393335550000');
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    // Sent is sent: later runs do not send it again.
    clock.advance(retryDelayMs(5));
    await t.app.outbox.flush();
    expect(toPhone()).toHaveLength(2);
    expect(smsc.accepted().filter((sms) => sms.to === '393335550000')).toHaveLength(1);
    expect(codeOf(toPhone()[1]!.text)).toBe(codeOf(toPhone()[0]!.text));
  });

  it('sends a text longer than one SMS whole, in message_payload', async () => {
    const client = createSmppClient({
      gateway: { host: '127.0.0.1', port: smsc.port, systemId: 'lombard', password: PASSWORD, source: '' },
      log: t.app.log,
      onReceipt: async () => undefined,
    });
    try {
      const text = `Lombard: ${'conferma '.repeat(25)}€`;
      const id = await client.submit('+393337770000', text);
      const sms = smsc.accepted().find((s) => s.messageId === id);
      expect(sms).toMatchObject({ text, dataCoding: 0, inPayload: true, to: '393337770000' });
      // A character outside the GSM alphabet: the whole text in UCS-2, read back whole by the SMSC.
      const outside = 'Lombard: È il tuo codice: 123456';
      const sent = await client.submit('+393337770001', outside);
      expect(smsc.accepted().find((s) => s.messageId === sent)).toMatchObject({
        text: outside,
        dataCoding: 8,
        inPayload: false,
      });
    } finally {
      await client.close();
    }
  });

  it('proves the link alive with enquire_link, and binds again when they go unanswered', async () => {
    const client = createSmppClient({
      gateway: { host: '127.0.0.1', port: smsc.port, systemId: 'lombard', password: PASSWORD, source: '' },
      log: t.app.log,
      onReceipt: async () => undefined,
      enquireLinkMs: 50,
      responseTimeoutMs: 200,
      reconnectDelayMs: () => 20,
    });
    try {
      const binds = smsc.binds.length;
      const links = smsc.enquireLinks;
      client.start();
      await vi.waitFor(() => expect(smsc.enquireLinks).toBeGreaterThan(links + 2));
      expect(smsc.binds).toHaveLength(binds + 1);
      smsc.ignoreEnquireLinks = true;
      await vi.waitFor(() => expect(smsc.binds.length).toBeGreaterThan(binds + 1), { timeout: 5_000 });
      smsc.ignoreEnquireLinks = false;
      // The new session sends: nothing was lost with the old one.
      const id = await client.submit('+393338880000', 'Lombard: ok');
      expect(smsc.accepted().find((sms) => sms.messageId === id)?.text).toBe('Lombard: ok');
    } finally {
      smsc.ignoreEnquireLinks = false;
      await client.close();
    }
  });

  it('logs neither the password nor a code', () => {
    const logged = lines.join('\n');
    expect(logged).toContain('sms: SMPP session bound');
    expect(logged).toContain('outbox: e-mail by files in');
    expect(logged).toContain('SMS by SMPP 127.0.0.1:');
    expect(logged).not.toContain(PASSWORD);
    for (const sms of smsc.received) expect(mentions(logged, codeOf(sms.text))).toBe(false);
  });
});

describe('an SMSC that refuses the bind', () => {
  let smsc: TestSmsc;
  let t: TestApp;
  const clock = movableClock();
  const refusedLines: string[] = [];
  beforeAll(async () => {
    smsc = await startTestSmsc({ systemId: 'lombard', password: 'the-right-one' });
    t = await createTestApp({
      seed: false,
      env: { SMS_URL: smsc.url('lombard', 'wrong-pw'), LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void refusedLines.push(line) },
      clock: clock.now,
    });
  });
  afterAll(async () => {
    await t?.close();
    await smsc?.close();
  });

  it('keeps the message with the reason, tries again later, and logs no password', async () => {
    await askForPhoneCode(t, 'refused@example.it', 'it', '+393334440000');
    await t.app.outbox.flush();
    let [row] = await rowsTo(t, '+393334440000');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/^the SMSC at 127\.0\.0\.1:\d+ refused the bind: ESME_RINVPASWD \(0x0000000e\)$/);
    expect(row!.nextAttemptAt!.getTime()).toBeGreaterThan(clock.now().getTime());
    expect(smsc.received).toHaveLength(0);
    expect(smsc.binds.every((bind) => !bind.accepted && bind.password === 'wrong-pw')).toBe(true);

    // Operators see it in the back office, with the reason and without the code; customers do not.
    await createUser(t.app, { email: 'operator@lombard.example', attributes: ['admin'] });
    const operator = await loginAs(t.app, 'operator@lombard.example');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/backoffice/outbox/?channel=sms&status=pending',
      headers: operator.headers,
    });
    expect(list.statusCode).toBe(200);
    const [shown] = list.json().results;
    expect(shown).toMatchObject({
      recipient: '+393334440000',
      template: 'phone_verification',
      status: 'pending',
      attempts: 1,
      last_error: row!.lastError,
      next_attempt_at: row!.nextAttemptAt!.toISOString(),
    });
    expect(shown).not.toHaveProperty('text');
    const customer = await loginAs(t.app, 'refused@example.it');
    const refused = await t.app.inject({ method: 'GET', url: '/api/v1/backoffice/outbox/', headers: customer.headers });
    expect(refused.statusCode).toBe(403);

    // The provider fixes the account: the next try, once due, goes through.
    smsc.accepts.password = 'wrong-pw';
    clock.advance(retryDelayMs(1) + 1_000);
    await t.app.outbox.flush();
    [row] = await rowsTo(t, '+393334440000');
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smsc.accepted()).toHaveLength(1);

    const logged = refusedLines.join('\n');
    expect(logged).toContain('sms: SMPP bind failed; will try again');
    expect(logged).toContain('outbox: delivery failed; will retry');
    expect(logged).not.toContain('wrong-pw');
    expect(logged).not.toContain('the-right-one');
    expect(mentions(logged, codeOf(smsc.received[0]!.text))).toBe(false);
    expect(logged).not.toContain('3334440000');
  });
});

// Several instances share one database and each binds its own session: a message is claimed by one of
// them (FOR UPDATE SKIP LOCKED and a lease), so the phone gets it once however many flush at the same time.
describe.skipIf(!process.env.DATABASE_URL)('two instances sending the same outbox (PostgreSQL)', () => {
  it('sends every message once', async () => {
    const smsc = await startTestSmsc({ systemId: 'lombard', password: PASSWORD });
    const instances = await createInstances(process.env.DATABASE_URL!, 2, {
      seed: false,
      env: { SMS_URL: smsc.url('lombard', PASSWORD) },
    });
    try {
      const [a, b] = instances.apps as [TestApp['app'], TestApp['app']];
      const phones = Array.from({ length: 20 }, (_, i) => `+39333100${String(i).padStart(4, '0')}`);
      for (const phone of phones)
        await queueSms(a.database.db, {
          to: phone,
          template: 'phone_verification',
          language: 'en',
          text: 'Lombard: 123456',
        });
      await Promise.all([a.outbox.flush(), b.outbox.flush(), a.outbox.flush(), b.outbox.flush()]);
      expect(smsc.binds.filter((bind) => bind.accepted)).toHaveLength(2);
      expect(smsc.received.map((sms) => `+${sms.to}`).sort()).toEqual(phones);
      const rows = await a.database.db.select().from(outboxMessages);
      expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    } finally {
      await instances.close();
      await smsc.close();
    }
  });
});
