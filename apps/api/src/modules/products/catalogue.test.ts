import { isIsin } from '@lombard/shared/isin';
import { NAV_CHART_MAX_POINTS } from '@lombard/shared/product-catalogue';
import { navSeriesSchema, productDetailSchema, productListSchema } from '@lombard/shared/schemas/products';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productNavs, products } from '../../db/schema/products';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, type Session } from '../../test/auth';

let t: TestApp;
let base: Session;
let fixtureId: number;

/** A product whose NAVs are chosen by hand, so its performance can be computed on paper. */
async function insertFixture() {
  const [row] = await t.database.db
    .insert(products)
    .values({
      slug: 'fixture-fund',
      isin: 'US0378331005',
      name: 'Fixture Fund',
      category: 'equity',
      riskIndicator: 6,
      couponFrequency: 'B',
      minInvestment: '2500.00',
      entryCost: '0.0200',
      annualFee: '0.0100',
      loanToValue: '0.4000',
      position: 99,
      translatedContent: {
        it: { summary: 'Fondo di prova', underlying: 'Azioni', description: 'Descrizione italiana' },
        en: { summary: 'Test fund', underlying: 'Shares', description: 'English description' },
      },
    })
    .returning({ id: products.id });
  fixtureId = row!.id;
  await t.database.db.insert(productNavs).values([
    { productId: fixtureId, navDate: '2024-06-03', nav: '80.000000' },
    { productId: fixtureId, navDate: '2024-12-30', nav: '96.000000' },
    // The last NAV of the previous year is the YTD base.
    { productId: fixtureId, navDate: '2024-12-31', nav: '100.000000' },
    { productId: fixtureId, navDate: '2025-01-02', nav: '101.000000' },
    { productId: fixtureId, navDate: '2025-03-14', nav: '104.567800' },
  ]);
}

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.app, { email: 'base-catalogue@example.test' });
  base = await loginAs(t.app, 'base-catalogue@example.test');
  await insertFixture();
});
afterAll(async () => t.close());

