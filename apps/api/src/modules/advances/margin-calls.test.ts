// Margin calls after NAVs are recorded: the operator's NAV queues the check, a loan above its collateral's
// limit opens a call told once per crossing (advance page, home, notification and e-mail), back within
// the limit it closes; while one is open the customer is asked to cure it before borrowing again.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../lib/outbox';
import { type ActiveAdvance, activeAdvance, recordNav } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

const detail = async (a: ActiveAdvance) => (await f.get(a.investor.session, `/api/v1/advances/${a.id}/`)).json();
const notices = async (a: ActiveAdvance) =>
  (await f.get(a.investor.session, '/api/v1/notifications/'))
    .json()
    .results.filter((n: { kind: string }) => n.kind === 'margin_call');

describe('margin calls', () => {
  it('open once per crossing, follow the prices while open, and close back within the limit', async () => {
    f.clock.now = new Date();
    // 30,000 of the bond at 70 % secures about 20,895: an advance of 20,000 is close to its limit.
    const a = await activeAdvance(f, { amount: '20000.00', invest: '30000.00' });
    const [line] = (await detail(a)).collateral;
    const units = new Decimal(line.units);
    const nav = new Decimal(line.unit_price);
    expect((await detail(a)).margin_call).toBeNull();

    const dropped = nav.mul('0.9').toDecimalPlaces(6);
    await recordNav(f, a.bond, dropped);
    const limit = units.mul(dropped).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).mul('0.7').toDecimalPlaces(2);
    const call = (await detail(a)).margin_call;
    expect(call).toMatchObject({
      outstanding: '20000.00',
      limit: limit.toFixed(2),
      shortfall: new Decimal(20000).minus(limit).toFixed(2),
      closed_at: null,
    });
    // Adding collateral instead: the shortfall at the pledged line's 70 %, rounded up.
    expect(call.collateral_to_add).toBe(
      new Decimal(20000).minus(limit).div('0.7').toDecimalPlaces(2, Decimal.ROUND_CEIL).toFixed(2),
    );
    const told = await notices(a);
    expect(told).toHaveLength(1);
    const euro = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });
    expect(told[0].message).toContain(
      `repay ${euro.format(new Decimal(20000).minus(limit).toFixed(2) as unknown as number)}`,
    );
    expect(await messagesTo(f.app.database.db, a.investor.email, 'advance_marginCall')).toHaveLength(1);
    const home = (await f.get(a.investor.session, '/api/v1/home/summary/')).json();
    expect(home).toMatchObject({
      advance_outstanding: '20000.00',
      margin_call: { id: call.id, shortfall: call.shortfall },
    });
    const open = (await f.get(f.admin, `/api/v1/backoffice/margin-calls/?open=True&advance=${a.id}`)).json();
    expect(open.results).toEqual([
      expect.objectContaining({ id: call.id, user: expect.objectContaining({ id: a.investor.id }) }),
    ]);

    // Lower still: the same call with new figures, no second notice.
    await recordNav(f, a.bond, nav.mul('0.8').toDecimalPlaces(6));
    const deeper = (await detail(a)).margin_call;
    expect(deeper.id).toBe(call.id);
    expect(new Decimal(deeper.shortfall).gt(call.shortfall)).toBe(true);
    expect(await notices(a)).toHaveLength(1);

    await recordNav(f, a.bond, nav);
    const recovered = await detail(a);
    expect(recovered.margin_call).toBeNull();
    expect((await f.get(a.investor.session, '/api/v1/home/summary/')).json().margin_call).toBeNull();
    expect((await f.get(f.admin, `/api/v1/backoffice/margin-calls/?open=True&advance=${a.id}`)).json().count).toBe(0);
    expect(recovered.timeline.map((event: { kind: string }) => event.kind)).toEqual(
      expect.arrayContaining(['margin_call', 'margin_call_closed']),
    );

    // A new crossing is a new call, told again.
    await recordNav(f, a.bond, dropped);
    expect((await detail(a)).margin_call.id).not.toBe(call.id);
    expect(await notices(a)).toHaveLength(2);
    await recordNav(f, a.bond, nav);
  });

  it('a partial repayment that brings the loan back within the limit closes the call', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', invest: '30000.00' });
    const [line] = (await detail(a)).collateral;
    const nav = new Decimal(line.unit_price);
    await recordNav(f, a.bond, nav.mul('0.9').toDecimalPlaces(6));
    const call = (await detail(a)).margin_call;
    expect(call).not.toBeNull();
    const res = await f.post(a.investor.session, `/api/v1/advances/${a.id}/repayments/`, { amount: call.shortfall });
    expect(res.statusCode).toBe(201);
    await f.app.jobs.drain();
    expect((await detail(a)).margin_call).toBeNull();
    await recordNav(f, a.bond, nav);
  });

  it('no new advance while a margin call is open: the customer is told which one to cure first', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', invest: '30000.00' });
    // Part of the payout invested in a money-market fund: a free line a new advance could take.
    const money = await f.productId('monetario-euro-plus');
    const order = await f.post(a.investor.session, `/api/v1/products/${money}/invest/`, {
      amount: '12000.00',
      payment_method: 'cash',
    });
    await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.json().id] });
    const ask = () =>
      f.post(a.investor.session, '/api/v1/advances/', {
        amount: '5000',
        instalments: 4,
        collateral: [`position:${money}`],
      });
    const [line] = (await detail(a)).collateral;
    const nav = new Decimal(line.unit_price);
    await recordNav(f, a.bond, nav.mul('0.9').toDecimalPlaces(6));
    const call = (await detail(a)).margin_call;
    expect(call).not.toBeNull();

    const refused = await ask();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ADVANCE_MARGIN_CALL_OPEN',
      detail: `Your advance no. ${a.id} has an open margin call: cure it first (repay part of it or pledge more to it) before asking for a new advance.`,
    });
    // Nothing was pledged: the fund is still free to cure the call with.
    const power = (await f.get(a.investor.session, '/api/v1/advances/borrowing-power/')).json();
    expect(power.lines.find((l: { key: string }) => l.key === `position:${money}`).pledged).toBe(false);

    // Cured by a repayment, the request goes through.
    await f.post(a.investor.session, `/api/v1/advances/${a.id}/repayments/`, { amount: call.shortfall });
    await f.app.jobs.drain();
    expect((await detail(a)).margin_call).toBeNull();
    expect((await ask()).statusCode).toBe(201);
    await recordNav(f, a.bond, nav);
  });
});
