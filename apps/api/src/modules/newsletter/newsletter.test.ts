import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscriptions } from '../../db/schema/newsletter';
import { messagesTo } from '../../lib/outbox';
import { createTestApp, type TestApp } from '../../test/app';
import { deliveredLink } from '../../test/outbox';
import { NEWSLETTER_RATE_LIMIT } from './routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

let ip = 0;
const subscribe = (payload: unknown, language = 'en', remoteAddress = `10.1.0.${++ip}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/public/newsletter/subscriptions/',
    payload: payload as Record<string, unknown>,
    headers: { 'accept-language': language },
    remoteAddress,
  });
const confirm = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/public/newsletter/confirm/',
    payload: { token },
    headers: { 'accept-language': 'en' },
  });

async function tokenFor(email: string) {
  const url = new URL(await deliveredLink(t.app, email, 'newsletter_confirm'));
  expect(url.pathname).toBe('/newsletter/confirm/');
  return url.searchParams.get('token')!;
}

const rowOf = async (email: string) =>
  (await t.database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0];

describe('newsletter double opt-in', () => {
  it('stores a pending address, e-mails a link in the chosen language, and confirms it once', async () => {
    const res = await subscribe({ email: 'anna@example.com', language: 'it' });
    expect(res.statusCode).toBe(202);
    expect(res.json().detail).toMatch(/^Almost done/);
    expect(await rowOf('anna@example.com')).toMatchObject({ status: 'pending', language: 'it' });
    const [mail] = await messagesTo(t.database.db, 'anna@example.com', 'newsletter_confirm');
    expect(mail?.subject).toBe('Conferma la tua iscrizione alla newsletter Lombard');
    const token = await tokenFor('anna@example.com');
    // Only a hash of the token is stored.
    expect(JSON.stringify(await rowOf('anna@example.com'))).not.toContain(token);

    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().detail).toMatch(/^Subscription confirmed/);
    expect(await rowOf('anna@example.com')).toMatchObject({ status: 'confirmed', tokenHash: null });

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/not valid or has expired/);
  });

  it('answers the same for a confirmed address without sending another e-mail', async () => {
    await subscribe({ email: 'bruno@example.com' });
    await confirm(await tokenFor('bruno@example.com'));
    const res = await subscribe({ email: 'BRUNO@example.com' });
    expect(res.statusCode).toBe(202);
    expect(await messagesTo(t.database.db, 'bruno@example.com', 'newsletter_confirm')).toHaveLength(1);
  });

  it('replaces the link when a pending address signs up again; the old link stops working', async () => {
    await subscribe({ email: 'carla@example.com' });
    const first = await tokenFor('carla@example.com');
    await subscribe({ email: 'carla@example.com' });
    const second = await tokenFor('carla@example.com');
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(400);
    expect((await confirm(second)).statusCode).toBe(200);
  });

  it('keeps one row and answers every request when the same address signs up several times at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => subscribe({ email: 'elena@example.com' }, 'en', `10.2.0.${i + 1}`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202]);
    const rows = await t.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, 'elena@example.com'));
    expect(rows).toHaveLength(1);
    // Only the newest link works: every sign-up replaced the previous token.
    expect(rows[0]?.status).toBe('pending');
    expect((await confirm(await tokenFor('elena@example.com'))).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    await subscribe({ email: 'dario@example.com' });
    const token = await tokenFor('dario@example.com');
    await t.database.db
      .update(newsletterSubscriptions)
      .set({ tokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscriptions.email, 'dario@example.com'));
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('validates the address, and limits sign-ups per visitor', async () => {
    const bad = await subscribe({ email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: ['Value is not a valid email address.'] });
    const address = '192.0.2.10';
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.max; i++) {
      expect((await subscribe({ email: `n${i}@example.com` }, 'en', address)).statusCode).toBe(202);
    }
    expect((await subscribe({ email: 'n9@example.com' }, 'en', address)).statusCode).toBe(429);
  });
});
