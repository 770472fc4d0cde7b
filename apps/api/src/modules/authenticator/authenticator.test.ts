import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, type Session } from '../../test/auth';

let t: TestApp;
let now = new Date('2026-03-02T09:00:00Z');
let ada: Session;
let secret = '';
let recovery: string[] = [];

const json = (res: { body: string }) => JSON.parse(res.body);
const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/profile/authenticator/${url}`, headers: ada.headers, payload });
/** The app's code at the test's clock. */
const totp = (at = now) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
/** A code the app does not show now. */
const wrongCode = async () => String((Number(await totp()) + 1) % 1_000_000).padStart(6, '0');
const later = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  const user = await createUser(t.app, { email: 'ada@example.test' });
  const session = await loginAs(t.app, user.email);
  ada = { ...session, headers: { ...session.headers, 'accept-language': 'en' } } as Session;
});
afterAll(() => t.close());

describe('authenticator enrolment', () => {
  it('starts with a secret, its otpauth URI and a QR code made by the server', async () => {
    const status = await t.app.inject({ method: 'GET', url: '/api/v1/profile/authenticator/', headers: ada.headers });
    expect(json(status)).toEqual({ enrolled: false, enrolled_at: null, recovery_codes_left: 0 });
    const res = await post('');
    expect(res.statusCode).toBe(200);
    const body = json(res);
    secret = body.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauth_uri).toBe(`otpauth://totp/Lombard:ada%40example.test?secret=${secret}&issuer=Lombard`);
    expect(Buffer.from(body.qr_code.split(',')[1], 'base64').toString()).toContain('<svg');
  });

  it('refuses a wrong first code with the attempts left, then enrols with the right one', async () => {
    const wrong = await post('confirm/', { code: await wrongCode() });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({
      code: 'AUTHENTICATOR_CODE_INVALID',
      detail: expect.stringContaining('4 attempts'),
    });
    const res = await post('confirm/', { code: await totp() });
    expect(res.statusCode).toBe(200);
    recovery = json(res).recovery_codes;
    expect(recovery).toHaveLength(10);
    expect(recovery[0]).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const status = json(
      await t.app.inject({ method: 'GET', url: '/api/v1/profile/authenticator/', headers: ada.headers }),
    );
    expect(status).toMatchObject({ enrolled: true, recovery_codes_left: 10 });
    expect(json(await post('')).code).toBe('AUTHENTICATOR_ALREADY_ENROLLED');
  });

  it('disabling needs a code, refuses the step just used, and takes a recovery code once', async () => {
    expect((await post('disable/', {})).statusCode).toBe(400);
    // The step of the enrolment's code is spent: the same code again is a replay.
    const replay = await post('disable/', { code: await totp() });
    expect(json(replay).code).toBe('AUTHENTICATOR_CODE_USED');
    // A recovery code disables; the same recovery code is then worth nothing (nothing is enrolled).
    const first = await post('disable/', { recovery_code: recovery[0]!.toLowerCase() });
    expect(first.statusCode).toBe(200);
    expect(json(await post('disable/', { recovery_code: recovery[0] })).code).toBe('AUTHENTICATOR_NOT_ENROLLED');
  });

  it('rests after five wrong codes in a row', async () => {
    secret = json(await post('')).secret;
    later(60);
    await post('confirm/', { code: await totp() });
    later(60);
    const wrong = await wrongCode();
    let last = await post('disable/', { code: wrong });
    for (let i = 0; i < 4; i++) last = await post('disable/', { code: wrong });
    expect(last.statusCode).toBe(429);
    expect(json(last).code).toBe('AUTHENTICATOR_LOCKED');
    expect(json(await post('disable/', { code: await totp() })).code).toBe('AUTHENTICATOR_LOCKED');
    later(15 * 60);
    expect((await post('disable/', { code: await totp() })).statusCode).toBe(200);
  });
});
