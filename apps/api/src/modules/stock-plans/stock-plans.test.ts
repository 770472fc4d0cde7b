// Stock plans through HTTP: registered with the plan document, verified by an operator (a lead becomes a
// customer), then a collateral line with the stock-plan loan-to-value that an advance pledges whole.

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { advanceQuoteUrl } from '@lombard/shared/advance-search';
import { STOCK_PLAN_LOAN_TO_VALUE } from '@lombard/shared/constants';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesRoot } from '../../lib/files/store';
import { messagesTo } from '../../lib/outbox';
import { loginAs } from '../../test/auth';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { multipartBody } from '../../test/multipart';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function register(who: Investor, fields: Record<string, string>, file: Buffer | null = PDF, fileName = 'plan.pdf') {
  const { payload, headers } = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: 'file', fileName, contentType: 'application/pdf', data: file }] : []),
  ]);
  return f.app.inject({
    method: 'POST',
    url: '/api/v1/stock-plans/',
    headers: { ...who.session.headers, ...headers, 'accept-language': 'en' },
    payload,
  });
}

const plan = {
  company_name: 'Acme Industries S.p.A.',
  plan_name: 'RSU 2024',
  vested_units: '400',
  unit_price: '25.50',
  price_source: 'market_close',
};

describe('stock plans', () => {
  it('need the document and exactly one employer', async () => {
    const who = await f.investor({ profiles: ['lead'] });
    const noFile = await register(who, plan, null);
    expect(noFile.statusCode).toBe(400);
    expect(Object.keys(noFile.json())).toContain('file');
    const both = await register(who, { ...plan, partner_id: '1' });
    expect(both.statusCode).toBe(400);
    expect(Object.keys(both.json())).toContain('company_name');
  });

  it('are verified by an operator, make a lead a customer, and are pledged whole to an advance', async () => {
    const who = await f.investor({ profiles: ['lead'] });
    const created = await register(who, plan);
    expect(created.statusCode).toBe(201);
    const row = created.json();
    expect(row).toMatchObject({
      status: 'submitted',
      status_name: 'Waiting for verification',
      company: 'Acme Industries S.p.A.',
      vested_units: '400.000000',
      value: '10200.00',
      loan_to_value: STOCK_PLAN_LOAN_TO_VALUE,
    });
    expect((await f.get(who.session, '/api/v1/stock-plans/')).json().count).toBe(1);
    const queue = (await f.get(f.admin, `/api/v1/backoffice/stock-plans/?status=submitted&user=${who.id}`)).json();
    expect(queue.results[0]).toMatchObject({ id: row.id, user: { id: who.id } });
    const document = await f.get(f.admin, `/api/v1/backoffice/stock-plans/${row.id}/download_document_file/`);
    expect(document.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const verified = await f.post(f.admin, `/api/v1/backoffice/stock-plans/${row.id}/verify/`, { unit_price: '30' });
    expect(verified.json()).toMatchObject({ status: 'verified', unit_price: '30.000000', value: '12000.00' });
    expect((await f.post(f.admin, `/api/v1/backoffice/stock-plans/${row.id}/verify/`, {})).statusCode).toBe(409);

    // The promotion shows on the next sign-in's profiles.
    const session = await loginAs(f.app, who.email);
    const customer: Investor = { ...who, session: { ...session, headers: { ...session.headers } } };
    const power = (await f.get(customer.session, '/api/v1/advances/borrowing-power/')).json();
    expect(power.lines).toEqual([
      expect.objectContaining({
        key: `stock-plan:${row.id}`,
        kind: 'stock_plan',
        label: 'Acme Industries S.p.A. – RSU 2024',
        value: '12000.00',
        loan_to_value: STOCK_PLAN_LOAN_TO_VALUE,
        contribution: '3600.00',
        pledged: false,
      }),
    ]);

    // 3,600 lendable is below the minimum advance: the request is refused, nothing is pledged.
    const collateral = [`stock-plan:${row.id}`];
    const small = await f.post(customer.session, '/api/v1/advances/', { amount: '5000', instalments: 4, collateral });
    expect(small.json().code).toBe('ADVANCE_AMOUNT_ABOVE_COLLATERAL');
    const planOf = async () => (await f.get(customer.session, `/api/v1/stock-plans/${row.id}/`)).json();
    expect((await planOf()).pledged_units).toBe('0.000000');

    // A second verified plan worth more lends enough; its units are pledged whole, and only once.
    const big = (await register(customer, { ...plan, plan_name: 'RSU 2025', vested_units: '2000' })).json();
    await f.post(f.admin, `/api/v1/backoffice/stock-plans/${big.id}/verify/`, {});
    const bigLine = [`stock-plan:${big.id}`];
    const advance = await f.post(customer.session, '/api/v1/advances/', {
      amount: '15000',
      instalments: 4,
      collateral: bigLine,
    });
    expect(advance.statusCode).toBe(201);
    expect(advance.json().collateral[0]).toMatchObject({ key: bigLine[0], units: '2000.000000', pledged: true });
    const pledged = (await f.get(customer.session, `/api/v1/stock-plans/${big.id}/`)).json();
    expect(pledged.pledged_units).toBe('2000.000000');
    const twice = await f.get(
      customer.session,
      advanceQuoteUrl({ amount: '5000', instalments: 4, collateral: bigLine }),
    );
    expect(twice.json().code).toBe('COLLATERAL_ALREADY_PLEDGED');
    await f.post(customer.session, `/api/v1/advances/${advance.json().id}/cancel/`, undefined, null);
    expect((await f.get(customer.session, `/api/v1/stock-plans/${big.id}/`)).json().pledged_units).toBe('0.000000');
    const ledger = (await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json();
    expect(ledger.checks.every((check: { ok: boolean }) => check.ok)).toBe(true);
  });

  it('of the demo customer: one verified partner plan, pledged to her advance next to a fund', async () => {
    const session = await loginAs(f.app, 'customer@demo.lombard.test');
    const demo = { ...session, headers: { ...session.headers, 'accept-language': 'en' } } as Investor['session'];
    const plans = (await f.get(demo, '/api/v1/stock-plans/')).json();
    expect(plans.results).toEqual([
      expect.objectContaining({
        status: 'verified',
        company: 'Vela Robotics',
        vested_units: '1200.000000',
        value: '22080.00',
      }),
    ]);
    const power = (await f.get(demo, '/api/v1/advances/borrowing-power/')).json();
    expect(power.lines.filter((l: { kind: string }) => l.kind === 'position').length).toBeGreaterThanOrEqual(3);
    expect(power.lines.find((l: { kind: string }) => l.kind === 'stock_plan')).toMatchObject({
      contribution: '6624.00',
      pledged: true,
    });
    const advances = (await f.get(demo, '/api/v1/advances/')).json();
    expect(advances.results).toEqual([expect.objectContaining({ status: 5, amount: '8000.00' })]);
  });

  it('are rejected with a reason, and a rejected plan lends nothing', async () => {
    const who = await f.investor();
    const row = (await register(who, { ...plan, plan_name: 'ESPP' })).json();
    const rejected = await f.post(f.admin, `/api/v1/backoffice/stock-plans/${row.id}/reject/`, {
      reason: 'The document is not legible',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'The document is not legible' });
    const [mail] = await messagesTo(f.t.database.db, who.email, 'stock_plan_decision');
    expect(mail!.subject).toBe('Stock plan rejected');
    expect(mail!.text).toContain('Reason: The document is not legible');
    expect((await f.get(who.session, '/api/v1/advances/borrowing-power/')).json().lines).toEqual([]);
    const pledge = await f.get(
      who.session,
      advanceQuoteUrl({
        amount: '5000',
        instalments: 4,
        collateral: [`stock-plan:${row.id}`],
      }),
    );
    expect(pledge.json().code).toBe('COLLATERAL_UNAVAILABLE');
  });
});

/** Every file under the files folder (an upload writes one). */
const storedFileNames = async () =>
  (await readdir(filesRoot(f.t.dataDir), { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

describe('stock plans with numbers too long for their columns', () => {
  it('are refused with a 400 naming the field, and no file is kept', async () => {
    const who = await f.investor({ profiles: ['lead'] });
    const before = await storedFileNames();
    const units = await register(who, { ...plan, vested_units: '1'.repeat(31) });
    expect(units.statusCode).toBe(400);
    expect(units.json()).toEqual({ vested_units: ['Enter at most 18 digits before the decimal point.'] });
    const price = await register(who, { ...plan, unit_price: '25.1234567' });
    expect(price.statusCode).toBe(400);
    expect(price.json()).toEqual({ unit_price: ['Enter at most 6 decimal places.'] });
    expect(await storedFileNames()).toEqual(before);
    expect((await f.get(who.session, '/api/v1/stock-plans/')).json().count).toBe(0);
  });

  it('are refused to an operator verifying a plan, which stays as it was', async () => {
    const who = await f.investor({ profiles: ['lead'] });
    const row = (await register(who, { ...plan, plan_name: 'PSU 2025' })).json();
    const url = `/api/v1/backoffice/stock-plans/${row.id}/verify/`;
    const units = await f.post(f.admin, url, { vested_units: '9'.repeat(30) });
    expect(units.statusCode).toBe(400);
    expect(Object.keys(units.json())).toEqual(['vested_units']);
    const price = await f.post(f.admin, url, { unit_price: '9'.repeat(30) });
    expect(price.statusCode).toBe(400);
    expect(Object.keys(price.json())).toEqual(['unit_price']);
    const [plan_] = (await f.get(who.session, '/api/v1/stock-plans/')).json().results;
    expect(plan_).toMatchObject({ status: 'submitted', vested_units: row.vested_units, unit_price: row.unit_price });
  });
});

describe('an upload whose transaction fails after the file is written', () => {
  it('leaves no file behind', async () => {
    // A statement after the file's write fails, as a constraint or a lost connection would make it.
    await f.t.database.db.execute(
      sql`alter table stock_plans add constraint refuses_one_name check (plan_name <> 'Refused by the database')`,
    );
    try {
      const who = await f.investor({ profiles: ['lead'] });
      const before = await storedFileNames();
      const res = await register(who, { ...plan, plan_name: 'Refused by the database' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(await storedFileNames()).toEqual(before);
      expect((await f.get(who.session, '/api/v1/stock-plans/')).json().count).toBe(0);
    } finally {
      await f.t.database.db.execute(sql`alter table stock_plans drop constraint refuses_one_name`);
    }
  });
});

describe('the name an uploaded file is shown under', () => {
  it('is one Unicode form, without bidirectional controls or markup characters', async () => {
    const who = await f.investor({ profiles: ['lead'] });
    // "e" + combining acute, a right-to-left override that would show "…pdf.exe" as "…exe.pdf", and a tag.
    const sent = 'e\u0301tat <img src=x onerror=alert(1)>\u202Eexe.pdf';
    expect((await register(who, plan, PDF, sent)).statusCode).toBe(201);
    const [document] = (await f.get(who.session, '/api/v1/documents/')).json().results;
    expect(document.files[0].name).toBe('\u00e9tat _img src=x onerror=alert(1)_exe.pdf');
  });
});
