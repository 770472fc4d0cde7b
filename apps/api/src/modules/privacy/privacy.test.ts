// The customer's own data through the HTTP API: the copy holds every domain's JSON and the document files,
// downloads once and expires; closure is refused while cash is left, then erases what it may, keeps what
// the law requires, and the account can no longer sign in.

import { sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/client';
import { DAY, fileFixture } from '../../test/file-fixture';
import type { MoneyFixture } from '../../test/money';
import { delivered } from '../../test/outbox';
import { withdrawConfirmed } from '../../test/withdrawals';
import { createDocument } from '../documents/service';

let f: MoneyFixture;
const { rows } = fileFixture((fixture) => {
  f = fixture;
});

describe('copy of my data', () => {
  it('prepares a ZIP with every domain, the README and the files; downloads once; limits to one a day', async () => {
    const productId = await f.productId('obbligazionario-euro-protetto-2031');
    const investor = await f.holder(productId, '5000');
    const pdf = Buffer.from('%PDF-1.4 identity card scan');
    await inTransaction(f.app.database.db, (tx) =>
      createDocument(tx, f.app.files, {
        userId: investor.id,
        kind: 'identity_document',
        origin: 'uploaded',
        type: 'identity_card',
        number: 'CA1234567',
        files: [{ side: 'front', fileName: 'front.pdf', contentType: 'application/pdf', bytes: pdf }],
      }),
    );

    expect((await f.get(investor.session, '/api/v1/account/data-export/')).json().status).toBe('none');
    const asked = await f.post(investor.session, '/api/v1/account/data-export/');
    expect(asked.statusCode).toBe(202);
    expect(asked.json().status).toBe('pending');
    // Asked again while it is prepared: the same request, not a second one.
    expect((await f.post(investor.session, '/api/v1/account/data-export/')).json().requested_at).toBe(
      asked.json().requested_at,
    );
    await f.app.jobs.drain();
    const ready = (await f.get(investor.session, '/api/v1/account/data-export/')).json();
    expect(ready.status).toBe('ready');
    expect(new Date(ready.expires_at).getTime() - new Date(ready.ready_at).getTime()).toBe(7 * DAY);

    // Told in the app and by e-mail, with a link to the settings, never to the file.
    const mail = await delivered(f.app, investor.email, 'data_export_ready');
    expect(mail.at(-1)?.text).toContain('/customer/setting/');
    expect(mail.at(-1)?.text).not.toContain('/api/');

    const download = await f.get(investor.session, '/api/v1/account/data-export/download/');
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(download.rawPayload);
    const names = Object.keys(zip.files);
    for (const file of [
      'README.md',
      'profile.json',
      'orders.json',
      'ledger.json',
      'advances.json',
      'consents.json',
      'sign-ins.json',
      'signatures.json',
      'notifications.json',
      'documents.json',
    ]) {
      expect(names).toContain(file);
    }
    const read = async (name: string) => JSON.parse(await zip.file(name)!.async('string'));
    // The orders are the ones the API lists; the ledger lines add up to the cash the API shows.
    const listed = (await f.get(investor.session, '/api/v1/transactions/?per_page=100')).json().results;
    const orders = await read('orders.json');
    expect(orders.some((o: { type: string; status: string }) => o.type === 'invest')).toBe(true);
    expect(orders.map((o: { id: number }) => o.id).sort()).toEqual(listed.map((o: { id: number }) => o.id).sort());
    const ledger = await read('ledger.json');
    const cashLines = ledger.filter((l: { account: string }) => l.account === 'customer.cash');
    const cash = (await f.get(investor.session, '/api/v1/cash/')).json();
    const sum = cashLines.reduce((s: number, l: { amount: string }) => s + Math.round(Number(l.amount) * 100), 0);
    expect((sum / 100).toFixed(2)).toBe(Number(cash.available ?? cash.balance ?? 0).toFixed(2));
    expect((await read('profile.json')).account.email).toBe(investor.email);
    expect(JSON.stringify(await read('profile.json'))).not.toContain('password');
    const documents = await read('documents.json');
    const path = documents[0].files[0].path as string;
    expect(path).toMatch(/^files\/\d+-front\.pdf$/);
    expect(await zip.file(path)!.async('nodebuffer')).toEqual(pdf);
    expect(await zip.file('README.md')!.async('string')).toContain('## ledger.json');

    // Once only.
    const again = await f.get(investor.session, '/api/v1/account/data-export/download/');
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('DATA_EXPORT_GONE');
    expect((await f.get(investor.session, '/api/v1/account/data-export/')).json().status).toBe('downloaded');
    // One a day, with a translated reason and when to come back.
    const soon = await f.app.inject({
      method: 'POST',
      url: '/api/v1/account/data-export/',
      headers: { ...investor.session.headers, 'accept-language': 'it' },
    });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().detail).toContain('24 ore');
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is gone once expired', async () => {
    const investor = await f.investor();
    await f.post(investor.session, '/api/v1/account/data-export/');
    await f.app.jobs.drain();
    const saved = f.clock.now;
    f.clock.now = new Date(saved.getTime() + 8 * DAY);
    try {
      expect((await f.get(investor.session, '/api/v1/account/data-export/')).json().status).toBe('expired');
      const [copy] = await rows(sql`select file_id from data_exports where user_id = ${investor.id}`);
      expect(copy!.file_id).toBeNull();
      expect((await f.get(investor.session, '/api/v1/account/data-export/download/')).statusCode).toBe(410);
      // A new one may be asked for: more than a day went by.
      expect((await f.post(investor.session, '/api/v1/account/data-export/')).statusCode).toBe(202);
    } finally {
      f.clock.now = saved;
    }
  });
});

