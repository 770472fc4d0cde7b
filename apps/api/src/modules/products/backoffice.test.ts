import { backofficeProductSchema } from '@lombard/shared/schemas/products';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productNavs } from '../../db/schema/products';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, type Session } from '../../test/auth';
import { saleTermsOf } from './service';

let t: TestApp;
let admin: Session;
let customer: Session;
// Friday 14 March 2025, 11:00 in Rome.
const now = new Date('2025-03-14T10:00:00Z');
const PATH = '/api/v1/backoffice/products/';

const valid = {
  name: 'Obbligazionario Breve Termine',
  isin: 'IT0005610032',
  category: 'bond',
  risk_indicator: 2,
  coupon_frequency: 'H',
  coupon_rate: '0.0250',
  min_investment: '1000.00',
  max_investment: '500000.00',
  min_holding_days: 30,
  capital_protection: '95.00',
  entry_cost: '0.0050',
  annual_fee: '0.0040',
  maturity_date: '2028-06-30',
  loan_to_value: '0.7000',
  recommended_holding_years: 3,
  on_sale: true,
  translated_content: {
    it: { summary: 'Obbligazioni a breve termine dell’area euro.', underlying: 'Titoli di Stato', description: '' },
    en: { summary: 'Short-term euro-area bonds for cautious savers.', underlying: 'Government bonds', description: '' },
  },
};

beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now });
  await createUser(t.app, { email: 'ops@example.test', attributes: ['admin'] });
  await createUser(t.app, { email: 'client@example.test', attributes: ['customer'] });
  admin = await loginAs(t.app, 'ops@example.test');
  customer = await loginAs(t.app, 'client@example.test');
});
afterAll(async () => t.close());

const send = (method: 'POST' | 'PATCH' | 'PUT' | 'GET', url: string, payload?: unknown, session = admin) =>
  t.app.inject({ method, url, payload: payload as never, headers: { ...session.headers, 'accept-language': 'en-US' } });

