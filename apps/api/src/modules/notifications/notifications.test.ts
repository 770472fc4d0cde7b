// Notifications: each user reads only their own (another's id → 404), marks them read one by one or all
// at once, and sees the unread count; operators list everyone's and write to a user.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, type Session } from '../../test/auth';
import { notifyUser } from './service';

let t: TestApp;
let admin: Session;
let reader: Session;
let other: Session;
let readerId: number;
let otherId: number;

const call = (session: Session, options: InjectOptions, language = 'en') =>
  t.app.inject({ ...options, headers: { ...session.headers, 'accept-language': language } } as never);
const get = async (session: Session, url: string, language = 'en') =>
  (await call(session, { method: 'GET', url }, language)).json();
const unread = async (session: Session) => (await get(session, '/api/v1/notifications/unread-count/')).count;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.lombard.test');
  const a = await createUser(t.app, { email: 'reader@example.com', attributes: ['customer'] });
  const b = await createUser(t.app, { email: 'other@example.com', attributes: ['customer'] });
  readerId = a.id;
  otherId = b.id;
  reader = await loginAs(t.app, a.email);
  other = await loginAs(t.app, b.email);
  for (const kind of ['welcome', 'order_settled', 'security'] as const) {
    await notifyUser(t.app.database.db, { userId: readerId, kind, params: { reference: 'ORD-1', date: '2026-11-01' } });
  }
  await notifyUser(t.app.database.db, { userId: otherId, kind: 'welcome' });
});
afterAll(async () => t.close());

describe('/api/v1/notifications/', () => {
  it('lists only the caller’s notifications, newest first, rendered in the caller’s language', async () => {
    const body = await get(reader, '/api/v1/notifications/');
    expect(body.count).toBe(3);
    expect(body.results.map((n: { kind: string }) => n.kind)).toEqual(['security', 'order_settled', 'welcome']);
    expect(body.results[1]).toMatchObject({
      title: 'Order executed',
      message: 'Your order ORD-1 has been executed.',
      is_read: false,
    });
    const italian = await get(reader, '/api/v1/notifications/', 'it');
    expect(italian.results[1].title).toBe('Ordine eseguito');
  });

  it('marks one read, filters by read state, and counts unread', async () => {
    expect(await unread(reader)).toBe(3);
    const first = (await get(reader, '/api/v1/notifications/')).results[0];
    const res = await call(reader, { method: 'PATCH', url: `/api/v1/notifications/${first.id}/read/` });
    expect(res.json()).toMatchObject({ id: first.id, is_read: true });
    expect(await unread(reader)).toBe(2);
    expect((await get(reader, '/api/v1/notifications/?is_read=False')).count).toBe(2);
    expect((await get(reader, '/api/v1/notifications/?is_read=True')).count).toBe(1);
    await call(reader, { method: 'PATCH', url: `/api/v1/notifications/${first.id}/unread/` });
    expect(await unread(reader)).toBe(3);
  });

  it("another user's notification is a 404 and stays unread", async () => {
    const mine = (await get(other, '/api/v1/notifications/')).results[0];
    expect((await call(reader, { method: 'GET', url: `/api/v1/notifications/${mine.id}/` })).statusCode).toBe(404);
    expect((await call(reader, { method: 'PATCH', url: `/api/v1/notifications/${mine.id}/read/` })).statusCode).toBe(
      404,
    );
    expect((await call(reader, { method: 'DELETE', url: `/api/v1/notifications/${mine.id}/` })).statusCode).toBe(404);
    expect(await unread(other)).toBe(1);
  });

  it('marks all read at once, touching only the caller’s', async () => {
    const res = await call(reader, { method: 'PATCH', url: '/api/v1/notifications/read-all/' });
    expect(res.json()).toMatchObject({ updated: 3 });
    expect(await unread(reader)).toBe(0);
    expect(await unread(other)).toBe(1);
  });

  it('deletes one of the caller’s', async () => {
    const last = (await get(reader, '/api/v1/notifications/')).results[2];
    expect((await call(reader, { method: 'DELETE', url: `/api/v1/notifications/${last.id}/` })).statusCode).toBe(204);
    expect((await get(reader, '/api/v1/notifications/')).count).toBe(2);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/notifications/unread-count/' })).statusCode).toBe(401);
  });
});

describe('/api/v1/backoffice/notifications/', () => {
  it('lists everyone’s with the recipient, filterable by e-mail; customers get 403', async () => {
    const body = await get(admin, '/api/v1/backoffice/notifications/?user_email__icontains=other@example');
    expect(body.count).toBe(1);
    expect(body.results[0]).toMatchObject({ user_id: otherId, user_email: 'other@example.com', kind: 'welcome' });
    expect((await get(admin, '/api/v1/backoffice/notifications/')).count).toBeGreaterThan(60);
    expect((await call(reader, { method: 'GET', url: '/api/v1/backoffice/notifications/' })).statusCode).toBe(403);
  });

  it('an operator writes to a user, who then sees the message; bad input changes nothing', async () => {
    const bad = await call(admin, {
      method: 'POST',
      url: '/api/v1/backoffice/notifications/',
      payload: { user_id: 999999, title: ' ', body: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['title']);
    const unknown = await call(admin, {
      method: 'POST',
      url: '/api/v1/backoffice/notifications/',
      payload: { user_id: 999999, title: 'Hi', body: 'x' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ user_id: ['There is no user with this id.'] });
    const before = await unread(other);
    const res = await call(admin, {
      method: 'POST',
      url: '/api/v1/backoffice/notifications/',
      payload: { user_id: otherId, title: '  Statement ready ', body: 'Your statement is in Documents.' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ user_email: 'other@example.com', kind: 'message', title: 'Statement ready' });
    expect(await unread(other)).toBe(before + 1);
    const seen = (await get(other, '/api/v1/notifications/')).results[0];
    expect(seen).toMatchObject({ title: 'Statement ready', message: 'Your statement is in Documents.' });
    const audit = await get(
      admin,
      `/api/v1/backoffice/audit-log/?object_type=backoffice.notifications&object_id=${res.json().id}`,
    );
    expect(audit.results[0]).toMatchObject({ action: 'create', actor_email: 'admin@demo.lombard.test' });
  });
});
