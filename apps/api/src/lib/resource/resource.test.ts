// The resource kit's contract (spec §7, §3, §4), on a resource declared only for this test: paging edges,
// every filter kind, sorting, 400s that name the field, scope (another customer's id → 404), admin-only
// resources (403), writes, enable/disable, audit, download and the XLSX export end to end.
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, type Session } from '../../test/auth';
import { saveFile } from '../files/store';
import { messagesTo } from '../outbox';
import { registerResource } from './routes';
import { defineResource } from './types';

const items = pgTable('kit_items', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id').notNull(),
  name: text('name').notNull(),
  amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
  bookedOn: date('booked_on').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  active: boolean('active').notNull().default(true),
  kind: text('kind').notNull(),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  status: integer('status').notNull().default(1),
  fileId: bigint('file_id', { mode: 'number' }),
});

const itemBody = z.object({
  name: z.string().trim().min(1).max(80),
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
  booked_on: z.iso.date(),
  kind: z.enum(['a', 'b', 'c']),
});

function declare(name: string, pathName: string, admin: boolean) {
  return defineResource({
    name,
    path: `/api/v1/${pathName}/`,
    ...(admin ? { profiles: ['admin' as const] } : {}),
    from: items,
    select: getTableColumns(items),
    id: items.id,
    scope: (context) => (admin ? undefined : eq(items.ownerId, context.user.id)),
    fields: {
      id: { expr: items.id, type: 'id', sortable: true, filterable: true },
      name: { expr: items.name, type: 'text', sortable: true, filterable: true },
      amount: { expr: items.amount, type: 'amount', sortable: true, filterable: true },
      booked_on: { expr: items.bookedOn, type: 'date', sortable: true, filterable: true },
      created_at: { expr: items.createdAt, type: 'datetime', sortable: true, filterable: true },
      active: { expr: items.active, type: 'boolean', filterable: true },
      kind: { expr: items.kind, type: 'enum', values: ['a', 'b', 'c'], filterable: true },
      tags: { expr: items.tags, type: 'tags', filterable: true },
      status: { expr: items.status, type: 'enum', values: [0, 1], sortable: true, filterable: true },
    },
    search: [items.name],
    defaultOrder: ['id'],
    serialize: (row) => ({ id: row.id, name: row.name, amount: row.amount, status: row.status }),
    create: {
      body: itemBody,
      async run(tx, body, context) {
        const input = body as z.infer<typeof itemBody>;
        const [row] = await tx
          .insert(items)
          .values({
            ownerId: context.user.id,
            name: input.name,
            amount: input.amount,
            bookedOn: input.booked_on,
            kind: input.kind,
          })
          .returning({ id: items.id });
        return row!.id;
      },
    },
    update: {
      body: itemBody,
      async run(tx, id, body) {
        const input = body as Partial<z.infer<typeof itemBody>>;
        await tx
          .update(items)
          .set({ name: input.name, amount: input.amount, bookedOn: input.booked_on, kind: input.kind })
          .where(eq(items.id, Number(id)));
      },
    },
    remove: {
      async run(tx, id) {
        await tx.delete(items).where(eq(items.id, Number(id)));
      },
    },
    status: { field: 'status', column: items.status },
    download: { fileId: (row) => row.fileId },
    export: {
      title: 'resource:status.enabled',
      columns: [
        { header: 'audit:export.id', type: 'integer', value: 'id' },
        { header: 'audit:export.objectType', type: 'text', value: 'name' },
        { header: 'audit:export.before', type: 'amount', value: 'amount' },
        { header: 'audit:export.createdAt', type: 'date', value: 'bookedOn' },
        { header: 'audit:export.after', type: 'datetime', value: 'createdAt' },
        { header: 'audit:export.action', type: 'boolean', value: 'active' },
      ],
    },
  });
}

let app: FastifyInstance;
let handle: DatabaseHandle;
let t: TestApp;
let dataDir: string;
let alice: Session;
let bob: Session;
let carol: Session;
let admin: Session;
const ids: Record<number, number> = {};

const call = (session: Session | null, options: InjectOptions, language = 'en') =>
  app.inject({
    ...options,
    headers: { ...(session?.headers ?? {}), 'accept-language': language, ...(options.headers ?? {}) },
  } as never);