const list = async (query = '', language = 'en-US') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/products/${query}`,
    headers: { ...base.headers, 'accept-language': language },
  });
  return res;
};

describe('GET /api/v1/products/', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/products/' });
    expect(res.statusCode).toBe(401);
  });

  it('lists the products to a base user with costs, latest NAV and performance, in the request language', async () => {
    const res = await list('?per_page=100');
    expect(res.statusCode).toBe(200);
    const body = productListSchema.parse(res.json());
    expect(body.count).toBeGreaterThanOrEqual(7);
    const fixture = body.results.find((p) => p.id === fixtureId)!;
    expect(fixture).toMatchObject({
      name: 'Fixture Fund',
      summary: 'Test fund',
      underlying: 'Shares',
      entry_cost: '0.0200',
      annual_fee: '0.0100',
      loan_to_value: '0.4000',
      nav: '104.567800',
      nav_date: '2025-03-14',
      on_sale: true,
      status: 1,
    });
    const italian = productListSchema.parse((await list('?per_page=100', 'it-IT')).json());
    expect(italian.results.find((p) => p.id === fixtureId)?.summary).toBe('Fondo di prova');
  });

  it('computes YTD from the last NAV of the previous year and since launch from the first NAV', async () => {
    const body = productListSchema.parse((await list('?per_page=100')).json());
    const fixture = body.results.find((p) => p.id === fixtureId)!;
    // 104.5678 / 100 − 1 = 0.045678 → 0.0457; 104.5678 / 80 − 1 = 0.3070975 → 0.3071.
    expect(fixture.performance_ytd).toBe('0.0457');
    expect(fixture.performance_since_launch).toBe('0.3071');
    const expected = new Decimal('104.5678').div(80).minus(1).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toFixed(4);
    expect(fixture.performance_since_launch).toBe(expected);
  });

  it('filters by risk indicator (exact and in), coupon frequency and on sale', async () => {
    const risk2 = productListSchema.parse((await list('?risk_indicator=2&per_page=100')).json());
    expect(risk2.count).toBeGreaterThan(0);
    expect(risk2.results.every((p) => p.risk_indicator === 2)).toBe(true);
    const low = productListSchema.parse((await list('?risk_indicator__in=1,6&per_page=100')).json());
    expect(new Set(low.results.map((p) => p.risk_indicator))).toEqual(new Set([1, 6]));
    const bimonthly = productListSchema.parse((await list('?coupon_frequency=B')).json());
    expect(bimonthly.results.map((p) => p.id)).toEqual([fixtureId]);
    const quarterly = productListSchema.parse((await list('?coupon_frequency__in=Q,H&per_page=100')).json());
    expect(quarterly.results.every((p) => ['Q', 'H'].includes(p.coupon_frequency ?? ''))).toBe(true);
    const notOnSale = productListSchema.parse((await list('?on_sale=False')).json());
    expect(notOnSale.count).toBe(0);
    const bad = await list('?coupon_frequency=X');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('coupon_frequency');
  });

  it('sorts by performance, minimum investment and name, and refuses another sort', async () => {
    const byYtd = productListSchema.parse((await list('?order_by__=-performance_ytd&per_page=100')).json());
    const ytd = byYtd.results.map((p) => Number(p.performance_ytd));
    expect(ytd).toEqual([...ytd].sort((a, b) => b - a));
    const ascYtd = productListSchema.parse((await list('?order_by__=performance_ytd&per_page=100')).json());
    expect(ascYtd.results.map((p) => p.id)).toEqual(byYtd.results.map((p) => p.id).reverse());
    const byMin = productListSchema.parse((await list('?order_by__=min_investment&per_page=100')).json());
    expect(byMin.results[0]!.id).toBe(fixtureId);
    const byMinDesc = productListSchema.parse((await list('?order_by__=-min_investment&per_page=100')).json());
    const mins = byMinDesc.results.map((p) => Number(p.min_investment));
    expect(mins).toEqual([...mins].sort((a, b) => b - a));
    const byName = productListSchema.parse((await list('?order_by__=name&per_page=100')).json());
    const names = byName.results.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const bad = await list('?order_by__=entry_cost');
    expect(bad.statusCode).toBe(400);
  });

  it('hides a disabled product from customers (404 on its detail)', async () => {
    const [hidden] = await t.database.db
      .insert(products)
      .values({
        slug: 'hidden-fund',
        isin: 'IT0005610032X'.slice(0, 12),
        name: 'Hidden Fund',
        category: 'bond',
        riskIndicator: 2,
        minInvestment: '1000.00',
        loanToValue: '0.5000',
        status: 0,
        translatedContent: { it: { summary: 's', underlying: 'u' }, en: { summary: 's', underlying: 'u' } },
      })
      .onConflictDoNothing()
      .returning({ id: products.id });
    const body = productListSchema.parse((await list('?per_page=100')).json());
    expect(body.results.some((p) => p.name === 'Hidden Fund')).toBe(false);
    if (hidden) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/${hidden.id}/`, headers: base.headers });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('GET /api/v1/products/{id}/', () => {
  it('gives the description in both languages and the KID in each language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/${fixtureId}/`,
      headers: { ...base.headers, 'accept-language': 'it-IT' },
    });
    expect(res.statusCode).toBe(200);
    const detail = productDetailSchema.parse(res.json());
    expect(detail.description).toBe('Descrizione italiana');
    expect(detail.translated_content.en.description).toBe('English description');
    expect(detail.documents.map((d) => d.url)).toEqual([
      `/api/v1/products/${fixtureId}/kid/?language=it`,
      `/api/v1/products/${fixtureId}/kid/?language=en`,
    ]);
  });
});

describe('demo products', () => {
  it('have two years of NAVs, a description, a holding period and a valid ISIN', async () => {
    const body = productListSchema.parse((await list('?per_page=100')).json());
    const demo = body.results.filter((p) => p.id !== fixtureId && p.name !== 'Hidden Fund');
    expect(demo).toHaveLength(10);
    const twoYearsAgo = new Date();
    twoYearsAgo.setUTCFullYear(twoYearsAgo.getUTCFullYear() - 2);
    const limit = new Date(twoYearsAgo.getTime() + 5 * 86_400_000).toISOString().slice(0, 10);
    for (const product of demo) {
      expect(isIsin(product.isin)).toBe(true);
      const max = await t.app.inject({
        method: 'GET',
        url: `/api/v1/products/${product.id}/navs/?period=max`,
        headers: base.headers,
      });
      const points = navSeriesSchema.parse(max.json());
      expect(points[0]!.date <= limit).toBe(true);
      expect(points).toHaveLength(NAV_CHART_MAX_POINTS);
      const detail = productDetailSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}/`, headers: base.headers })).json(),
      );
      expect(detail.translated_content.it.description.length).toBeGreaterThan(50);
      expect(detail.recommended_holding_years).toBeGreaterThanOrEqual(1);
    }
  });
});
