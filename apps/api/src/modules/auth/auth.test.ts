import { tokenPairSchema } from '@lombard/shared/schemas/auth';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFamilies, users } from '../../db/schema/accounts';
import { messagesTo } from '../../lib/outbox';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, TEST_PASSWORD } from '../../test/auth';
import { ageSpentRefreshTokens } from '../../test/spent-tokens';
import { setUserStatus } from './service';

const JWT_SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { JWT_SECRET } });
});
afterAll(async () => t.close());

const signIn = (payload: Record<string, unknown>, language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/token/auth/',
    payload,
    headers: { 'accept-language': language },
  });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/token/refresh/', payload: { refresh: token } });
const me = (access: string) =>
  t.app.inject({ method: 'GET', url: '/api/account/me/', headers: { authorization: `Bearer ${access}` } });

describe('POST /api/account/token/auth/', () => {
  it('answers an access and a refresh token for the right password; the access token opens me', async () => {
    await createUser(t.app, { email: 'sign-in@example.com', attributes: ['lead'] });
    const res = await signIn({ email: '  sign-in@EXAMPLE.com ', password: TEST_PASSWORD, rememberMe: true });
    expect(res.statusCode).toBe(200);
    const pair = tokenPairSchema.parse(res.json());
    const profile = await me(pair.access);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email: 'sign-in@example.com', profile: 'lead', attributes: ['lead'] });
  });

  it('is case-insensitive on the address', async () => {
    await createUser(t.app, { email: 'Mixed.Case@example.com' });
    const res = await signIn({ email: 'mixed.case@example.com', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('refuses unknown address, wrong password and inactive account with one generic message', async () => {
    await createUser(t.app, { email: 'generic@example.com' });
    const [inactive] = await t.app.database.db
      .insert(users)
      .values({ email: 'inactive@example.com', passwordHash: 'x', referralCode: 'INACTIVE1' })
      .returning();
    expect(inactive).toBeDefined();
    const unknown = await signIn({ email: 'nobody@example.com', password: TEST_PASSWORD });
    const wrong = await signIn({ email: 'generic@example.com', password: 'not-the-password' });
    const notActivated = await signIn({ email: 'inactive@example.com', password: TEST_PASSWORD });
    for (const res of [unknown, wrong, notActivated]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        detail: 'Unable to log in with the e-mail and password provided.',
        code: 'INVALID_CREDENTIALS',
      });
    }
  });

  it('answers field errors, translated, for a malformed body and signs nobody in', async () => {
    const res = await signIn({ email: 'not-an-address', password: '' }, 'it');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      email: ['Il valore non è un indirizzo email valido.'],
      password: ['Valore obbligatorio.'],
    });
  });

  it('a blocked user cannot sign in and their tokens stop working at once', async () => {
    const user = await createUser(t.app, { email: 'blocked@example.com' });
    const session = await loginAs(t.app, user.email);
    expect((await me(session.access)).statusCode).toBe(200);
    expect(await setUserStatus(t.app.database.db, user.id, 0)).toBe(true);
    expect((await me(session.access)).statusCode).toBe(401);
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect((await signIn({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(403);
    await setUserStatus(t.app.database.db, user.id, 1);
    expect((await signIn({ email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('keeps a sign-in 1 day with rememberMe, otherwise 12 hours', async () => {
    const user = await createUser(t.app, { email: 'lifetime@example.com' });
    const hoursLeft = async () => {
      const [family] = await t.app.database.db
        .select()
        .from(sessionFamilies)
        .where(eq(sessionFamilies.userId, user.id))
        .orderBy(sessionFamilies.createdAt);
      await t.app.database.db.delete(sessionFamilies).where(eq(sessionFamilies.userId, user.id));
      return Math.round((family!.expiresAt.getTime() - Date.now()) / 3_600_000);
    };
    await loginAs(t.app, user.email, TEST_PASSWORD, { rememberMe: true });
    expect(await hoursLeft()).toBe(24);
    await loginAs(t.app, user.email, TEST_PASSWORD, { rememberMe: false });
    expect(await hoursLeft()).toBe(12);
  });
});

describe('access tokens', () => {
  it('a missing, malformed, tampered or expired access token gets 401 on a guarded call', async () => {
    const user = await createUser(t.app, { email: 'access@example.com' });
    const session = await loginAs(t.app, user.email);
    const [header, payload, signature] = session.access.split('.');
    const tampered = `${header}.${payload}.${signature!.slice(0, -2)}xx`;
    const expired = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('lombard')
      .setAudience('lombard-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
      .sign(new TextEncoder().encode(JWT_SECRET));
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/account/me/' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toHaveProperty('detail');
    for (const token of ['garbage', tampered, expired]) {
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toHaveProperty('detail');
    }
  });

  it('a stale access token does not stop a public call such as sign-in', async () => {
    await createUser(t.app, { email: 'stale@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/token/auth/',
      headers: { authorization: 'Bearer expired.or.wrong' },
      payload: { email: 'stale@example.com', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/account/token/refresh/', () => {
  it('rotates: a new pair works, the old refresh token is dead', async () => {
    const user = await createUser(t.app, { email: 'rotate@example.com' });
    const first = await loginAs(t.app, user.email);
    const rotated = await refresh(first.refresh);
    expect(rotated.statusCode).toBe(200);
    const second = tokenPairSchema.parse(rotated.json());
    expect(second.refresh).not.toBe(first.refresh);
    expect((await me(second.access)).statusCode).toBe(200);
    const third = await refresh(second.refresh);
    expect(third.statusCode).toBe(200);
  });

  it('presenting a rotated token again revokes the whole family (every descendant session) with 401', async () => {
    const user = await createUser(t.app, { email: 'reuse@example.com' });
    const first = await loginAs(t.app, user.email);
    const other = await loginAs(t.app, user.email);
    const second = tokenPairSchema.parse((await refresh(first.refresh)).json());

    // A minute later: no lost answer any more, a replay.
    await ageSpentRefreshTokens(t);
    const reuse = await refresh(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ detail: 'La sessione è scaduta. Accedi di nuovo.', code: 'SESSION_EXPIRED' });
    // The legitimate descendant is dead too, access and refresh.
    expect((await refresh(second.refresh)).statusCode).toBe(401);
    expect((await me(second.access)).statusCode).toBe(401);
    // Another sign-in of the same user is a different family and keeps working.
    expect((await refresh(other.refresh)).statusCode).toBe(200);
  });

  it('a token presented again moments after its refresh (the answer was lost to a reload) keeps the sign-in', async () => {
    const user = await createUser(t.app, { email: 'lost-answer@example.com' });
    const first = await loginAs(t.app, user.email);
    const lost = await refresh(first.refresh);
    expect(lost.statusCode).toBe(200);
    // The browser never stored that answer and asks again with the same token: a new one of the same sign-in.
    const again = await refresh(first.refresh);
    expect(again.statusCode).toBe(200);
    const pair = tokenPairSchema.parse(again.json());
    expect((await me(pair.access)).statusCode).toBe(200);
    expect((await refresh(pair.refresh)).statusCode).toBe(200);
  });

  it('refuses an unknown token, an empty body and an expired sign-in', async () => {
    expect((await refresh('never-issued')).statusCode).toBe(401);
    const empty = await t.app.inject({ method: 'POST', url: '/api/account/token/refresh/', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('refresh');

    const user = await createUser(t.app, { email: 'expired-session@example.com' });
    const session = await loginAs(t.app, user.email);
    await t.app.database.db
      .update(sessionFamilies)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionFamilies.userId, user.id));
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect((await me(session.access)).statusCode).toBe(401);
  });
});

describe('POST /api/account/token/logout/', () => {
  it('revokes the refresh token and its access token; repeating it is fine', async () => {
    const user = await createUser(t.app, { email: 'logout@example.com' });
    const session = await loginAs(t.app, user.email);
    const out = () =>
      t.app.inject({ method: 'POST', url: '/api/account/token/logout/', payload: { refresh: session.refresh } });
    const first = await out();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ detail: 'Sei uscito dal tuo account.' });
    expect((await refresh(session.refresh)).statusCode).toBe(401);
    expect((await me(session.access)).statusCode).toBe(401);
    expect((await out()).statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/account/token/logout/',
      payload: { refresh: 'never-issued' },
    });
    expect(unknown.statusCode).toBe(200);
  });

  it('writes no e-mail and changes nothing for another user', async () => {
    const a = await createUser(t.app, { email: 'logout-a@example.com' });
    const b = await createUser(t.app, { email: 'logout-b@example.com' });
    const sa = await loginAs(t.app, a.email);
    const sb = await loginAs(t.app, b.email);
    await t.app.inject({ method: 'POST', url: '/api/account/token/logout/', payload: { refresh: sa.refresh } });
    expect((await me(sb.access)).statusCode).toBe(200);
    expect(await messagesTo(t.app.database.db, a.email)).toHaveLength(0);
  });
});
