import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productNavs, products } from '../../db/schema/products';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, loginAs } from '../../test/auth';
import { DAILY_NAVS_JOB, scheduleDailyNavs, simulatedNav } from './nav-job';

// Tuesday 11 March 2025; Rome is UTC+1 then, so 17:00 UTC is 18:00 in Rome.
let now = new Date('2025-03-11T12:00:00Z');
const clock = () => now;
let simulated: TestApp;
let manual: TestApp;

const HISTORY = ['100.000000', '100.500000', '100.200000', '101.000000'];

async function scene(t: TestApp) {
  const db = t.database.db;
  const insert = async (slug: string, isin: string, onSale: boolean) => {
    const [row] = await db
      .insert(products)
      .values({
        slug,
        isin,
        name: slug,
        category: 'bond',
        riskIndicator: 2,
        minInvestment: '1000.00',
        loanToValue: '0.5000',
        onSale,
        translatedContent: { it: { summary: 's', underlying: 'u' }, en: { summary: 's', underlying: 'u' } },
      })
      .returning({ id: products.id });
    const dates = ['2025-03-05', '2025-03-06', '2025-03-07', '2025-03-10'];
    await db.insert(productNavs).values(dates.map((navDate, i) => ({ productId: row!.id, navDate, nav: HISTORY[i]! })));
    return row!.id;
  };
  const onSale = await insert('on-sale', 'US0378331005', true);
  const withdrawn = await insert('withdrawn', 'IT0005610032', false);
  const operator = await createUser(t.app, { email: 'operator@example.test', attributes: ['admin'] });
  await createUser(t.app, { email: 'customer@example.test', attributes: ['customer'] });
  return { onSale, withdrawn, operator };
}

let ids: { simulated: Awaited<ReturnType<typeof scene>>; manual: Awaited<ReturnType<typeof scene>> };

beforeAll(async () => {
  [simulated, manual] = await Promise.all([
    createTestApp({ seed: false, clock, env: { NAV_SOURCE: 'simulated' } }),
    createTestApp({ seed: false, clock, env: { NAV_SOURCE: 'manual' } }),
  ]);
  ids = { simulated: await scene(simulated), manual: await scene(manual) };
});
afterAll(async () => Promise.all([simulated?.close(), manual?.close()]));

const navOn = async (t: TestApp, productId: number, date: string) => {
  const [row] = await t.database.db
    .select({ nav: productNavs.nav })
    .from(productNavs)
    .where(and(eq(productNavs.productId, productId), eq(productNavs.navDate, date)));
  return row?.nav ?? null;
};

describe('daily NAV job, simulated source', () => {
  it('does nothing before 18:00 in Rome', async () => {
    now = new Date('2025-03-11T16:59:00Z');
    expect(await scheduleDailyNavs(simulated.app.database.db, simulated.app.clock())).toBe(false);
    expect(await simulated.app.jobs.drain()).toBe(0);
    expect(await navOn(simulated, ids.simulated.onSale, '2025-03-11')).toBeNull();
  });

  it('after 18:00 on a working day records the day’s NAV of every product on sale, once', async () => {
    now = new Date('2025-03-11T17:05:00Z');
    expect(simulated.app.jobs.has(DAILY_NAVS_JOB)).toBe(true);
    expect(await scheduleDailyNavs(simulated.app.database.db, simulated.app.clock())).toBe(true);
    // The day's run, then the run that reacts to new NAVs (the advances' margin calls).
    expect(await simulated.app.jobs.drain()).toBe(2);
    const nav = await navOn(simulated, ids.simulated.onSale, '2025-03-11');
    expect(nav).toBe(simulatedNav(HISTORY, 'US0378331005', '2025-03-11'));
    // A plausible step from 101: within the history's average move around its drift.
    expect(Math.abs(Number(nav) / 101 - 1)).toBeLessThan(0.01);
    expect(await navOn(simulated, ids.simulated.withdrawn, '2025-03-11')).toBeNull();

    // Later the same evening: already queued for the day, nothing new.
    now = new Date('2025-03-11T21:00:00Z');
    expect(await scheduleDailyNavs(simulated.app.database.db, simulated.app.clock())).toBe(false);
    expect(await simulated.app.jobs.drain()).toBe(0);
  });

  it('does not run on a weekend', async () => {
    now = new Date('2025-03-15T19:00:00Z');
    expect(await scheduleDailyNavs(simulated.app.database.db, simulated.app.clock())).toBe(false);
  });

  it('keeps a NAV an operator recorded before the run', async () => {
    await simulated.database.db
      .insert(productNavs)
      .values({ productId: ids.simulated.onSale, navDate: '2025-03-12', nav: '99.990000' });
    now = new Date('2025-03-12T18:00:00Z');
    expect(await scheduleDailyNavs(simulated.app.database.db, simulated.app.clock())).toBe(true);
    await simulated.app.jobs.drain();
    expect(await navOn(simulated, ids.simulated.onSale, '2025-03-12')).toBe('99.990000');
  });
});

describe('daily NAV job, manual source', () => {
  it('invents no price and tells each operator which NAVs are missing', async () => {
    now = new Date('2025-03-11T18:30:00Z');
    expect(await scheduleDailyNavs(manual.app.database.db, manual.app.clock())).toBe(true);
    expect(await manual.app.jobs.drain()).toBe(1);
    expect(await navOn(manual, ids.manual.onSale, '2025-03-11')).toBeNull();
    const session = await loginAs(manual.app, 'operator@example.test');
    const inbox = await manual.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/?kind=navs_missing',
      headers: { ...session.headers, 'accept-language': 'en-US' },
    });
    const sent = inbox.json().results;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      title: 'NAVs to record',
      message: 'Products on sale without a NAV for 2025-03-11 (1): on-sale. Record the NAVs in the back office.',
      link: '/customer/backoffice/products/',
    });
    // Customers are not told.
    const customer = await loginAs(manual.app, 'customer@example.test');
    const theirs = await manual.app.inject({ method: 'GET', url: '/api/v1/notifications/', headers: customer.headers });
    expect(theirs.json().count).toBe(0);
  });
});

describe('simulatedNav', () => {
  it('is deterministic per product and day, and moves from the last NAV', () => {
    const a = simulatedNav(HISTORY, 'US0378331005', '2025-03-11');
    expect(simulatedNav(HISTORY, 'US0378331005', '2025-03-11')).toBe(a);
    expect(simulatedNav(HISTORY, 'US0378331005', '2025-03-12')).not.toBe(a);
    expect(a).toMatch(/^\d+\.\d{6}$/);
    expect(simulatedNav([], 'US0378331005', '2025-03-11')).toBeNull();
    expect(simulatedNav(['50.000000'], 'US0378331005', '2025-03-11')).toBe('50.000000');
  });
});
