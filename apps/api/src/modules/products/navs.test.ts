import { NAV_CHART_MAX_POINTS } from '@lombard/shared/product-catalogue';
import { navSeriesSchema } from '@lombard/shared/schemas/products';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productNavs, products } from '../../db/schema/products';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs, type Session } from '../../test/auth';
import { costsOverTime, performanceScenarios } from './kid-figures';
import { downsample } from './navs';

let t: TestApp;
let user: Session;
let productId: number;
const now = new Date('2025-06-20T10:00:00Z');

/** Every weekday from 2022-06-01 to 2025-06-20, growing 0.01 % a day with a small wobble. */
function history() {
  const rows: Array<{ navDate: string; nav: string }> = [];
  let nav = new Decimal(100);
  const day = new Date('2022-06-01T00:00:00Z');
  for (let i = 0; day <= now; i++, day.setUTCDate(day.getUTCDate() + 1)) {
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    nav = nav.mul(i % 2 === 0 ? '1.0031' : '0.9971');
    rows.push({ navDate: day.toISOString().slice(0, 10), nav: nav.toFixed(6) });
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false, clock: () => now });
  await createUser(t.app, { email: 'reader@example.test' });
  user = await loginAs(t.app, 'reader@example.test');
  const [row] = await t.database.db
    .insert(products)
    .values({
      slug: 'kid-fund',
      isin: 'DE000BAY0017',
      name: 'Bilanciato Prudente Test',
      category: 'balanced',
      riskIndicator: 3,
      couponFrequency: 'Q',
      couponRate: '0.0300',
      minInvestment: '5000.00',
      entryCost: '0.0100',
      annualFee: '0.0080',
      capitalProtection: '90.00',
      maturityDate: '2030-12-31',
      minHoldingDays: 90,
      recommendedHoldingYears: 5,
      loanToValue: '0.6000',
      translatedContent: {
        it: {
          summary: 'Un fondo bilanciato di prova.',
          underlying: 'Azioni e obbligazioni',
          description: 'Descrizione.',
        },
        en: { summary: 'A balanced test fund.', underlying: 'Shares and bonds', description: 'Description.' },
      },
    })
    .returning({ id: products.id });
  productId = row!.id;
  const rows = history().map((r) => ({ ...r, productId }));
  for (let i = 0; i < rows.length; i += 400) await t.database.db.insert(productNavs).values(rows.slice(i, i + 400));
});
afterAll(async () => t.close());

const navs = (period: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}/navs/?period=${period}`, headers: user.headers });

describe('GET /api/v1/products/{id}/navs/', () => {
  it('gives a month of NAVs, ascending and ending at the latest', async () => {
    const res = await navs('1m');
    expect(res.statusCode).toBe(200);
    const points = navSeriesSchema.parse(res.json());
    expect(points.at(-1)!.date).toBe('2025-06-20');
    expect(points[0]!.date >= '2025-05-20').toBe(true);
    expect(points.length).toBeGreaterThanOrEqual(21);
    expect(points.map((p) => p.date)).toEqual(points.map((p) => p.date).sort());
  });

  it('thins long periods out to at most 260 points, keeping the first and last day', async () => {
    for (const period of ['1y', '2y', 'max']) {
      const points = navSeriesSchema.parse((await navs(period)).json());
      expect(points.length).toBeLessThanOrEqual(NAV_CHART_MAX_POINTS);
      expect(points.at(-1)!.date).toBe('2025-06-20');
    }
    const max = navSeriesSchema.parse((await navs('max')).json());
    expect(max[0]!.date).toBe('2022-06-01');
    const twoYears = navSeriesSchema.parse((await navs('2y')).json());
    expect(twoYears[0]!.date >= '2023-06-19').toBe(true);
    expect(twoYears[0]!.date <= '2023-06-23').toBe(true);
  });

  it('refuses an unknown period and an unknown product', async () => {
    expect((await navs('3y')).statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/products/999999/navs/', headers: user.headers });
    expect(missing.statusCode).toBe(404);
  });
});

describe('downsample', () => {
  it('keeps short series whole and spaces long ones evenly', () => {
    expect(downsample([1, 2, 3], 5)).toEqual([1, 2, 3]);
    expect(downsample([0, 1, 2, 3, 4, 5, 6, 7, 8], 5)).toEqual([0, 2, 4, 6, 8]);
  });
});

describe('GET /api/v1/products/{id}/kid/', () => {
  it.each(['it', 'en'] as const)('is a real PDF in %s that names the product and its ISIN', async (language) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/${productId}/kid/`,
      headers: { ...user.headers, 'accept-language': language === 'it' ? 'it-IT' : 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="KID-DE000BAY0017-${language}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getSubject()).toBe('DE000BAY0017');
    expect(pdf.getTitle()).toContain('Bilanciato Prudente Test (DE000BAY0017)');
    expect(pdf.getTitle()).toContain(
      language === 'it' ? 'Documento contenente le informazioni chiave' : 'Key Information Document',
    );
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
  });

  it('follows the language asked for and serves the same bytes from its cache', async () => {
    const get = () =>
      t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}/kid/?language=en`, headers: user.headers });
    const first = await get();
    const second = await get();
    expect(first.headers['content-disposition']).toContain('KID-DE000BAY0017-en.pdf');
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
  });

  it('still builds when a text holds characters the PDF fonts cannot draw', async () => {
    await t.database.db
      .update(products)
      .set({
        translatedContent: {
          it: { summary: 'Фонд 📈 prudente', underlying: 'Azioni', description: 'Ελληνικά e “virgolette”.' },
          en: { summary: 'Фонд 📈 fund', underlying: 'Shares', description: 'Ελληνικά and “quotes”.' },
        },
      })
      .where(eq(products.id, productId));
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}/kid/`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect((await PDFDocument.load(res.rawPayload)).getPageCount()).toBeGreaterThanOrEqual(2);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}/kid/` });
    expect(res.statusCode).toBe(401);
  });
});

describe('KID figures', () => {
  it('orders the scenarios from stress to favourable and takes the entry cost off every one', () => {
    const navsList = history().map((r) => r.nav);
    const scenarios = performanceScenarios(navsList, 5, '0.0100')!;
    expect(scenarios.map((s) => s.key)).toEqual(['stress', 'unfavourable', 'moderate', 'favourable']);
    const values = scenarios.map((s) => s.holding.value.toNumber());
    expect(values).toEqual([...values].sort((a, b) => a - b));
    // A flat history: every scenario is the example less the entry cost.
    const flat = performanceScenarios(['10', '10', '10', '10'], 3, '0.0100')!;
    for (const s of flat) expect(s.holding.value.toString()).toBe('9900');
    expect(performanceScenarios(['10', '11'], 3, '0')).toBeNull();
  });

  it('adds the entry cost once and the yearly fee on what is invested for each year', () => {
    // 10,000 × 1 % = 100; fee 0.8 % of 9,900 = 79.20 a year.
    const costs = costsOverTime('0.0100', '0.0080', 5);
    expect(costs.entry.toFixed(2)).toBe('100.00');
    expect(costs.oneYear.total.toFixed(2)).toBe('179.20');
    expect(costs.holding.total.toFixed(2)).toBe('496.00');
    expect(costs.holding.yearlyImpact.toFixed(5)).toBe('0.00992');
  });
});
