// Net worth with the advance as a debt, counting stock-plan units (docs/decisions/036): today and month by
// month they count at the plan's price, the home's totals agree, and a forced sale reaches the pledged plan
// units (whole shares) for what the pledged funds leave owed.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAdvance, recordNav } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';

let f: MoneyFixture;

beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

describe('net worth with stock-plan units', () => {
  it('counts the plan’s 1,000 shares at 30 € in assets, net worth, the history and the home', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', invest: '60000.00', stockPlan: true });
    const home = (await f.get(a.investor.session, '/api/v1/home/summary/')).json();
    const worth = (await f.get(a.investor.session, '/api/v1/wallet/net-worth/')).json();
    expect(home.stock_plans).toBe('30000.00');
    expect(worth.today).toMatchObject({ stock_plans: '30000.00', advance: '20000.00' });
    expect(worth.today.assets).toBe(
      new Decimal(worth.today.investments).plus(worth.today.stock_plans).plus(worth.today.cash).toFixed(2),
    );
    expect(worth.today).toMatchObject({ assets: home.total_value, net_worth: home.net_position });
    expect(worth.history.at(-1)).toEqual(worth.today);
    expect(worth.history[0]).toMatchObject({ stock_plans: '0.00', assets: '0.00' });
    // The pledged bond covers the whole advance: no plan share is sold.
    expect(worth.forced_sale.lines.map((line: { kind: string }) => line.kind)).toEqual(['fund']);
  });

  it('after the bond falls, a forced sale sells whole plan shares for what the bond leaves owed', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', invest: '60000.00', stockPlan: true });
    const wallet = (await f.get(a.investor.session, '/api/v1/wallet/')).json();
    const nav = wallet.positions.find((p: { product: { id: number } }) => p.product.id === a.bond).nav as string;
    // The bond at 30 % of its price is worth about 18,000: short of the 20,000.00 owed.
    await recordNav(f, a.bond, new Decimal(nav).mul('0.3').toDecimalPlaces(6));
    const worth = (await f.get(a.investor.session, '/api/v1/wallet/net-worth/')).json();
    const sale = worth.forced_sale;
    expect(sale.lines.map((line: { kind: string }) => line.kind)).toEqual(['fund', 'stock_plan']);
    const [bond, plan] = sale.lines;
    // Sold at a loss: no tax, and the bond's proceeds all go to the debt.
    expect(sale.tax).toBe('0.00');
    const shares = new Decimal('20000.00').minus(bond.proceeds).div(30).ceil();
    expect(plan).toMatchObject({
      stock_plan_id: a.plan,
      product_id: null,
      units: shares.toFixed(6),
      proceeds: shares.mul(30).toFixed(2),
    });
    expect(sale).toMatchObject({ repaid: '20000.00', still_owed: '0.00' });
    expect(new Decimal(sale.net_worth)).toEqual(new Decimal(worth.today.net_worth).minus(sale.loss));
  });
});
