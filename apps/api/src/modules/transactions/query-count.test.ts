// The lists and the wallet cost a fixed number of SQL statements, whether the customer has one row or
// twenty: no query per position or per row.

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';

let f: MoneyFixture;
let statements = 0;
let one: Investor;
let twenty: Investor;
const POSITIONS = 20;

beforeAll(async () => {
  f = await moneyFixture({ onQuery: () => statements++ });
  // Twenty funds of the scene's own, whatever the demo catalogue holds.
  const db = f.t.database.db;
  const today = new Date().toISOString().slice(0, 10);
  for (let i = 0; i < POSITIONS; i++) {
    await db.execute(sql`
      with fund as (
        insert into products (slug, isin, name, translated_content, category, risk_indicator, min_investment,
                              entry_cost, loan_to_value)
        values (${`query-count-fund-${i}`}, ${`IT99000000${String(i).padStart(2, '0')}`}, ${`Query Count Fund ${i}`},
                '{}'::jsonb, 'bond', 2, 100, 0.01, 0.5)
        returning id)
      insert into product_navs (product_id, nav_date, nav) select id, ${today}, ${10 + i} from fund`);
  }
  const funds = await Promise.all(Array.from({ length: POSITIONS }, (_, i) => f.productId(`query-count-fund-${i}`)));
  const buy = async (who: Investor, ids: number[]) => {
    await f.deposit(who, String(200 * ids.length));
    const orders: number[] = [];
    for (const id of ids) {
      const res = await f.post(who.session, `/api/v1/products/${id}/invest/`, {
        amount: '150',
        payment_method: 'cash',
      });
      orders.push(res.json().id);
    }
    await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: orders });
  };
  one = await f.investor();
  twenty = await f.investor();
  await buy(one, funds.slice(0, 1));
  await buy(twenty, funds);
});
afterAll(() => f.t.close());

async function count(who: Investor, url: string) {
  statements = 0;
  const res = await f.get(who.session, url);
  expect(res.statusCode).toBe(200);
  return { statements, body: res.json() };
}

describe('statements per request', () => {
  it('GET /api/v1/wallet/ reads the same number of statements for 1 and 20 positions', async () => {
    const small = await count(one, '/api/v1/wallet/');
    const large = await count(twenty, '/api/v1/wallet/');
    expect(small.body.positions).toHaveLength(1);
    expect(large.body.positions).toHaveLength(POSITIONS);
    expect(small.statements).toBeGreaterThan(0);
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(6);
  });

  it('GET /api/v1/transactions/ reads the same number of statements for 2 and 21 rows', async () => {
    const small = await count(one, '/api/v1/transactions/?per_page=25');
    const large = await count(twenty, '/api/v1/transactions/?per_page=25');
    expect(small.body.count).toBe(2);
    expect(large.body.count).toBe(POSITIONS + 1);
    expect(small.statements).toBeGreaterThan(0);
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(3);
  });
});
