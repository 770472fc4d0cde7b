// The web app's sessions (docs/decisions/022): the refresh token in an httpOnly, SameSite=Strict cookie
// sent only to the token calls, never in a body a script reads; refresh and logout with the cookie refuse
// forged cross-site calls; "sign out of every device" ends every sign-in at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, TEST_PASSWORD } from '../../test/auth';
import { ageSpentRefreshTokens } from '../../test/spent-tokens';

let t: TestApp;
beforeAll(async () => {
  // Behind a proxy that says whether the visitor's connection was https (PUBLIC_URL is http, as in development).
  t = await createTestApp({ seed: false, env: { TRUST_PROXY: 'true', PUBLIC_URL: 'http://lombard.example' } });
});
afterAll(async () => t?.close());

const APP = { 'x-lombard-session': 'cookie', origin: 'https://lombard.example', 'sec-fetch-site': 'same-origin' };
const HTTPS = { 'x-forwarded-proto': 'https', host: 'lombard.example' };

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...HTTPS, ...headers }, payload });
const me = (access: string) =>
  t.app.inject({ method: 'GET', url: '/api/account/me/', headers: { authorization: `Bearer ${access}` } });

/** The Set-Cookie of an answer for the refresh cookie, as attributes. */
function refreshCookie(res: { headers: Record<string, unknown> }) {
  const header = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
  const line = header.find((h) => h.startsWith('lombard_refresh='));
  if (!line) return null;
  const [pair, ...attributes] = line.split('; ');
  return { value: pair!.slice('lombard_refresh='.length), attributes };
}

async function webSignIn(email: string, rememberMe = false) {
  const res = await post('/api/account/token/auth/', APP, { email, password: TEST_PASSWORD, rememberMe });
  expect(res.statusCode).toBe(200);
  const cookie = refreshCookie(res);
  return { access: res.json().access as string, body: res.json(), cookie: cookie!.value, set: cookie! };
}
const withCookie = (value: string, headers: Headers = APP) => ({ ...headers, cookie: `lombard_refresh=${value}` });

