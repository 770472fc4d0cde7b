// Deciding whether to borrow over HTTP: borrow versus sell on the customer's own holdings, her losses
// carried forward from a sale below cost, net worth with the advance as a debt, and the APR explained. The
// figures are the shared functions' on the figures the customer's other pages show.
import { quoteAdvance } from '@lombard/shared/money/advance-calculator';
import { planSale } from '@lombard/shared/money/borrow-or-sell';
import { calendarDate } from '@lombard/shared/money/business-days';
import { addDays } from '@lombard/shared/money/calendar-days';
import { releasedCost, saleProceeds } from '@lombard/shared/money/orders';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAdvance, BOND } from '../../test/active-advance';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { advanceSettings } from '../config/service';
import { saleTermsOf } from '../products/service';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

function navDay(): string {
  let day = calendarDate(f.clock.now);
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, -1);
  return day;
}

async function recordNav(productId: number, nav: string) {
  const res = await f.post(f.admin, `/api/v1/backoffice/products/${productId}/navs/`, { date: navDay(), nav }, null);
  expect(res.statusCode).toBe(200);
  await f.app.jobs.drain();
}

async function position(who: Investor, productId: number) {
  const wallet = (await f.get(who.session, '/api/v1/wallet/')).json();
  return wallet.positions.find((p: { product: { id: number } }) => p.product.id === productId);
}

