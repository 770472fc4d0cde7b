// Back-office users: operators list, search and filter users, block/unblock sign-in, unlock, resend the
// activation link, change profiles and export; every change lands in the audit log.
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../lib/outbox';
import { BULK_USER_COUNT, BULK_USER_DOMAIN } from '../../seed/backoffice';
import { seedDatabase } from '../../seed/steps';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, type Session, TEST_PASSWORD } from '../../test/auth';
import { deliveredLink } from '../../test/outbox';

let t: TestApp;
let admin: Session;
let customer: Session;
const USERS = '/api/v1/backoffice/users/';

const call = (session: Session, options: InjectOptions, language = 'en') =>
  t.app.inject({ ...options, headers: { ...session.headers, 'accept-language': language } } as never);
const get = async (session: Session, url: string) => (await call(session, { method: 'GET', url })).json();
const signIn = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/token/auth/',
    payload: { email, password: TEST_PASSWORD, rememberMe: false },
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@demo.lombard.test');
  customer = await loginAs(t.app, 'customer@demo.lombard.test');
});
afterAll(async () => t.close());

describe('GET /api/v1/backoffice/users/', () => {
  it('lists the seeded users (at least 60) newest first, ten a page', async () => {
    const body = await get(admin, USERS);
    expect(body.count).toBeGreaterThanOrEqual(BULK_USER_COUNT + 4);
    expect(BULK_USER_COUNT).toBeGreaterThanOrEqual(60);
    expect(body.results).toHaveLength(10);
    const dates = body.results.map((u: { created_at: string }) => Date.parse(u.created_at));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(body.results[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), email: expect.any(String), status_name: expect.any(String) }),
    );
    expect(body.results[0]).not.toHaveProperty('password_hash');
    expect(body.results[0]).not.toHaveProperty('passwordHash');
  });

  it('searches by e-mail or name and filters by profile, status and activation', async () => {
    const search = await get(admin, `${USERS}?search=chiara%20conti`);
    expect(search.results.map((u: { email: string }) => u.email)).toContain('customer@demo.lombard.test');
    const admins = await get(admin, `${USERS}?profile=admin&per_page=100`);
    expect(admins.results.every((u: { profiles: string[] }) => u.profiles.includes('admin'))).toBe(true);
    expect(admins.results.map((u: { email: string }) => u.email)).toContain('admin@demo.lombard.test');
    const blocked = await get(admin, `${USERS}?status=0&per_page=100`);
    expect(blocked.count).toBeGreaterThan(0);
    expect(
      blocked.results.every(
        (u: { status: number; status_name: string }) => u.status === 0 && u.status_name === 'Blocked',
      ),
    ).toBe(true);
    const inactive = await get(admin, `${USERS}?is_active=False&email__icontains=${BULK_USER_DOMAIN}`);
    expect(inactive.count).toBeGreaterThan(0);
    const both = await get(admin, `${USERS}?profile__in=lead,customer&status=1&per_page=100`);
    expect(
      both.results.every(
        (u: { profiles: string[]; status: number }) =>
          u.status === 1 && u.profiles.some((p) => p === 'lead' || p === 'customer'),
      ),
    ).toBe(true);
  });

  it('sorts by any declared column and refuses unknown ones', async () => {
    const byId = (await get(admin, `${USERS}?order_by__=-id&per_page=100`)).results.map((u: { id: number }) => u.id);
    expect(byId).toEqual([...byId].sort((a, b) => b - a));
    // Users who never signed in come last, in either direction.
    for (const order of ['last_login_at', '-last_login_at']) {
      const logins = (await get(admin, `${USERS}?order_by__=${order}&per_page=100`)).results.map(
        (u: { last_login_at: string | null }) => (u.last_login_at ? Date.parse(u.last_login_at) : null),
      );
      const dated = logins.filter((v: number | null) => v !== null) as number[];
      expect(logins.slice(0, dated.length)).toEqual(dated);
      expect(dated).toEqual([...dated].sort((a, b) => (order.startsWith('-') ? b - a : a - b)));
      expect(dated.length).toBeGreaterThan(10);
      expect(logins.length).toBeGreaterThan(dated.length);
    }
    const bad = await call(admin, { method: 'GET', url: `${USERS}?order_by__=password_hash` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ order_by__: ['Unknown sort field: password_hash.'] });
  });

  it('the demo seed is idempotent: a second run adds no user, notification or audit entry', async () => {
    const counts = async () => [
      (await get(admin, USERS)).count,
      (await get(admin, '/api/v1/backoffice/notifications/')).count,
      (await get(admin, '/api/v1/backoffice/audit-log/?action=disable&actor_email=admin@demo.lombard.test')).count,
    ];
    const before = await counts();
    await seedDatabase(t.app.database, {
      demo: true,
      files: t.app.files,
      publicUrl: t.app.config.publicUrl,
      supportEmail: t.app.config.supportEmail,
    });
    expect(await counts()).toEqual(before);
    expect(before[2]).toBeGreaterThan(0);
  });

  it('is for operators only', async () => {
    expect((await call(customer, { method: 'GET', url: USERS })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: USERS })).statusCode).toBe(401);
  });
});