describe('closing my account', () => {
  it("is refused while an order waits, naming it in the reader's language", async () => {
    const productId = await f.productId('obbligazionario-euro-protetto-2031');
    const investor = await f.investor();
    await f.deposit(investor, '5000.00');
    const order = await f.post(investor.session, `/api/v1/products/${productId}/invest/`, {
      amount: '5000',
      payment_method: 'cash',
    });
    expect(order.statusCode, order.body).toBe(201);
    await f.post(investor.session, '/api/v1/account/closure/', {});
    const queue = (await f.get(f.admin, '/api/v1/backoffice/closures/')).json().results;
    const closure = queue.find((c: { user_id: number }) => c.user_id === investor.id);
    const refused = await f.app.inject({
      method: 'POST',
      url: `/api/v1/backoffice/closures/${closure.id}/complete/`,
      headers: { ...f.admin.headers, 'accept-language': 'it' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain('ordini in attesa');
    const [user] = await rows(sql`select status from users where id = ${investor.id}`);
    expect(user!.status).toBe(1);
  });

  it('is refused while cash is left, then erases personal data, keeps the records and ends sign-in', async () => {
    const investor = await f.investor();
    await f.deposit(investor, '250.00');
    const asked = await f.post(investor.session, '/api/v1/account/closure/', { reason: 'Moving abroad' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().status).toBe('requested');
    expect(asked.json().kept.map((k: { record: string }) => k.record)).toContain('identification');

    const queue = (await f.get(f.admin, '/api/v1/backoffice/closures/')).json().results;
    const closure = queue.find((c: { user_id: number }) => c.user_id === investor.id);
    expect(closure.reason).toBe('Moving abroad');

    const refused = await f.post(f.admin, `/api/v1/backoffice/closures/${closure.id}/complete/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ACCOUNT_CLOSURE_BLOCKED');
    expect(refused.json().detail).toContain('cash');

    // The customer takes the money out; the operator pays it.
    const withdrawal = await withdrawConfirmed(f, investor, '250.00');
    expect(withdrawal.statusCode).toBe(201);
    expect((await f.post(f.admin, `/api/v1/backoffice/withdrawals/${withdrawal.json().id}/execute/`)).statusCode).toBe(
      200,
    );

    // A copy made before closure: its e-mail is forgotten and its file goes with the account.
    await f.post(investor.session, '/api/v1/account/data-export/');
    await f.app.jobs.drain();
    const sent = await rows(sql`select id from outbox_messages where recipient = ${investor.email}`);
    expect(sent.length).toBeGreaterThan(0);
    const done = await f.post(f.admin, `/api/v1/backoffice/closures/${closure.id}/complete/`);
    expect(done.statusCode).toBe(200);
    expect(done.json().completed_at).not.toBeNull();
    expect((await f.post(f.admin, `/api/v1/backoffice/closures/${closure.id}/complete/`)).json().code).toBe(
      'ACCOUNT_CLOSURE_DONE',
    );

    // Sign-in refused, with the old password and the old sessions alike.
    const login = await f.app.inject({
      method: 'POST',
      url: '/api/account/token/auth/',
      payload: { email: investor.email, password: 'Demo-pass-2026' },
    });
    expect(login.statusCode).toBe(401);
    const refresh = await f.app.inject({
      method: 'POST',
      url: '/api/account/token/refresh/',
      payload: { refresh: investor.session.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await f.get(investor.session, '/api/account/me/')).statusCode).toBe(401);

    // Which tables keep what.
    const [user] = await rows(
      sql`select email, first_name, last_name, avatar_base64, status, password_hash from users where id = ${investor.id}`,
    );
    expect(user).toMatchObject({
      email: `closed-${investor.id}@closed.invalid`,
      first_name: '',
      last_name: '',
      avatar_base64: null,
      status: 0,
    });
    expect(String(user!.password_hash).startsWith('$argon2')).toBe(false);
    expect(await rows(sql`select 1 from profile_tabs where user_id = ${investor.id}`)).toHaveLength(0);
    expect(await rows(sql`select 1 from profile_settings where user_id = ${investor.id}`)).toHaveLength(0);
    expect(await rows(sql`select 1 from notifications where user_id = ${investor.id}`)).toHaveLength(0);
    expect(await rows(sql`select 1 from one_time_tokens where user_id = ${investor.id}`)).toHaveLength(0);
    expect(
      await rows(sql`select 1 from session_families where user_id = ${investor.id} and revoked_at is null`),
    ).toHaveLength(0);
    // The e-mails sent to the old address keep no recipient nor content.
    expect(await rows(sql`select 1 from outbox_messages where recipient = ${investor.email}`)).toHaveLength(0);
    for (const { id } of sent) {
      const [message] = await rows(sql`select recipient, text, subject from outbox_messages where id = ${id}`);
      expect(message).toEqual({ recipient: `closed-${investor.id}`, text: '', subject: null });
    }
    const [copy] = await rows(sql`select file_id from data_exports where user_id = ${investor.id}`);
    expect(copy!.file_id).toBeNull();
    // Kept: the books, the movements, the review outcomes, the identification data apart for ten years.
    expect((await rows(sql`select 1 from journal_entries where user_id = ${investor.id}`)).length).toBeGreaterThan(0);
    expect((await rows(sql`select 1 from transactions where user_id = ${investor.id}`)).length).toBe(2);
    expect((await rows(sql`select 1 from profile_steps where user_id = ${investor.id}`)).length).toBeGreaterThan(0);
    const [kept] = await rows(
      sql`select retained, retain_until, completed_at, reason from account_closures where user_id = ${investor.id}`,
    );
    expect(kept!.reason).toBeNull();
    expect((kept!.retained as Record<string, unknown>).last_name).toBe('Rossi');
    const years =
      new Date(String(kept!.retain_until)).getUTCFullYear() - new Date(String(kept!.completed_at)).getUTCFullYear();
    expect(years).toBe(10);
    const audit = await rows(
      sql`select after from audit_log where action = 'complete_closure' and object_id = ${String(closure.id)}`,
    );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).not.toContain('Rossi');
  });
});