describe('borrow or sell', () => {
  it('sets an advance of 5,000.00 over eight quarters beside a sale of the bond fund netting 5,000.00 after tax', async () => {
    const bond = await f.productId(BOND);
    const who = await f.holder(bond, '30000');
    const before = await position(who, bond);
    // The fund rose 8 %: selling pays tax on the gain, 60 % of it (government bonds) at 12.5 %.
    await recordNav(bond, new Decimal(before.nav).mul('1.08').toDecimalPlaces(6).toFixed(6));
    const held = await position(who, bond);

    const res = await f.get(who.session, '/api/v1/advances/borrow-or-sell/?amount=5000&term=8');
    expect(res.statusCode).toBe(200);
    const answer = res.json();

    const today = calendarDate(f.clock.now);
    const settings = await advanceSettings(f.t.database.db, today);
    const quote = quoteAdvance({ amount: '5000', instalments: 8, startDate: today }, settings.bands);
    expect(answer.borrow).toMatchObject({
      apr: quote.apr,
      total_interest: quote.totalInterest,
      total_cost: quote.totalInterest,
      possible: true,
    });
    const terms = (await saleTermsOf(f.t.database.db, [bond])).get(bond)!;
    expect(terms.governmentBondShare).toBe('0.6000');
    const plan = planSale({
      need: '5000.00',
      lines: [
        {
          key: `position:${bond}`,
          units: held.available_units,
          heldUnits: held.units,
          cost: held.cost,
          nav: held.nav,
          governmentBondShare: terms.governmentBondShare,
          entryCostRate: terms.entryCost,
          couponRate: terms.couponRate,
          couponFrequency: terms.couponFrequency,
          capitalProtection: terms.capitalProtection,
          maturityDate: terms.maturityDate,
        },
      ],
      lossesCarriedForward: '0',
      today,
      termMonths: 24,
    });
    expect(answer.sell).toMatchObject({
      proceeds: plan.proceeds,
      tax: plan.tax,
      net: plan.net,
      coupons_given_up: plan.couponsGivenUp,
      total_cost: plan.totalCost,
      possible: true,
    });
    // The tax is on a real gain: 60 % of it at 12.5 %, 40 % at 26 %, to the cent.
    const [line] = answer.sell.lines;
    const gain = new Decimal(line.gain);
    expect(gain.gt(0)).toBe(true);
    const bondGain = gain.mul('0.6').toDecimalPlaces(2);
    const expectedTax = bondGain
      .mul('0.125')
      .toDecimalPlaces(2)
      .plus(gain.minus(bondGain).mul('0.26').toDecimalPlaces(2));
    expect(line.tax).toBe(expectedTax.toFixed(2));
    expect(new Decimal(answer.sell.net).gte(5000)).toBe(true);
    // Eight quarterly coupons of a 3.25 % fund are given up.
    expect(new Decimal(answer.sell.coupons_given_up).gt(0)).toBe(true);
    const cheaper = new Decimal(quote.totalInterest).lt(plan.totalCost) ? 'borrow' : 'sell';
    expect(answer.cheaper).toBe(cheaper);
  });

  it('counts a past sale below cost as a loss carried forward', async () => {
    const equity = await f.productId('azionario-globale-sostenibile');
    const who = await f.holder(equity, '10000');
    const before = await position(who, equity);
    const lower = new Decimal(before.nav).mul('0.9').toDecimalPlaces(6).toFixed(6);
    await recordNav(equity, lower);
    const start = f.clock.now;
    try {
      const sold = (await f.post(who.session, `/api/v1/products/${equity}/disinvest/`, { units: '10' })).json();
      f.clock.now = new Date(`${sold.execute_on}T10:00:00Z`);
      const done = (await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [sold.id] })).json();
      expect(done.settled).toEqual([sold.id]);
      const loss = releasedCost(before.cost, '10', before.units).minus(saleProceeds('10', lower));
      const answer = (await f.get(who.session, '/api/v1/advances/borrow-or-sell/?amount=1000&term=4')).json();
      expect(answer.sell.losses_carried_forward).toBe(loss.toFixed(2));
      // Fund gains are income from capital: old losses never lower their tax, and the new sale's loss adds up.
      expect(new Decimal(answer.sell.losses_after).gte(loss)).toBe(true);
    } finally {
      f.clock.now = start;
    }
  });

  it('refuses an amount or a term it cannot price, and a visitor', async () => {
    const who = await f.investor();
    for (const query of ['amount=abc&term=4', 'amount=1000&term=0', 'amount=1000&term=41', 'term=4']) {
      const res = await f.get(who.session, `/api/v1/advances/borrow-or-sell/?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const visitor = await f.app.inject({ method: 'GET', url: '/api/v1/advances/borrow-or-sell/?amount=1000&term=4' });
    expect(visitor.statusCode).toBe(401);
    // Nothing to sell: the sale is not possible, the advance neither (no collateral).
    const answer = (await f.get(who.session, '/api/v1/advances/borrow-or-sell/?amount=1000&term=4')).json();
    expect(answer).toMatchObject({ cheaper: null, sell: { possible: false, lines: [] }, borrow: { possible: false } });
  });
});

describe('net worth and the APR explained', () => {
  it('shows the advance as a debt today and month by month, and what a forced sale would leave', async () => {
    const a = await activeAdvance(f, { amount: '20000.00', invest: '60000.00', cash: '1000.00' });
    const home = (await f.get(a.investor.session, '/api/v1/home/summary/')).json();
    const res = await f.get(a.investor.session, '/api/v1/wallet/net-worth/');
    expect(res.statusCode).toBe(200);
    const worth = res.json();
    expect(worth.today).toMatchObject({
      assets: home.total_value,
      advance: '20000.00',
      net_worth: home.net_position,
    });
    expect(worth.history).toHaveLength(13);
    expect(worth.history.at(-1)).toEqual(worth.today);
    // A year ago she held nothing.
    expect(worth.history[0]).toMatchObject({ assets: '0.00', advance: '0.00', net_worth: '0.00' });
    // The bond fund bought at today's NAV has no gain: the sale loses only the rounding down of proceeds.
    const sale = worth.forced_sale;
    expect(sale.repaid).toBe('20000.00');
    expect(sale.still_owed).toBe('0.00');
    expect(new Decimal(sale.net_worth)).toEqual(new Decimal(home.net_position).minus(sale.loss));
    expect(new Decimal(sale.loss).lt(1)).toBe(true);
  });

  it("explains a quote's and an advance's APR from the same flows", async () => {
    const a = await activeAdvance(f, { amount: '20000.00', instalments: 4 });
    const detail = (await f.get(a.investor.session, `/api/v1/advances/${a.id}/`)).json();
    const own = (await f.get(a.investor.session, `/api/v1/advances/${a.id}/apr/`)).json();
    expect(own.apr).toBe(detail.apr);
    expect(own.flows).toHaveLength(5);
    expect(own.flows[0]).toMatchObject({ kind: 'payout', amount: '20000.00', years: '0.000000' });
    expect(own.flows[4]).toMatchObject({ kind: 'instalment', number: 4, principal: '20000.00' });
    const gap = new Decimal(own.repayments_present_value).minus(own.payout_present_value).abs();
    expect(gap.lte('0.02')).toBe(true);

    const quoted = (await f.get(a.investor.session, '/api/v1/advances/apr/?amount=10000&instalments=8')).json();
    const compare = (await f.get(a.investor.session, '/api/v1/advances/borrow-or-sell/?amount=10000&term=8')).json();
    expect(quoted.apr).toBe(compare.borrow.apr);
    expect(quoted.flows).toHaveLength(9);

    const stranger = await f.investor();
    expect((await f.get(stranger.session, `/api/v1/advances/${a.id}/apr/`)).statusCode).toBe(404);
    expect((await f.get(a.investor.session, '/api/v1/advances/apr/?amount=10000&instalments=99')).statusCode).toBe(400);
  });
});
