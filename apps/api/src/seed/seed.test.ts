// Seeding as an operator meets it: demo data only where the configuration allows it, once per data set,
// never bringing back what was deleted, and no notification about something that does not exist.
import { readFile } from 'node:fs/promises';
import { type BackofficeProduct, productWriteSchema } from '@lombard/shared/schemas/products';
import { supportCollectionsResponseSchema } from '@lombard/shared/schemas/support';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems } from '../db/schema/menus';
import { seedRuns } from '../db/schema/seed-runs';
import { createTestApp, restartTestApp as restart, type TestApp } from '../test/app';
import { loginAs, TEST_PASSWORD } from '../test/auth';
import { deliveredToAnyone } from '../test/outbox';
import { DEMO_ACCOUNTS } from './accounts';
import { DEMO_AUTHENTICATOR_SECRET } from './authenticator';
import { seedDatabase } from './steps';

const HELP_CENTRE = '/api/v1/intercom/collections/with-articles/?per_page=50&page=1';
const links = (app: FastifyInstance) => ({ publicUrl: app.config.publicUrl, supportEmail: app.config.supportEmail });
const signIn = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/account/token/auth/', payload: { email, password: TEST_PASSWORD } });

async function helpCentre(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: HELP_CENTRE });
  expect(res.statusCode).toBe(200);
  return supportCollectionsResponseSchema.parse(res.json()).data;
}