describe('the web app keeps the refresh token out of scripts', () => {
  it('signs in with the refresh token in an httpOnly, Strict, Secure cookie for the token calls only', async () => {
    await createUser(t.app, { email: 'web@example.com' });
    const remembered = await webSignIn('web@example.com', true);
    expect(Object.keys(remembered.body)).toEqual(['access']);
    expect(remembered.set.attributes).toEqual([
      'Path=/api/account/token/',
      'HttpOnly',
      'SameSite=Strict',
      'Secure',
      expect.stringMatching(/^Max-Age=86[34]\d\d$/),
    ]);
    expect((await me(remembered.access)).statusCode).toBe(200);
    // Without "remember me": a cookie that ends with the browser session.
    const session = await webSignIn('web@example.com');
    expect(session.set.attributes.some((a) => a.startsWith('Max-Age'))).toBe(false);
    // Served over plain http (development): not Secure, or the browser would drop it.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/account/token/auth/',
      headers: { 'x-lombard-session': 'cookie' },
      payload: { email: 'web@example.com', password: TEST_PASSWORD },
    });
    expect(refreshCookie(plain)!.attributes).not.toContain('Secure');
  });

  it('API clients still get the pair in the body and no cookie', async () => {
    await createUser(t.app, { email: 'client@example.com' });
    const res = await post('/api/account/token/auth/', {}, { email: 'client@example.com', password: TEST_PASSWORD });
    expect(Object.keys(res.json()).sort()).toEqual(['access', 'refresh']);
    expect(res.headers['set-cookie']).toBeUndefined();
    const rotated = await post('/api/account/token/refresh/', {}, { refresh: res.json().refresh });
    expect(Object.keys(rotated.json()).sort()).toEqual(['access', 'refresh']);
  });

  it('refreshes with the cookie: a new cookie, the access token in the body, the old cookie dead', async () => {
    await createUser(t.app, { email: 'reload@example.com' });
    const signedIn = await webSignIn('reload@example.com');
    const res = await post('/api/account/token/refresh/', withCookie(signedIn.cookie));
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['access']);
    const next = refreshCookie(res)!;
    expect(next.value).not.toBe(signedIn.cookie);
    expect((await me(res.json().access)).statusCode).toBe(200);
    // The spent cookie again a minute later: the whole sign-in ends, and the browser is told to forget it.
    await ageSpentRefreshTokens(t);
    const reuse = await post('/api/account/token/refresh/', withCookie(signedIn.cookie));
    expect(reuse.statusCode).toBe(401);
    expect(refreshCookie(reuse)).toMatchObject({ value: '', attributes: expect.arrayContaining(['Max-Age=0']) });
    expect((await post('/api/account/token/refresh/', withCookie(next.value))).statusCode).toBe(401);
    // No cookie at all: signed out, not an error about a field the app never sends.
    expect((await post('/api/account/token/refresh/', APP)).statusCode).toBe(401);
  });

  it('refuses forged cross-site calls that carry the cookie, and they change nothing', async () => {
    await createUser(t.app, { email: 'victim@example.com' });
    const victim = await webSignIn('victim@example.com');
    const forged: Headers[] = [
      // A form or a simple request from another site cannot add the app's header.
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      {},
      // Scripts of another origin that got the header through (they cannot: no CORS) are refused too.
      { ...APP, origin: 'https://evil.example' },
      { ...APP, 'sec-fetch-site': 'cross-site' },
      { ...APP, 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of forged) {
      for (const url of ['/api/account/token/refresh/', '/api/account/token/logout/']) {
        const res = await post(url, withCookie(victim.cookie, headers));
        expect({ url, headers, status: res.statusCode }).toEqual({ url, headers, status: 403 });
        expect(res.json().code).toBe('FORBIDDEN');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
    // Nothing was rotated or revoked: the victim's own app refreshes with the same cookie.
    expect((await me(victim.access)).statusCode).toBe(200);
    expect((await post('/api/account/token/refresh/', withCookie(victim.cookie))).statusCode).toBe(200);
  });

  it('signs out with the cookie: the sign-in ends and the cookie is cleared', async () => {
    await createUser(t.app, { email: 'leaving@example.com' });
    const signedIn = await webSignIn('leaving@example.com');
    const res = await post('/api/account/token/logout/', withCookie(signedIn.cookie));
    expect(res.statusCode).toBe(200);
    expect(refreshCookie(res)).toMatchObject({ value: '', attributes: expect.arrayContaining(['Max-Age=0']) });
    expect((await me(signedIn.access)).statusCode).toBe(401);
    expect((await post('/api/account/token/refresh/', withCookie(signedIn.cookie))).statusCode).toBe(401);
  });
});

describe('POST /api/account/token/logout-all/', () => {
  it('ends every sign-in of the user at once, access tokens included; nobody else is touched', async () => {
    await createUser(t.app, { email: 'many-devices@example.com' });
    await createUser(t.app, { email: 'bystander@example.com' });
    const phone = await loginAs(t.app, 'many-devices@example.com');
    const laptop = await webSignIn('many-devices@example.com', true);
    const bystander = await loginAs(t.app, 'bystander@example.com');
    // Each sign-in has been used, so that the server remembers it (the session cache).
    for (const access of [phone.access, laptop.access, bystander.access])
      expect((await me(access)).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/token/logout-all/',
      headers: { ...phone.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'You have been signed out on every device.' });
    expect(refreshCookie(res)).toMatchObject({ value: '', attributes: expect.arrayContaining(['Max-Age=0']) });

    expect((await me(phone.access)).statusCode).toBe(401);
    expect((await me(laptop.access)).statusCode).toBe(401);
    expect((await post('/api/account/token/refresh/', {}, { refresh: phone.refresh })).statusCode).toBe(401);
    expect((await post('/api/account/token/refresh/', withCookie(laptop.cookie))).statusCode).toBe(401);
    expect((await me(bystander.access)).statusCode).toBe(200);
    // Signing in again works.
    expect((await me((await loginAs(t.app, 'many-devices@example.com')).access)).statusCode).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/token/logout-all/' });
    expect(res.statusCode).toBe(401);
  });
});
