// A sale and an advance request of the same units at once, on PostgreSQL (PGlite runs one transaction at a
// time, so only a server can show the race): the advance is priced on the units it actually pledges, valued
// under the lock, so it never lends more than they secure.

import { positionValue } from '@lombard/shared/money/valuation';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyFixture, moneyFixture } from '../../test/money';

const ROUNDS = 50;

describe.runIf(process.env.DATABASE_URL)('an advance request racing a sale of its collateral on PostgreSQL', () => {
  let f: MoneyFixture;
  let money: number;
  beforeAll(async () => {
    f = await moneyFixture();
    money = await f.productId('monetario-euro-plus');
  });
  afterAll(() => f.t.close());

  const holder = () => f.holder(money, '20000');

  /** Resolves once an advance request holds its per-customer advisory lock (or `answered` says it is over). */
  async function requestUnderWay(answered: () => boolean) {
    const db = f.app.database.db;
    while (!answered()) {
      const result = await db.execute(
        sql`select count(*)::int as n from pg_locks
            where locktype = 'advisory' and granted
              and database = (select oid from pg_database where datname = current_database())`,
      );
      if ((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n > 0) return;
    }
  }

  it(`${ROUNDS} times half the units sold while an advance pledges them: never lent above what is pledged`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const who = await holder();
      const power = (await f.get(who.session, '/api/v1/advances/borrowing-power/')).json();
      const line = power.lines.find((l: { key: string }) => l.key === `position:${money}`);
      // 90 % of what the whole position secures: more than half of it can secure.
      const amount = new Decimal(line.contribution).mul('0.9').toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
      const half = new Decimal(line.units).div(2).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed(6);
      const requesting = f.post(who.session, '/api/v1/advances/', {
        amount,
        instalments: 4,
        collateral: [`position:${money}`],
      });
      // Sent together, the sale's one lock usually comes first; every other round it is sent once the
      // request holds its per-customer lock, i.e. while it values and pledges the units.
      if (round % 2 === 1) {
        let answered = false;
        await Promise.race([requesting.finally(() => (answered = true)), requestUnderWay(() => answered)]);
      }
      const [request, sale] = await Promise.all([
        requesting,
        f.post(who.session, `/api/v1/products/${money}/disinvest/`, { units: half }),
      ]);
      // Whichever came first wins: the whole position pledged (the sale refused) or half of it sold (the
      // advance refused, as half cannot secure it).
      expect([request.statusCode, sale.statusCode].filter((code) => code === 201)).toHaveLength(1);
      const wallet = (await f.get(who.session, '/api/v1/wallet/')).json();
      const position = wallet.positions.find((p: { product: { id: number } }) => p.product.id === money);
      if (request.statusCode !== 201) {
        expect(request.json().code).toBe('ADVANCE_AMOUNT_ABOVE_COLLATERAL');
        expect((await f.get(who.session, '/api/v1/advances/')).json().count).toBe(0);
        expect(position.pledged_units).toBe('0.000000');
        continue;
      }
      expect(sale.json().code).toBe('DISINVEST_UNITS_UNAVAILABLE');
      const advance = (await f.get(who.session, `/api/v1/advances/${request.json().id}/`)).json();
      const [pledged] = advance.collateral;
      // What the ledger holds pledged is what the pledge records, valued at the NAV for exactly those units.
      expect(pledged.units).toBe(position.pledged_units);
      expect(pledged.unit_price).toBe(line.unit_price);
      const value = positionValue(position.pledged_units, line.unit_price);
      expect(pledged.value).toBe(value.toFixed(2));
      const lending = value.mul(line.loan_to_value).toDecimalPlaces(2);
      expect(pledged.contribution).toBe(lending.toFixed(2));
      expect(new Decimal(advance.amount).lte(lending)).toBe(true);
    }
  }, 600_000);
});