const list = async (session: Session, query: string, base = 'kit-items') => {
  const res = await call(session, { method: 'GET', url: `/api/v1/${base}/?${query}` });
  return { status: res.statusCode, body: res.json() };
};
const names = (body: { results: Array<{ id: number }> }) => body.results.map((r) => r.id);
const idx = (...indexes: number[]) => indexes.map((i) => ids[i]);

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    async routes(scope) {
      await scope.database.db.execute(sql`create table kit_items (
        id serial primary key, owner_id integer not null, name text not null, amount numeric(18,2) not null,
        booked_on date not null, created_at timestamptz not null default now(), active boolean not null default true,
        kind text not null, tags text[] not null default '{}', status integer not null default 1, file_id bigint)`);
      await registerResource(scope, declare('test.items', 'kit-items', false));
      await registerResource(scope, declare('test.admin-items', 'kit-admin-items', true));
    },
  });
  app = t.app;
  handle = t.database;
  dataDir = t.dataDir;
  const users = await Promise.all(
    ['alice', 'bob', 'carol'].map((n) => createUser(app, { email: `${n}@example.com`, attributes: ['customer'] })),
  );
  await createUser(app, { email: 'operator@example.com', attributes: ['admin'] });
  const sessions = await Promise.all(
    ['alice', 'bob', 'carol', 'operator'].map((n) => loginAs(app, `${n}@example.com`)),
  );
  [alice, bob, carol, admin] = sessions as [Session, Session, Session, Session];
  for (let i = 1; i <= 25; i++) {
    const name = i === 1 ? 'Alpha 50% off' : i === 2 ? 'alpha_beta' : `Item ${i}`;
    const [row] = await handle.db
      .insert(items)
      .values({
        ownerId: users[0]!.id,
        name,
        amount: (i * 100.5).toFixed(2),
        bookedOn: `2026-01-${String(i).padStart(2, '0')}`,
        // 23:30 UTC is already the next day in Rome.
        createdAt: new Date(`2026-02-${String(i).padStart(2, '0')}T23:30:00Z`),
        active: i % 2 === 0,
        kind: ['a', 'b', 'c'][i % 3]!,
        tags: i % 5 === 0 ? ['vip', 'new'] : ['new'],
      })
      .returning({ id: items.id });
    ids[i] = row!.id;
  }
  for (let i = 1; i <= 3; i++) {
    await handle.db
      .insert(items)
      .values({ ownerId: users[1]!.id, name: `Bob ${i}`, amount: '1.00', bookedOn: '2026-01-01', kind: 'a' });
  }
});

afterAll(async () => t?.close());

describe('list paging (spec §7, §9)', () => {
  it('defaults to page 1 of 10 and links the neighbouring pages', async () => {
    const { status, body } = await list(alice, '');
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 25, page: 1, per_page: 10, next: 2, previous: null });
    expect(names(body)).toEqual(idx(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
  });

  it('answers the last partial page, and 404 past it', async () => {
    const last = await list(alice, 'page=3');
    expect(last.body).toMatchObject({ count: 25, page: 3, next: null, previous: 2 });
    expect(last.body.results).toHaveLength(5);
    const past = await list(alice, 'page=4');
    expect(past.status).toBe(404);
    expect(past.body.detail).toBe('Element not found');
  });

  it('caps per_page at 100 and refuses bad page values, naming the field', async () => {
    const big = await list(alice, 'per_page=500');
    expect(big.body).toMatchObject({ per_page: 100, count: 25, next: null });
    expect(big.body.results).toHaveLength(25);
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['per_page=0', 'per_page'],
      ['per_page=-5', 'per_page'],
    ]) {
      const res = await list(alice, query!);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body)).toEqual([field]);
    }
  });

  it('an empty list is page 1 with no results; page 2 of it is a 404', async () => {
    expect((await list(carol, '')).body).toEqual({
      results: [],
      count: 0,
      next: null,
      previous: null,
      per_page: 10,
      page: 1,
    });
    expect((await list(carol, 'page=2')).status).toBe(404);
  });
});

