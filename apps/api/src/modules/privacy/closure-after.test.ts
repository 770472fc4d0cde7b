// After closure, through the HTTP API: the operator's transfer desk refuses the closed account's reference
// and records nothing; the customer's old sign-in moves no money; the operators' queue names what blocks a
// request. Then the daily purge: copies that expired unread lose their bytes, and once the ten years have
// passed the kept identification data and the KYC files go, once, audited.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/client';
import { DAY, fileFixture } from '../../test/file-fixture';
import type { Investor, MoneyFixture } from '../../test/money';
import { multipartBody } from '../../test/multipart';
import { verifiedStockPlan } from '../../test/stock-plan';
import { createDocument } from '../documents/service';
import { purgeRetainedData, schedulePrivacyPurge } from './purge';

let f: MoneyFixture;
const { rows } = fileFixture((fixture) => {
  f = fixture;
});

async function complete(closureId: number) {
  const res = await f.post(f.admin, `/api/v1/backoffice/closures/${closureId}/complete/`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function closureIdOf(investor: Investor): Promise<number> {
  const queue = (await f.get(f.admin, '/api/v1/backoffice/closures/')).json().results;
  return queue.find((c: { user_id: number }) => c.user_id === investor.id).id;
}

/** A customer with no money who asked to close; the closure's id. */
async function closingCustomer(): Promise<{ investor: Investor; closureId: number; reference: string }> {
  const investor = await f.investor();
  const reference = (await f.get(investor.session, '/api/v1/cash/')).json().deposit_instructions.reference_code;
  expect((await f.post(investor.session, '/api/v1/account/closure/', {})).statusCode).toBe(202);
  return { investor, closureId: await closureIdOf(investor), reference };
}

async function uploadIdentity(userId: number) {
  await inTransaction(f.app.database.db, (tx) =>
    createDocument(tx, f.app.files, {
      userId,
      kind: 'identity_document',
      origin: 'uploaded',
      type: 'identity_card',
      number: 'CA7654321',
      files: [{ side: 'front', fileName: 'front.pdf', contentType: 'application/pdf', bytes: Buffer.from('%PDF id') }],
    }),
  );
}

describe('money after closure', () => {
  it("refuses a transfer quoting a closed account's reference, in the operator's language, recording nothing", async () => {
    const { investor, closureId, reference } = await closingCustomer();
    await complete(closureId);
    const before = await rows(sql`select count(*)::int as n from journal_entries`);

    const transfer = {
      reference_code: reference,
      amount: '500.00',
      value_date: '2026-01-05',
      payer_name: 'Maria Rossi',
    };
    const refused = await f.post(f.admin, '/api/v1/backoffice/transfers/', transfer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ACCOUNT_CLOSED');
    expect(refused.json().detail).toContain('closed');
    const italian = await f.app.inject({
      method: 'POST',
      url: '/api/v1/backoffice/transfers/',
      headers: { ...f.admin.headers, 'accept-language': 'it', 'idempotency-key': 'closed-transfer-it' },
      payload: transfer,
    });
    expect(italian.statusCode).toBe(409);
    expect(italian.json().detail).toContain('conto è chiuso');

    expect(await rows(sql`select 1 from transactions where user_id = ${investor.id}`)).toHaveLength(0);
    expect(await rows(sql`select count(*)::int as n from journal_entries`)).toEqual(before);
    const [cash] = await rows(
      sql`select coalesce(sum(balance), 0)::text as total from ledger_accounts where user_id = ${investor.id}`,
    );
    expect(Number(cash!.total)).toBe(0);
  });

  it('moves no money with the sign-in the customer held before closure', async () => {
    const { investor, closureId } = await closingCustomer();
    const bond = await f.productId('obbligazionario-euro-protetto-2031');
    await complete(closureId);
    const attempts = [
      f.post(investor.session, `/api/v1/products/${bond}/invest/`, { amount: '5000', payment_method: 'bank_transfer' }),
      f.post(investor.session, '/api/v1/cash/withdrawals/', { amount: '10.00' }),
      f.post(investor.session, '/api/v1/advances/', { amount: '5000', instalments: 4, collateral: [] }),
      f.post(investor.session, `/api/v1/products/${bond}/disinvest/`, { units: '1' }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(401);
    expect(await rows(sql`select 1 from transactions where user_id = ${investor.id}`)).toHaveLength(0);
    expect(
      await rows(sql`select 1 from session_families where user_id = ${investor.id} and revoked_at is null`),
    ).toHaveLength(0);
    const [user] = await rows(sql`select closed_at from users where id = ${investor.id}`);
    expect(user!.closed_at).not.toBeNull();
  });

  it('does not close an account that still holds free stock-plan units, and says so in the operator’s language', async () => {
    const investor = await f.investor();
    await verifiedStockPlan(f, investor);
    expect((await f.post(investor.session, '/api/v1/account/closure/', {})).statusCode).toBe(202);
    const closureId = await closureIdOf(investor);

    const queue = (await f.get(f.admin, '/api/v1/backoffice/closures/')).json().results;
    expect(queue.find((c: { id: number }) => c.id === closureId).blocking).toEqual(['positions']);
    const refused = await f.app.inject({
      method: 'POST',
      url: `/api/v1/backoffice/closures/${closureId}/complete/`,
      headers: { ...f.admin.headers, 'accept-language': 'it' },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().detail).toContain('quote di fondi o di piani azionari');
    const [user] = await rows(sql`select closed_at from users where id = ${investor.id}`);
    expect(user!.closed_at).toBeNull();
  });

  it('refuses to verify a stock plan registered before closure: its units never enter the closed account', async () => {
    const investor = await f.investor();
    const { payload, headers } = multipartBody([
      { name: 'company_name', value: 'Aurora Energia S.p.A.' },
      { name: 'plan_name', value: 'Piano azionario 2024' },
      { name: 'vested_units', value: '300' },
      { name: 'unit_price', value: '24.00' },
      { name: 'price_source', value: 'market_close' },
      { name: 'file', fileName: 'plan.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4 plan') },
    ]);
    const registered = await f.app.inject({
      method: 'POST',
      url: '/api/v1/stock-plans/',
      headers: { ...investor.session.headers, ...headers, 'accept-language': 'en' },
      payload,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    await f.post(investor.session, '/api/v1/account/closure/', {});
    await complete(await closureIdOf(investor));

    const verified = await f.post(f.admin, `/api/v1/backoffice/stock-plans/${registered.json().id}/verify/`, {});
    expect(verified.statusCode).toBe(409);
    expect(verified.json().code).toBe('ACCOUNT_CLOSED');
    expect(await rows(sql`select 1 from ledger_accounts where user_id = ${investor.id} and balance <> 0`)).toHaveLength(
      0,
    );
  });

  it('lists open requests first with what blocks each, completed ones after with the retention date', async () => {
    const blocked = await f.investor();
    await f.deposit(blocked, '120.00');
    await f.post(blocked.session, '/api/v1/account/closure/', {});
    const { closureId: freeId } = await closingCustomer();
    const done = await closingCustomer();
    await complete(done.closureId);

    const queue = (await f.get(f.admin, '/api/v1/backoffice/closures/')).json().results as Array<{
      id: number;
      user_id: number;
      name: string;
      blocking: string[];
      completed_at: string | null;
      retain_until: string | null;
    }>;
    const firstDone = queue.findIndex((c) => c.completed_at);
    expect(queue.slice(firstDone).every((c) => c.completed_at)).toBe(true);
    const mine = queue.find((c) => c.user_id === blocked.id)!;
    expect(mine).toMatchObject({ name: 'Maria Rossi', blocking: ['cash'], completed_at: null });
    expect(queue.find((c) => c.id === freeId)!.blocking).toEqual([]);
    const completed = queue.find((c) => c.id === done.closureId)!;
    expect(completed.blocking).toEqual([]);
    expect(completed.name).toBe('');
    expect(
      new Date(completed.retain_until!).getUTCFullYear() - new Date(completed.completed_at!).getUTCFullYear(),
    ).toBe(10);
  });
});

describe('the daily privacy purge', () => {
  it('deletes the bytes of a copy that expired unread and keeps the request as the record', async () => {
    const investor = await f.investor();
    await f.post(investor.session, '/api/v1/account/data-export/');
    await f.app.jobs.drain();
    const [copy] = await rows(
      sql`select e.id, f.id as file_id, f.storage_key from data_exports e join stored_files f on f.id = e.file_id where e.user_id = ${investor.id}`,
    );
    expect(await f.app.files.exists(String(copy!.storage_key))).toBe(true);

    const saved = f.clock.now;
    try {
      // Still readable the day before it expires: the sweep leaves it.
      f.clock.now = new Date(saved.getTime() + 6 * DAY);
      await schedulePrivacyPurge(f.app.database.db, f.clock.now);
      await f.app.jobs.drain();
      expect(await f.app.files.exists(String(copy!.storage_key))).toBe(true);

      f.clock.now = new Date(saved.getTime() + 8 * DAY);
      expect(await schedulePrivacyPurge(f.app.database.db, f.clock.now)).toBe(true);
      await f.app.jobs.drain();
      expect(await f.app.files.exists(String(copy!.storage_key))).toBe(false);
      expect(await rows(sql`select 1 from stored_files where id = ${copy!.file_id}`)).toHaveLength(0);
      const [kept] = await rows(sql`select status, file_id, ready_at from data_exports where id = ${copy!.id}`);
      expect(kept).toMatchObject({ status: 'ready', file_id: null });
      expect(kept!.ready_at).not.toBeNull();
      expect((await f.get(investor.session, '/api/v1/account/data-export/')).json().status).toBe('expired');
    } finally {
      f.clock.now = saved;
    }
  });

  it('empties the kept identification data and deletes the KYC files once the ten years pass, once', async () => {
    const { investor, closureId } = await closingCustomer();
    await uploadIdentity(investor.id);
    const files = await rows(
      sql`select f.id, f.storage_key from stored_files f join document_files l on l.file_id = f.id join documents d on d.id = l.document_id where d.user_id = ${investor.id}`,
    );
    expect(files).toHaveLength(1);
    await complete(closureId);

    // Within the ten years the purge keeps everything.
    expect(await purgeRetainedData(f.app.database.db, f.app.files, f.clock.now)).toBe(0);
    const [kept] = await rows(sql`select retained, retain_until from account_closures where id = ${closureId}`);
    expect((kept!.retained as Record<string, unknown>).last_name).toBe('Rossi');

    // A closure whose retention ended yesterday.
    await f.t.database.db.execute(
      sql`update account_closures set retain_until = ${new Date(f.clock.now.getTime() - DAY)} where id = ${closureId}`,
    );
    await schedulePrivacyPurge(f.app.database.db, new Date(f.clock.now.getTime() + 3 * DAY));
    await f.app.jobs.drain();

    const [purged] = await rows(sql`select retained, purged_at from account_closures where id = ${closureId}`);
    expect(purged!.retained).toBeNull();
    expect(purged!.purged_at).not.toBeNull();
    expect(await f.app.files.exists(String(files[0]!.storage_key))).toBe(false);
    expect(await rows(sql`select 1 from stored_files where id = ${files[0]!.id}`)).toHaveLength(0);
    expect(
      await rows(sql`select 1 from documents where user_id = ${investor.id} and kind = 'identity_document'`),
    ).toHaveLength(0);
    // The books stay: the review outcomes and the closure's own record.
    expect((await rows(sql`select 1 from profile_steps where user_id = ${investor.id}`)).length).toBeGreaterThan(0);
    const audit = await rows(
      sql`select actor_id, after from audit_log where action = 'purge_retained' and object_id = ${String(closureId)}`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBeNull();
    expect(audit[0]!.after).toMatchObject({ kyc_files_deleted: 1 });
    expect(JSON.stringify(audit[0])).not.toContain('Rossi');

    // Run again: nothing left to do, nothing audited twice.
    expect(await purgeRetainedData(f.app.database.db, f.app.files, f.clock.now)).toBe(0);
    expect(
      await rows(sql`select 1 from audit_log where action = 'purge_retained' and object_id = ${String(closureId)}`),
    ).toHaveLength(1);
    const queue = (await f.get(f.admin, '/api/v1/backoffice/closures/')).json().results;
    expect(queue.find((c: { id: number }) => c.id === closureId).purged_at).not.toBeNull();
  });
});
