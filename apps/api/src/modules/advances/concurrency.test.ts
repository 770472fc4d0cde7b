// Concurrent advance requests on PostgreSQL (PGlite runs one transaction at a time, so only a server can
// show a race): one request in progress per customer, and units pledged or sold, never both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyFixture, moneyFixture } from '../../test/money';

describe.runIf(process.env.DATABASE_URL)('concurrent advance requests on PostgreSQL', () => {
  let f: MoneyFixture;
  let money: number;
  beforeAll(async () => {
    f = await moneyFixture();
    money = await f.productId('monetario-euro-plus');
  });
  afterAll(() => f.t.close());

  const holder = () => f.holder(money, '20000');

  it('ten requests at once: one is received, the others are told one is in progress', async () => {
    const who = await holder();
    const body = { amount: '5000', instalments: 4, collateral: [`position:${money}`] };
    const answers = await Promise.all(Array.from({ length: 10 }, () => f.post(who.session, '/api/v1/advances/', body)));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(['ADVANCE_IN_PROGRESS', 'COLLATERAL_ALREADY_PLEDGED']).toContain(res.json().code);
    }
    expect((await f.get(who.session, '/api/v1/advances/')).json().count).toBe(1);
  });

  it('a request and a sale of the same units at once: the units are pledged or sold, never both', async () => {
    const who = await holder();
    const [request, sale] = await Promise.all([
      f.post(who.session, '/api/v1/advances/', { amount: '5000', instalments: 4, collateral: [`position:${money}`] }),
      f.post(who.session, `/api/v1/products/${money}/disinvest/`, { units: '100' }),
    ]);
    expect([request.statusCode, sale.statusCode]).toContain(201);
    const wallet = (await f.get(who.session, '/api/v1/wallet/')).json();
    const position = wallet.positions.find((p: { product: { id: number } }) => p.product.id === money);
    const held = Number(position.units);
    expect(
      Number(position.pledged_units) + Number(position.reserved_units) + Number(position.available_units),
    ).toBeCloseTo(held, 6);
    const report = (await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json();
    expect(report.ok).toBe(true);
  });
});