describe('filters', () => {
  const count = async (query: string) => {
    const res = await list(alice, `${query}&per_page=100`);
    expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.results.map((r: { id: number }) => r.id) as number[];
  };

  it('exact and __in on text', async () => {
    expect(await count('name=Item%203')).toEqual(idx(3));
    expect(await count('name__in=Item%203,Item%204')).toEqual(idx(3, 4));
    expect(await count('name__in=Item%203&name__in=Item%205')).toEqual(idx(3, 5));
  });

  it('__icontains is case-insensitive and treats % and _ as characters', async () => {
    expect(await count('name__icontains=ALPHA')).toEqual(idx(1, 2));
    expect(await count('name__icontains=50%25')).toEqual(idx(1));
    expect(await count('name__icontains=a_b')).toEqual(idx(2));
    expect(await count('name__icontains=%25')).toEqual(idx(1));
  });

  it('__gte/__lte on amounts and dates', async () => {
    expect(await count('amount__gte=1000&amount__lte=1500.00')).toEqual(idx(10, 11, 12, 13, 14));
    expect(await count('amount=201.00')).toEqual(idx(2));
    expect(await count('booked_on__gte=2026-01-20')).toEqual(idx(20, 21, 22, 23, 24, 25));
    expect(await count('booked_on__lte=2026-01-03')).toEqual(idx(1, 2, 3));
  });

  it('a day on a timestamp means that whole day in Rome, bounds included', async () => {
    // Item 9 was created 2026-02-09 23:30 UTC = 2026-02-10 00:30 in Rome.
    expect(await count('created_at=2026-02-10')).toEqual(idx(9));
    expect(await count('created_at__gte=2026-02-10&created_at__lte=2026-02-10')).toEqual(idx(9));
    expect(await count('created_at__lte=2026-02-03')).toEqual(idx(1, 2));
    expect(await count('created_at__gte=2026-02-25T00:00:00Z')).toEqual(idx(25));
  });

  it('True/False booleans, enums, tags', async () => {
    expect(await count('active=True')).toHaveLength(12);
    expect(await count('active=False')).toHaveLength(13);
    expect(await count('active=true')).toEqual(await count('active=True'));
    expect(await count('kind__in=a,b')).toHaveLength(17);
    expect(await count('tags=vip')).toEqual(idx(5, 10, 15, 20, 25));
    expect(await count('tags__in=vip,nothing')).toEqual(idx(5, 10, 15, 20, 25));
    expect(await count('search=alpha')).toEqual(idx(1, 2));
  });

  it('ignores empty and null values', async () => {
    expect(await count('name=&kind__in=&active=null&amount__gte=')).toHaveLength(25);
  });

  it('answers 400 naming every unknown field, unsupported operator or bad value, in the language asked', async () => {
    const res = await call(alice, {
      method: 'GET',
      url: '/api/v1/kit-items/?colour=red&name__gte=x&amount=abc&active=maybe&created_at=2026-02-30&kind=z',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['active', 'amount', 'colour', 'created_at', 'kind', 'name__gte']);
    expect(body.colour).toEqual(['Unknown filter field: colour.']);
    const italian = await call(alice, { method: 'GET', url: '/api/v1/kit-items/?colour=red' }, 'it');
    expect(italian.json()).toEqual({ colour: ['Campo di filtro sconosciuto: colour.'] });
  });
});

describe('sorting', () => {
  it('sorts by order_by__, descending with -, with the id as tie-breaker', async () => {
    expect(names((await list(alice, 'order_by__=-amount&per_page=3')).body)).toEqual(idx(25, 24, 23));
    expect(names((await list(alice, 'order_by__=amount&per_page=3')).body)).toEqual(idx(1, 2, 3));
    expect(names((await list(alice, 'order_by__=-status,-booked_on&per_page=2')).body)).toEqual(idx(25, 24));
  });

  it('refuses unknown or unsortable fields with a 400 on order_by__', async () => {
    for (const field of ['colour', 'tags', '-active']) {
      const res = await list(alice, `order_by__=${field}`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['order_by__']);
    }
  });
});

describe('scope and permissions', () => {
  it("a customer sees only their rows; another's id is a 404 for every call", async () => {
    expect((await list(bob, '')).body.count).toBe(3);
    const id = ids[3];
    for (const [method, url] of [
      ['GET', `/api/v1/kit-items/${id}/`],
      ['PATCH', `/api/v1/kit-items/${id}/`],
      ['PUT', `/api/v1/kit-items/${id}/`],
      ['DELETE', `/api/v1/kit-items/${id}/`],
      ['PATCH', `/api/v1/kit-items/${id}/disable/`],
      ['GET', `/api/v1/kit-items/${id}/download_document_file`],
    ] as const) {
      const payload =
        method === 'PUT'
          ? { name: 'x', amount: '1', booked_on: '2026-01-01', kind: 'a' }
          : method === 'PATCH'
            ? {}
            : undefined;
      const res = await call(bob, { method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [row] = await handle.db.select().from(items).where(eq(items.id, id!));
    expect(row).toMatchObject({ name: 'Item 3', status: 1 });
  });

  it('malformed ids are a 404 too', async () => {
    for (const id of ['abc', '0', '99999999999', '-1']) {
      expect((await call(alice, { method: 'GET', url: `/api/v1/kit-items/${id}/` })).statusCode).toBe(404);
    }
  });

  it('a back-office resource answers 403 to a customer and 401 to a visitor', async () => {
    expect((await call(alice, { method: 'GET', url: '/api/v1/kit-admin-items/' })).statusCode).toBe(403);
    expect((await call(alice, { method: 'PATCH', url: `/api/v1/kit-admin-items/${ids[1]}/disable/` })).statusCode).toBe(
      403,
    );
    expect((await call(null, { method: 'GET', url: '/api/v1/kit-items/' })).statusCode).toBe(401);
    expect((await list(admin, '', 'kit-admin-items')).body.count).toBe(28);
  });
});

describe('writes', () => {
  it('creates (201), updates (PATCH), validates without writing, deletes (204)', async () => {
    const created = await call(alice, {
      method: 'POST',
      url: '/api/v1/kit-items/',
      payload: { name: '  Fresh  ', amount: '12.34', booked_on: '2026-03-01', kind: 'a' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Fresh', amount: '12.34' });
    const id = created.json().id;

    const bad = await call(alice, {
      method: 'PATCH',
      url: `/api/v1/kit-items/${id}/`,
      payload: { name: '', amount: 'lots' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['amount', 'name']);
    const updated = await call(alice, {
      method: 'PATCH',
      url: `/api/v1/kit-items/${id}/`,
      payload: { name: 'Renamed' },
    });
    expect(updated.json()).toMatchObject({ id, name: 'Renamed', amount: '12.34' });

    expect((await call(alice, { method: 'DELETE', url: `/api/v1/kit-items/${id}/` })).statusCode).toBe(204);
    expect((await call(alice, { method: 'GET', url: `/api/v1/kit-items/${id}/` })).statusCode).toBe(404);
  });

  it('enable/disable answer {id, status, status_name}, translated, and the list follows', async () => {
    const id = ids[7]!;
    const off = await call(alice, { method: 'PATCH', url: `/api/v1/kit-items/${id}/disable/`, payload: { status: 0 } });
    expect(off.json()).toEqual({ id, status: 0, status_name: 'Disabled' });
    expect(names((await list(alice, 'status=0')).body)).toEqual([id]);
    const on = await call(alice, { method: 'PATCH', url: `/api/v1/kit-items/${id}/enable/` }, 'it');
    expect(on.json()).toEqual({ id, status: 1, status_name: 'Abilitato' });
    expect((await list(alice, 'status=0')).body.count).toBe(0);
    const contradictory = await call(alice, {
      method: 'PATCH',
      url: `/api/v1/kit-items/${id}/enable/`,
      payload: { status: 0 },
    });
    expect(contradictory.statusCode).toBe(400);
  });

  it('records back-office writes in the audit log with before and after; customer writes are not', async () => {
    const id = ids[11]!;
    await call(admin, { method: 'PATCH', url: `/api/v1/kit-admin-items/${id}/`, payload: { name: 'Audited' } });
    await call(admin, { method: 'PATCH', url: `/api/v1/kit-admin-items/${id}/disable/` });
    await call(alice, { method: 'PATCH', url: `/api/v1/kit-items/${ids[12]}/`, payload: { name: 'Not audited' } });
    const log = await list(admin, 'object_type=test.admin-items&order_by__=id', 'backoffice/audit-log');
    expect(log.body.results.map((r: { action: string }) => r.action)).toEqual(['update', 'disable']);
    const detail = (
      await call(admin, { method: 'GET', url: `/api/v1/backoffice/audit-log/${log.body.results[0].id}/` })
    ).json();
    expect(detail).toMatchObject({
      actor_email: 'operator@example.com',
      object_id: String(id),
      before: { name: 'Item 11' },
      after: { name: 'Audited' },
    });
    expect((await list(admin, 'object_type=test.items', 'backoffice/audit-log')).body.count).toBe(0);
    await call(admin, { method: 'DELETE', url: `/api/v1/kit-admin-items/${ids[25]}/` });
    const deletion = (await list(admin, 'object_type=test.admin-items&action=delete', 'backoffice/audit-log')).body
      .results[0];
    const deletionDetail = (
      await call(admin, { method: 'GET', url: `/api/v1/backoffice/audit-log/${deletion.id}/` })
    ).json();
    expect(deletionDetail).toMatchObject({ before: { name: 'Item 25' }, after: null });
  });
});

describe('download_document_file', () => {
  it('streams the stored file with its type and name; no file or not yours → 404', async () => {
    const bytes = Buffer.from('%PDF-1.7 kit test');
    const file = await saveFile(handle.db, dataDir, bytes, {
      fileName: 'Relazione trimestrale è.pdf',
      contentType: 'application/pdf',
    });
    await handle.db.update(items).set({ fileId: file.id }).where(eq(items.id, ids[4]!));
    const res = await call(alice, { method: 'GET', url: `/api/v1/kit-items/${ids[4]}/download_document_file` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Relazione trimestrale _.pdf"; filename*=UTF-8''Relazione%20trimestrale%20%C3%A8.pdf`,
    );
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(
      (await call(alice, { method: 'GET', url: `/api/v1/kit-items/${ids[5]}/download_document_file` })).statusCode,
    ).toBe(404);
    expect(
      (await call(bob, { method: 'GET', url: `/api/v1/kit-items/${ids[4]}/download_document_file` })).statusCode,
    ).toBe(404);
  });
});

describe('export-xlsx', () => {
  it('refuses bad filters and empty selections before queueing anything', async () => {
    const bad = await call(alice, {
      method: 'PATCH',
      url: '/api/v1/kit-items/export-xlsx/',
      payload: { filters: { colour: 'red' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['colour']);
    const none = await call(alice, {
      method: 'PATCH',
      url: '/api/v1/kit-items/export-xlsx/',
      payload: { filtered_ids: [] },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe('There are no rows to export.');
    const foreign = await call(bob, {
      method: 'PATCH',
      url: '/api/v1/kit-items/export-xlsx/',
      payload: { filtered_ids: [ids[1]] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(await app.jobs.drain()).toBe(0);
  });

  it('202 now; later a typed workbook of exactly the filtered rows minus the excluded, a notification and an e-mail', async () => {
    const res = await call(alice, {
      method: 'PATCH',
      url: '/api/v1/kit-items/export-xlsx/',
      payload: { excluded_ids: [ids[2], ids[4]], filters: { active: 'True', order_by__: '-amount' } },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      detail: 'Operation in progress, you will receive a notification when it is completed',
    });
    expect(await app.jobs.drain()).toBe(1);

    const notes = await call(alice, { method: 'GET', url: '/api/v1/notifications/' });
    const note = notes.json().results[0];
    expect(note).toMatchObject({ kind: 'export_ready', title: 'Your export is ready', is_read: false });
    expect(note.link).toMatch(/^\/api\/v1\/exports\/\d+\/download_document_file$/);
    expect((await call(bob, { method: 'GET', url: note.link })).statusCode).toBe(404);

    const file = await call(alice, { method: 'GET', url: note.link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="enabled-\d{4}-\d{2}-\d{2}-\d{6}\.xlsx"/,
    );

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Enabled');
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', 'Object', 'Before', 'Date', 'After', 'Action']);
    const expected = [24, 22, 20, 18, 16, 14, 12, 10, 8, 6].map((i) => ids[i]);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
    expect(rows.map((r) => r.getCell(1).value)).toEqual(expected);
    const first = rows[0]!;
    expect(first.getCell(3).value).toBe(2412);
    expect(first.getCell(3).numFmt).toBe('#,##0.00');
    expect(first.getCell(4).value).toEqual(new Date('2026-01-24T00:00:00Z'));
    // 2026-02-24 23:30 UTC is 2026-02-25 00:30 in Rome, the time the sheet shows.
    expect(first.getCell(5).value).toEqual(new Date('2026-02-25T00:30:00Z'));
    expect(first.getCell(6).value).toBe(true);

    const [mail] = await messagesTo(handle.db, 'alice@example.com', 'export_ready');
    expect(mail?.subject).toBe('Your export is ready');
    expect(mail?.text).toContain('(10 rows)');
  });
});