describe('operator actions', () => {
  it('disable blocks sign-in and ends sessions; enable restores it; both audited', async () => {
    const user = await createUser(t.app, { email: 'to-block@example.com', attributes: ['customer'] });
    const session = await loginAs(t.app, user.email);
    const off = await call(admin, { method: 'PATCH', url: `${USERS}${user.id}/disable/` }, 'it');
    expect(off.json()).toEqual({ id: user.id, status: 0, status_name: 'Bloccato' });
    // The right password on a disabled account: 403 saying it is disabled.
    expect((await signIn(user.email)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/me/', headers: session.headers })).statusCode).toBe(
      401,
    );
    expect((await get(admin, `${USERS}${user.id}/`)).status).toBe(0);

    const on = await call(admin, { method: 'PATCH', url: `${USERS}${user.id}/enable/` });
    expect(on.json()).toEqual({ id: user.id, status: 1, status_name: 'Active' });
    expect((await signIn(user.email)).statusCode).toBe(200);

    const log = await get(
      admin,
      `/api/v1/backoffice/audit-log/?object_type=backoffice.users&object_id=${user.id}&order_by__=id`,
    );
    expect(log.results.map((e: { action: string; actor_email: string }) => [e.action, e.actor_email])).toEqual([
      ['disable', 'admin@demo.lombard.test'],
      ['enable', 'admin@demo.lombard.test'],
    ]);
  });

  it('an operator cannot block themselves or drop their own admin profile', async () => {
    const me = (await get(admin, `${USERS}?email=admin@demo.lombard.test`)).results[0];
    const block = await call(admin, { method: 'PATCH', url: `${USERS}${me.id}/disable/` });
    expect(block.statusCode).toBe(400);
    expect(block.json().detail).toBe('You cannot block your own account.');
    const demote = await call(admin, {
      method: 'PATCH',
      url: `${USERS}${me.id}/`,
      payload: { attributes: ['customer'] },
    });
    expect(demote.statusCode).toBe(400);
    expect((await get(admin, `${USERS}${me.id}/`)).profiles).toEqual(['admin']);
  });

  it('changes profiles, validating them', async () => {
    const user = await createUser(t.app, { email: 'promote@example.com', attributes: ['base'] });
    const bad = await call(admin, { method: 'PATCH', url: `${USERS}${user.id}/`, payload: { attributes: ['wizard'] } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['attributes.0']);
    const ok = await call(admin, {
      method: 'PATCH',
      url: `${USERS}${user.id}/`,
      payload: { attributes: ['lead', 'base'] },
    });
    expect(ok.json()).toMatchObject({ id: user.id, profiles: ['lead', 'base'], profile: 'lead' });
  });

  it('unlocks an account locked after too many wrong passwords', async () => {
    const user = await createUser(t.app, { email: 'locked-out@example.com' });
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/account/token/auth/',
        payload: { email: user.email, password: 'wrong-pass', rememberMe: false },
      });
    }
    // Too many wrong passwords make this source wait (429); the unlock lifts every wait.
    expect((await signIn(user.email)).statusCode).toBe(429);
    expect((await get(admin, `${USERS}${user.id}/`)).is_locked).toBe(true);
    const locked = await get(admin, `${USERS}?is_locked=True&per_page=100`);
    expect(locked.results.map((u: { id: number }) => u.id)).toContain(user.id);
    expect(locked.results.every((u: { is_locked: boolean }) => u.is_locked)).toBe(true);
    const res = await call(admin, { method: 'PATCH', url: `${USERS}${user.id}/unlock/` });
    expect(res.json()).toMatchObject({ id: user.id, is_locked: false, failed_login_count: 0 });
    expect((await signIn(user.email)).statusCode).toBe(200);
  });

  it('resends the activation link to a user who never activated, and only to them', async () => {
    const pending = (await get(admin, `${USERS}?is_active=False&email__icontains=${BULK_USER_DOMAIN}`)).results[0];
    const res = await call(admin, { method: 'POST', url: `${USERS}${pending.id}/resend-activation/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'A new activation link has been sent.' });
    expect(await deliveredLink(t.app, pending.email, 'account_activation')).toMatch(
      /\/user-account-activation\/[^/]+\/[^/]+\/$/,
    );
    const active = await createUser(t.app, { email: 'already-active@example.com' });
    const again = await call(admin, { method: 'POST', url: `${USERS}${active.id}/resend-activation/` });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('This account is already active.');
  });

  it('unknown users are a 404 for every action', async () => {
    for (const [method, url] of [
      ['GET', `${USERS}999999/`],
      ['PATCH', `${USERS}999999/disable/`],
      ['PATCH', `${USERS}999999/unlock/`],
      ['POST', `${USERS}999999/resend-activation/`],
    ] as const) {
      expect((await call(admin, { method, url })).statusCode, url).toBe(404);
    }
  });
});

describe('PATCH /api/v1/backoffice/users/export-xlsx/', () => {
  it('exports every filtered user across pages minus the excluded ones, with Italian headers', async () => {
    const filter = 'profile=customer&status=1';
    const all = await get(admin, `${USERS}?${filter}&order_by__=email&per_page=100`);
    const excluded = all.results.slice(0, 2).map((u: { id: number }) => u.id);
    // What the demo data left queued (the margin check after its share prices) runs first: the export alone follows.
    await t.app.jobs.drain();
    const res = await call(
      admin,
      {
        method: 'PATCH',
        url: `${USERS}export-xlsx/`,
        payload: { excluded_ids: excluded, filters: { profile: 'customer', status: '1', order_by__: 'email' } },
      },
      'it',
    );
    expect(res.statusCode).toBe(202);
    expect(res.json().detail).toBe('Operazione in corso, riceverai una notifica al termine');
    expect(await t.app.jobs.drain()).toBe(1);

    const note = (await get(admin, '/api/v1/notifications/?kind=export_ready')).results[0];
    expect(note.message).toMatch(
      /^utenti-\d{4}-\d{2}-\d{2}-\d{6}-Europe-Rome\.xlsx \(\d+ rows\) is ready to download\.$/,
    );
    const download = await call(admin, { method: 'GET', url: note.link });
    expect(download.headers['content-disposition']).toContain('filename="utenti-');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Utenti');
    expect(sheet.getRow(1).getCell(2).value).toBe('E-mail');
    expect(sheet.getRow(1).getCell(11).value).toBe('Registrato il (Europe/Rome)');
    const exported = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).getCell(1).value);
    expect(exported).toEqual(all.results.slice(2).map((u: { id: number }) => u.id));
    expect(sheet.getRow(2).getCell(11).value).toBeInstanceOf(Date);
    expect(sheet.getRow(2).getCell(7).value).toBe(true);

    const [mail] = await messagesTo(t.app.database.db, 'admin@demo.lombard.test', 'export_ready');
    expect(mail?.language).toBe('it');
    expect(mail?.subject).toBe('La tua esportazione è pronta');
    const audit = await get(admin, '/api/v1/backoffice/audit-log/?object_type=backoffice.users&action=export');
    expect(audit.count).toBe(1);
  });
});
