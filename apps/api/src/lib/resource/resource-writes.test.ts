// The resource kit's other endpoints on the kit_items test resource: scope (another customer's id → 404),
// admin-only resources (403), writes, enable/disable, audit, download and the XLSX export end to end.

import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../test/auth';
import { delivered } from '../../test/outbox';
import { items, type KitFixture, kitFixture } from '../../test/resource-kit';
import { saveFile } from '../files/store';

let kit: KitFixture;
let alice: Session;
let bob: Session;
let admin: Session;
const ids: Record<number, number> = {};
const call = (...args: Parameters<KitFixture['call']>) => kit.call(...args);
const list = (...args: Parameters<KitFixture['list']>) => kit.list(...args);
const names = (body: { results: Array<{ id: number }> }) => body.results.map((r) => r.id);

beforeAll(async () => {
  kit = await kitFixture();
  ({ alice, bob, admin } = kit);
  Object.assign(ids, kit.ids);
});
afterAll(async () => kit?.t.close());

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
    const [row] = await kit.t.database.db.select().from(items).where(eq(items.id, id!));
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
    const file = await saveFile(kit.t.database.db, kit.t.app.files, bytes, {
      fileName: 'Relazione trimestrale è.pdf',
      contentType: 'application/pdf',
    });
    await kit.t.database.db.update(items).set({ fileId: file.id }).where(eq(items.id, ids[4]!));
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
    const badZone = await call(alice, {
      method: 'PATCH',
      url: '/api/v1/kit-items/export-xlsx/',
      payload: { filtered_ids: [ids[1]], time_zone: 'Mars/Olympus_Mons' },
    });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json()).toEqual({ time_zone: ['Unknown time zone.'] });
    expect(await kit.t.app.jobs.drain()).toBe(0);
  });

  it('202 now; later a typed workbook of exactly the filtered rows minus the excluded, a notification and an e-mail', async () => {
    const res = await call(alice, {
      method: 'PATCH',
      url: '/api/v1/kit-items/export-xlsx/',
      payload: {
        excluded_ids: [ids[2], ids[4]],
        filters: { active: 'True', order_by__: '-amount' },
        time_zone: 'America/New_York',
      },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      detail: 'Operation in progress, you will receive a notification when it is completed',
    });
    expect(await kit.t.app.jobs.drain()).toBe(1);

    const notes = await call(alice, { method: 'GET', url: '/api/v1/notifications/' });
    const note = notes.json().results[0];
    expect(note).toMatchObject({ kind: 'export_ready', title: 'Your export is ready', is_read: false });
    expect(note.link).toMatch(/^\/api\/v1\/exports\/\d+\/download_document_file$/);
    expect((await call(bob, { method: 'GET', url: note.link })).statusCode).toBe(404);

    const file = await call(alice, { method: 'GET', url: note.link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="enabled-\d{4}-\d{2}-\d{2}-\d{6}-America-New-York\.xlsx"/,
    );

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Enabled');
    // One zone for the whole file, the reader's, named in the header of the column with times.
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'ID',
      'Object',
      'Before',
      'Date',
      'After (America/New_York)',
      'Action',
    ]);
    const expected = [24, 22, 20, 18, 16, 14, 12, 10, 8, 6].map((i) => ids[i]);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
    expect(rows.map((r) => r.getCell(1).value)).toEqual(expected);
    const first = rows[0]!;
    expect(first.getCell(3).value).toBe(2412);
    expect(first.getCell(3).numFmt).toBe('#,##0.00');
    expect(first.getCell(4).value).toEqual(new Date('2026-01-24T00:00:00Z'));
    // 2026-02-24 23:30 UTC is 18:30 that day in New York, the time the sheet shows this reader.
    expect(first.getCell(5).value).toEqual(new Date('2026-02-24T18:30:00Z'));
    expect(first.getCell(6).value).toBe(true);

    const [mail] = await delivered(kit.t.app, 'alice@example.com', 'export_ready');
    expect(mail?.subject).toBe('Your export is ready');
    expect(mail?.text).toContain('(10 rows)');
  });
});