describe('demo data on the embedded quick start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is seeded once per data set: later starts and db:seed apply nothing', async () => {
    expect((await signIn(t.app, 'admin@demo.lombard.test')).statusCode).toBe(200);
    expect(await seedDatabase(t.database, { demo: true, files: t.app.files, ...links(t.app) })).toEqual({
      applied: [],
    });
    const again = await restart(t);
    await again.close();
    const runs = await t.database.db.select().from(seedRuns);
    expect(runs.map((run) => `${run.set}@${run.version}`).sort()).toEqual([
      'base@1',
      'base@2',
      'base@3',
      'demo@1',
      'demo@10',
      'demo@11',
      'demo@12',
      'demo@2',
      'demo@3',
      'demo@4',
      'demo@5',
      'demo@6',
      'demo@7',
      'demo@8',
      'demo@9',
    ]);
  });

  it('gives the demo customer an authenticator app with the secret the README publishes', async () => {
    const customer = await loginAs(t.app, 'customer@demo.lombard.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile/authenticator/', ...customer });
    expect(res.json()).toMatchObject({ enrolled: true, recovery_codes_left: 10 });
    const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(DEMO_AUTHENTICATOR_SECRET);
  });

  it('gives the demo customer a remedy ranked in advance for a margin call', async () => {
    const customer = await loginAs(t.app, 'customer@demo.lombard.test');
    const view = (await t.app.inject({ method: 'GET', url: '/api/v1/advances/remedy-ranking/', ...customer })).json();
    expect(view).toMatchObject({ saved: true, ranking: { methods: ['cash', 'pledge', 'sell'] } });
    expect(view.ranking.pledge_order.length).toBeGreaterThan(0);
    expect(view.pledge_lines[0].key).toBe(view.ranking.pledge_order[0]);
    expect(view.sell_lines.map((line: { key: string }) => line.key)).toEqual(view.ranking.sell_order);
  });

  it('records the Vela Robotics share’s closes since her plan was verified, ending at the verified 18.40', async () => {
    const customer = await loginAs(t.app, 'customer@demo.lombard.test');
    const admin = await loginAs(t.app, 'admin@demo.lombard.test');
    const [plan] = (await t.app.inject({ method: 'GET', url: '/api/v1/stock-plans/', ...customer })).json().results;
    // Her figures as before: 1,200 shares at 18.40.
    expect(plan).toMatchObject({ company: 'Vela Robotics', unit_price: '18.400000', value: '22080.00' });
    const url = `/api/v1/backoffice/stock-plans/${plan.id}/prices/?per_page=100`;
    const prices = (await t.app.inject({ method: 'GET', url, ...admin })).json();
    const days = prices.results.map((p: { day: string }) => p.day);
    // Working days, newest first, from the verification day (ten days before seeding) on, by the operator.
    expect(prices.count).toBeGreaterThanOrEqual(7);
    expect(days).toEqual([...days].sort().reverse());
    expect(plan.price_date).toBe(days[0]);
    expect(prices.results[0]).toMatchObject({ price: '18.400000', source: 'market_close' });
    expect(days.at(-1) <= plan.verified_at.slice(0, 10)).toBe(true);
    for (const p of prices.results) {
      expect(p.recorded_by.email).toBe('admin@demo.lombard.test');
      expect(Math.abs(Number(p.price) - 18.4)).toBeLessThan(0.7);
    }
    expect(new Set(prices.results.map((p: { price: string }) => p.price)).size).toBeGreaterThan(3);
  });

  // Their NAV history and descriptions: the products module's catalogue test.
  it('offers ten funds of every category, each one an operator could have saved, with its KID', async () => {
    const admin = await loginAs(t.app, 'admin@demo.lombard.test');
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/backoffice/products/?per_page=100', ...admin });
    const catalogue = res.json().results as BackofficeProduct[];
    expect(catalogue).toHaveLength(10);
    expect(new Set(catalogue.map((p) => p.isin)).size).toBe(10);
    expect(new Set(catalogue.map((p) => p.position)).size).toBe(10);
    expect(new Set(catalogue.map((p) => p.category))).toEqual(new Set(['money_market', 'bond', 'balanced', 'equity']));
    for (const p of catalogue) {
      // What the back office's form would send for it: the same rules (valid ISIN, both languages…).
      const written = productWriteSchema.safeParse(p);
      expect(written.success, `${p.name}: ${written.error?.message}`).toBe(true);
      for (const language of ['it', 'en'] as const) expect(p.translated_content[language].description).not.toBe('');
    }
    const tech = catalogue.find((p) => p.slug === 'azionario-tecnologia-globale')!;
    const kid = await t.app.inject({ method: 'GET', url: `/api/v1/products/${tech.id}/kid/?language=en`, ...admin });
    expect(kid.statusCode).toBe(200);
    expect(kid.headers['content-type']).toContain('application/pdf');
  });

  it('does not bring back a demo account or help-centre article an operator deleted', async () => {
    // What an operator would do in psql: remove a demo account and an article they do not want.
    await t.database.db.execute(sql`delete from users where email = 'base@demo.lombard.test'`);
    await t.database.db.execute(sql`delete from support_articles where slug = 'margin-call'`);
    const again = await restart(t);
    try {
      expect((await signIn(again, 'base@demo.lombard.test')).statusCode).not.toBe(200);
      const articles = (await helpCentre(again)).flatMap((c) => c.articles.map((a) => a.slug));
      expect(articles).not.toContain('margin-call');
      expect(articles).toContain('come-funziona-anticipo');
    } finally {
      await again.close();
    }
  });

  it('writes the e-mails of the demo flows as a live request would: the support address and absolute links', async () => {
    const emails = (await deliveredToAnyone(t.app)).filter((message) => message.channel === 'email');
    const planDecision = emails.find((e) => e.template === 'stock_plan_decision');
    expect(planDecision?.text).toContain(`Scrivi a ${t.app.config.supportEmail}`);
    for (const email of emails) {
      expect(email.text).not.toMatch(/ a \.|to \./);
      for (const href of email.html?.matchAll(/href="([^"]*)"/g) ?? []) expect(href[1]).toMatch(/^(https?|mailto):/);
    }
  });

  it('notifies demo accounts only about things that exist', async () => {
    const articles = new Set(
      (await helpCentre(t.app)).flatMap((c) => c.articles.map((a) => `/support/${c.slug}/${a.slug}/`)),
    );
    for (const account of DEMO_ACCOUNTS.filter((a) => a.email !== 'base@demo.lombard.test')) {
      const session = await loginAs(t.app, account.email);
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/notifications/?per_page=100', ...session });
      const { results } = res.json() as { results: Array<{ title: string; message: string; link: string | null }> };
      expect(results.length).toBeGreaterThan(0);
      const profile = account.attributes[0];
      const menu = await t.app.inject({
        method: 'GET',
        url: `/api/v1/role/${profile}/menu/?no_page=no_page`,
        ...session,
      });
      const paths = new Set((menu.json() as Array<{ path: string }>).map((item) => item.path));
      // The demo customer's advance (seeded through the request and the operator's decisions) is the one
      // advance a notification may point at.
      const advances = await t.app.inject({ method: 'GET', url: '/api/v1/advances/', ...session });
      const own = new Set(
        advances.statusCode === 200
          ? (advances.json() as { results: Array<{ id: number }> }).results.map((a) => `/customer/loan/${a.id}/`)
          : [],
      );
      for (const note of results) {
        // No order or document is seeded, so no notification may name one.
        expect(`${note.title} ${note.message}`).not.toMatch(/\bORD-\d{4}-\d{3,}\b/);
        if (!note.link) continue;
        if (note.link.startsWith('/support/')) expect(articles.has(note.link)).toBe(true);
        else expect(paths.has(note.link) || own.has(note.link)).toBe(true);
      }
    }
  });
});

describe('a start with DATABASE_URL (a real deployment)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The database is the test's own; DATABASE_URL only tells the configuration that this is a server.
    t = await createTestApp({ env: { DATABASE_URL: 'postgres://lombard@db.invalid:5432/lombard', SEED_DEMO: '' } });
  });
  afterAll(async () => t.close());

  it('seeds no demo account, product or partner, but the menus and the help centre', async () => {
    for (const account of DEMO_ACCOUNTS) expect((await signIn(t.app, account.email)).statusCode).not.toBe(200);
    const products = await t.app.inject({ method: 'GET', url: '/api/v1/public/products/' });
    expect(products.json()).toMatchObject({ count: 0 });
    expect((await helpCentre(t.app)).length).toBeGreaterThan(0);
    const menus = await t.database.db.select().from(menuItems);
    expect(menus.length).toBeGreaterThan(0);
  });

  it('seeds the demo when SEED_DEMO=true says so', async () => {
    const app = await restart(t, { DATABASE_URL: 'postgres://lombard@db.invalid:5432/lombard', SEED_DEMO: 'true' });
    try {
      expect((await signIn(app, 'admin@demo.lombard.test')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
