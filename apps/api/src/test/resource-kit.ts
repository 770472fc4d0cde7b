// A resource declared only for the kit's tests (kit_items), with every field type, and a ready app with
// three customers (alice owns 25 rows, bob 3, carol none) and an operator.
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { registerResource } from '../lib/resource/routes';
import { defineResource } from '../lib/resource/types';
import { createTestApp, type TestApp } from './app';
import { createUser, loginAs, type Session } from './auth';

export const items = pgTable('kit_items', {
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

const kitItemSchema = z.object({ id: z.number(), name: z.string(), amount: z.string(), status: z.number() });

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
    item: kitItemSchema,
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

export interface KitFixture {
  t: TestApp;
  alice: Session;
  bob: Session;
  carol: Session;
  admin: Session;
  /** Row ids of alice's items 1…25. */
  ids: Record<number, number>;
  call(session: Session | null, options: InjectOptions, language?: string): Promise<LightMyRequestResponse>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answer bodies field by field
  list(session: Session, query: string, base?: string): Promise<{ status: number; body: any }>;
}

export async function kitFixture(): Promise<KitFixture> {
  const t = await createTestApp({
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
  const users = await Promise.all(
    ['alice', 'bob', 'carol'].map((n) => createUser(t.app, { email: `${n}@example.com`, attributes: ['customer'] })),
  );
  await createUser(t.app, { email: 'operator@example.com', attributes: ['admin'] });
  const sessions = await Promise.all(
    ['alice', 'bob', 'carol', 'operator'].map((n) => loginAs(t.app, `${n}@example.com`)),
  );
  const [alice, bob, carol, admin] = sessions as [Session, Session, Session, Session];
  const ids: Record<number, number> = {};
  for (let i = 1; i <= 25; i++) {
    const name = i === 1 ? 'Alpha 50% off' : i === 2 ? 'alpha_beta' : `Item ${i}`;
    const [row] = await t.database.db
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
    await t.database.db
      .insert(items)
      .values({ ownerId: users[1]!.id, name: `Bob ${i}`, amount: '1.00', bookedOn: '2026-01-01', kind: 'a' });
  }

  const call: KitFixture['call'] = (session, options, language = 'en') =>
    t.app.inject({
      ...options,
      headers: { ...(session?.headers ?? {}), 'accept-language': language, ...(options.headers ?? {}) },
    } as never);
  const list: KitFixture['list'] = async (session, query, base = 'kit-items') => {
    const res = await call(session, { method: 'GET', url: `/api/v1/${base}/?${query}` });
    return { status: res.statusCode, body: res.json() };
  };
  return { t, alice, bob, carol, admin, ids, call, list };
}
