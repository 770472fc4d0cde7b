import { publicProductListSchema } from '@lombard/shared/schemas/products';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/products';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/v1/public/products/', () => {
  it('lists the products on sale without signing in, in the request language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/public/products/',
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    const body = publicProductListSchema.parse(res.json());
    expect(body.count).toBeGreaterThanOrEqual(4);
    expect(body).toMatchObject({ page: 1, previous: null, next: null });
    const bond = body.results.find((p) => p.slug === 'obbligazionario-euro-protetto-2031')!;
    expect(bond).toMatchObject({
      risk_indicator: 2,
      coupon_frequency: 'Q',
      min_investment: '5000.00',
      capital_protection: '100.00',
      maturity_date: '2031-06-30',
    });
    expect(bond.summary).toMatch(/^Euro-area government/);
    expect(bond.translated_content.it?.summary).toMatch(/^Titoli di Stato/);
    expect(body.results.some((p) => p.coupon_frequency === null)).toBe(true);
    // Nothing a visitor should not see.
    expect(JSON.stringify(body)).not.toMatch(/loan_to_value|entry_cost|nav/);
  });

  it('hides products no longer on sale', async () => {
    await t.database.db.update(products).set({ onSale: false }).where(eq(products.slug, 'monetario-euro-plus'));
    const body = (await t.app.inject({ method: 'GET', url: '/api/v1/public/products/' })).json();
    expect(body.results.map((p: { slug: string }) => p.slug)).not.toContain('monetario-euro-plus');
  });

  it('pages, and rejects a bad page size', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/v1/public/products/?per_page=2&page=1' })).json();
    expect(body.results).toHaveLength(2);
    expect(body.next).toBe(2);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/public/products/?per_page=1000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('per_page');
  });
});
