// Margin risk over HTTP: an advance's distance to a call, its crisis replay and a custom fall; the same
// before borrowing; a swap's effect before it is signed. The figures are the shared functions' on the
// advance's own collateral, read back from its detail.
import { lineContribution } from '@lombard/shared/money/borrowing-power';
import { valueAfterFall } from '@lombard/shared/money/margin-risk';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAdvance } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

describe('advance risk', () => {
  it('gives the gauge, the distance per line, the crisis replay and a custom fall', async () => {
    const a = await activeAdvance(f, { amount: '20000.00', invest: '60000.00' });
    const [line] = (await f.get(a.investor.session, `/api/v1/advances/${a.id}/`)).json().collateral;
    const value = new Decimal(line.value);
    const limit = new Decimal(lineContribution(line.value, '0.7'));
    const headroom = limit.minus(20000);

    const res = await f.get(a.investor.session, `/api/v1/advances/${a.id}/risk/?fall=0.6`);
    expect(res.statusCode).toBe(200);
    const risk = res.json();
    expect(risk).toMatchObject({
      outstanding: '20000.00',
      collateral_value: value.toFixed(2),
      limit: limit.toFixed(2),
      headroom: headroom.toFixed(2),
      loan_to_value: new Decimal(20000).div(value).toDecimalPlaces(4).toFixed(4),
      limit_loan_to_value: '0.7000',
      in_call: false,
      fall: headroom.div(limit).toDecimalPlaces(4, Decimal.ROUND_CEIL).toFixed(4),
      weak_line: `position:${a.bond}`,
    });
    // One line: its own fall is the overall one; the bond fund (SRI 2) falls as bonds.
    expect(risk.lines).toEqual([
      expect.objectContaining({ key: `position:${a.bond}`, asset_class: 'bond', fall: risk.fall, weak: true }),
    ]);
    expect(risk.crises.map((c: { id: string }) => c.id)).toEqual([
      'gfc-2008',
      'euro-debt-2011',
      'covid-2020',
      'rates-2022',
    ]);
    // 2008–09: bonds −5 %, far from a 2/3 fall: no call.
    const gfc = risk.crises[0];
    expect(gfc.drawdowns).toEqual([expect.objectContaining({ asset_class: 'bond', fall: '0.0500' })]);
    const stressed = valueAfterFall(line.value, '0.05');
    expect(gfc.result).toMatchObject({
      collateral_value: stressed,
      limit: lineContribution(stressed, '0.7'),
      call: false,
      call_date: null,
      shortfall: null,
    });
    // A 60 % fall: the call opens; repaying its shortfall or pledging it ÷ 70 % cures it.
    const fallen = lineContribution(valueAfterFall(line.value, '0.6'), '0.7');
    const shortfall = new Decimal(20000).minus(fallen);
    expect(risk.custom).toMatchObject({
      call: true,
      limit: fallen,
      shortfall: shortfall.toFixed(2),
      collateral_to_add: shortfall.div('0.7').toDecimalPlaces(2, Decimal.ROUND_CEIL).toFixed(2),
    });

    // Someone else's advance is not found; a fall above 100 % is refused.
    const other = await f.investor();
    expect((await f.get(other.session, `/api/v1/advances/${a.id}/risk/`)).statusCode).toBe(404);
    expect((await f.get(a.investor.session, `/api/v1/advances/${a.id}/risk/?fall=1.5`)).statusCode).toBe(400);
  });

  it('tells before borrowing which fall an amount leaves', async () => {
    const investor = await f.holder(await f.productId('obbligazionario-euro-protetto-2031'), '30000');
    const power = (await f.get(investor.session, '/api/v1/advances/borrowing-power/')).json();
    const [line] = power.lines;
    const res = await f.get(
      investor.session,
      `/api/v1/advances/risk-preview/?amount=10000&collateral=${encodeURIComponent(line.key)}`,
    );
    expect(res.statusCode).toBe(200);
    const limit = new Decimal(line.contribution);
    expect(res.json()).toMatchObject({
      outstanding: '10000.00',
      fall: limit.minus(10000).div(limit).toDecimalPlaces(4, Decimal.ROUND_CEIL).toFixed(4),
      lines: [expect.objectContaining({ key: line.key })],
    });
    // The same replay as after borrowing, and a fall of every line chosen on the slider.
    expect(res.json().crises.map((c: { id: string }) => c.id)).toEqual([
      'gfc-2008',
      'euro-debt-2011',
      'covid-2020',
      'rates-2022',
    ]);
    expect(res.json().custom).toBeNull();
    const fallen = await f.get(
      investor.session,
      `/api/v1/advances/risk-preview/?amount=10000&collateral=${encodeURIComponent(line.key)}&fall=0.9`,
    );
    expect(fallen.json().custom).toMatchObject({ call: true, shortfall: expect.any(String) });
    const steady = `/api/v1/advances/risk-preview/?amount=10000&collateral=${encodeURIComponent(line.key)}&fall=0`;
    expect((await f.get(investor.session, steady)).json().custom).toMatchObject({ call: false });
    const tooFar = `/api/v1/advances/risk-preview/?amount=10000&collateral=${encodeURIComponent(line.key)}&fall=1.5`;
    expect((await f.get(investor.session, tooFar)).statusCode).toBe(400);
    const unknown = await f.get(
      investor.session,
      '/api/v1/advances/risk-preview/?amount=10000&collateral=position:999999',
    );
    expect(unknown.statusCode).toBe(422);
  });

  it('shows a swap moving the distance to a call and the borrowing power', async () => {
    const a = await activeAdvance(f, { amount: '20000.00', invest: '40000.00', cash: '50000.00' });
    const money = await f.productId('monetario-euro-plus');
    const order = await f.post(a.investor.session, `/api/v1/products/${money}/invest/`, {
      amount: '50000.00',
      payment_method: 'cash',
    });
    await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.json().id] });
    const res = await f.get(
      a.investor.session,
      `/api/v1/advances/${a.id}/swap-risk/?give_back=position:${a.bond}&pledge=position:${money}`,
    );
    expect(res.statusCode).toBe(200);
    const swap = res.json();
    // The money-market fund lends 85 % against the bond's 70 %: the same 20,000 now needs less collateral,
    // the bond comes free, and the distance to a call stays positive.
    expect(new Decimal(swap.after.limit).gte(20000)).toBe(true);
    expect(swap.after.limit_loan_to_value).toBe('0.8500');
    expect(new Decimal(swap.borrowing_power_after).gt(0)).toBe(true);
    expect(swap.before.limit_loan_to_value).toBe('0.7000');
  });
});