interface AuditEntry {
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The audit trail of one product, as an operator reads it (list, then each entry's detail). */
async function audits(objectId: number): Promise<AuditEntry[]> {
  const list = await send(
    'GET',
    `/api/v1/backoffice/audit-log/?object_type=backoffice.products&object_id=${objectId}&per_page=100`,
  );
  const rows = list.json().results as Array<{ id: number }>;
  return Promise.all(rows.map(async (row) => (await send('GET', `/api/v1/backoffice/audit-log/${row.id}/`)).json()));
}

let id: number;

describe('back-office products', () => {
  it('is for operators only', async () => {
    expect((await send('GET', PATH, undefined, customer)).statusCode).toBe(403);
    expect((await send('POST', PATH, valid, customer)).statusCode).toBe(403);
  });

  it('creates a product with every field, and audits it', async () => {
    const res = await send('POST', PATH, valid);
    expect(res.statusCode).toBe(201);
    const product = backofficeProductSchema.parse(res.json());
    id = product.id;
    expect(product).toMatchObject({
      slug: 'obbligazionario-breve-termine',
      isin: 'IT0005610032',
      risk_indicator: 2,
      coupon_frequency: 'H',
      loan_to_value: '0.7000',
      recommended_holding_years: 3,
      nav: null,
      performance_ytd: null,
      recent_navs: [],
    });
    expect(await audits(id)).toEqual([expect.objectContaining({ action: 'create' })]);
  });

  it('refuses bad input field by field and writes nothing', async () => {
    const res = await send('POST', PATH, {
      ...valid,
      isin: 'IT0005610033',
      risk_indicator: 8,
      coupon_frequency: 'W',
      entry_cost: '1.5',
      loan_to_value: '0.95',
      min_investment: '600000.00',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.isin[0]).toMatch(/ISIN is not valid/);
    for (const field of ['risk_indicator', 'coupon_frequency', 'entry_cost', 'loan_to_value']) {
      expect(body).toHaveProperty(field);
    }
    const minMax = await send('POST', PATH, { ...valid, isin: 'US0378331005', min_investment: '600000.00' });
    expect(minMax.statusCode).toBe(400);
    expect(minMax.json().max_investment[0]).toBe('The maximum investment must be greater than the minimum.');
    const taken = await send('POST', PATH, valid);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().isin[0]).toBe('Another product already has this ISIN.');
    const list = (await send('GET', `${PATH}?per_page=100`)).json();
    expect(list.count).toBe(1);
  });

  it('edits the government-bond share in % (0–100), refuses anything else unchanged, and audits it', async () => {
    expect((await send('GET', `${PATH}${id}/`)).json().government_bond_share).toBe('0.00');
    for (const bad of ['100.01', '-1', 'half', '51.925']) {
      const res = await send('PATCH', `${PATH}${id}/`, { government_bond_share: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('government_bond_share');
    }
    expect((await send('GET', `${PATH}${id}/`)).json().government_bond_share).toBe('0.00');
    const res = await send('PATCH', `${PATH}${id}/`, { government_bond_share: '51.92' });
    expect(res.statusCode).toBe(200);
    expect(res.json().government_bond_share).toBe('51.92');
    // The borrow-or-sell estimate reads the fraction.
    expect((await saleTermsOf(t.app.database.db, [id])).get(id)?.governmentBondShare).toBe('0.5192');
    const update = (await audits(id)).find((a) => a.action === 'update')!;
    expect(update.before).toMatchObject({ governmentBondShare: '0.0000' });
    expect(update.after).toMatchObject({ governmentBondShare: '0.5192' });
    await send('PATCH', `${PATH}${id}/`, { government_bond_share: '0' });
  });

  it('edits fields, checks the minimum against the stored maximum, and audits before and after', async () => {
    const res = await send('PATCH', `${PATH}${id}/`, { annual_fee: '0.0045', on_sale: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ annual_fee: '0.0045', on_sale: false });
    const tooHigh = await send('PATCH', `${PATH}${id}/`, { min_investment: '500000.00' });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json()).toHaveProperty('max_investment');
    const update = (await audits(id)).find((a) => a.action === 'update')!;
    expect(update.before).toMatchObject({ annualFee: '0.0040', onSale: true });
    expect(update.after).toMatchObject({ annualFee: '0.0045', onSale: false });
  });

  it('disables and enables a product; a disabled one disappears for customers', async () => {
    const off = await send('PATCH', `${PATH}${id}/disable/`, {});
    expect(off.json()).toMatchObject({ id, status: 0 });
    expect((await send('GET', `/api/v1/products/${id}/`, undefined, customer)).statusCode).toBe(404);
    const on = await send('PATCH', `${PATH}${id}/enable/`, {});
    expect(on.json()).toMatchObject({ id, status: 1 });
    expect((await send('GET', `/api/v1/products/${id}/`, undefined, customer)).statusCode).toBe(200);
    expect((await audits(id)).map((a) => a.action)).toEqual(expect.arrayContaining(['disable', 'enable']));
  });
});

describe('POST /api/v1/backoffice/products/{id}/navs/', () => {
  const record = (payload: unknown) => send('POST', `${PATH}${id}/navs/`, payload);

  it('records a NAV, then corrects it, each audited', async () => {
    const first = await record({ date: '2025-03-13', nav: '101.250000' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ previous: null, detail: 'The NAV has been recorded.' });
    const fix = await record({ date: '2025-03-13', nav: '101.3' });
    expect(fix.json()).toMatchObject({ previous: '101.250000', detail: 'The NAV has been corrected.' });
    const [row] = await t.database.db.select().from(productNavs).where(eq(productNavs.productId, id));
    expect(row!.nav).toBe('101.300000');
    const entries = await audits(id);
    expect(entries.find((a) => a.action === 'record_nav')?.after).toEqual({ date: '2025-03-13', nav: '101.250000' });
    expect(entries.find((a) => a.action === 'correct_nav')?.before).toEqual({ date: '2025-03-13', nav: '101.250000' });
    const detail = backofficeProductSchema.parse((await send('GET', `${PATH}${id}/`)).json());
    expect(detail.recent_navs).toEqual([{ date: '2025-03-13', nav: '101.300000' }]);
    expect(detail.nav).toBe('101.300000');
  });

  it('refuses a future day, a weekend, a NAV of zero or with 7 decimals', async () => {
    expect((await record({ date: '2025-03-17', nav: '100' })).json().date[0]).toMatch(/not come yet/);
    expect((await record({ date: '2025-03-09', nav: '100' })).json().date[0]).toMatch(/working days/);
    expect((await record({ date: '2025-03-12', nav: '0' })).statusCode).toBe(400);
    const precise = await record({ date: '2025-03-12', nav: '100.1234567' });
    expect(precise.statusCode).toBe(400);
    expect(precise.json()).toHaveProperty('nav');
    const rows = await t.database.db.select().from(productNavs).where(eq(productNavs.productId, id));
    expect(rows).toHaveLength(1);
  });

  it('is for operators only, and answers 404 for an unknown product', async () => {
    const res = await send('POST', `${PATH}${id}/navs/`, { date: '2025-03-12', nav: '100' }, customer);
    expect(res.statusCode).toBe(403);
    expect((await send('POST', `${PATH}999999/navs/`, { date: '2025-03-12', nav: '100' })).statusCode).toBe(404);
  });
});
