// What the home shows of a customer's advance, through HTTP: the request in progress (nothing owed yet),
// then once paid out the outstanding principal and the next instalment's due date.
import { homeSummarySchema } from '@lombard/shared/schemas/wallet';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAdvance } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

describe('the home summary of a customer with an advance', () => {
  it('points to the request in progress while nothing is owed yet', async () => {
    const a = await activeAdvance(f, { amount: '12000.00', paidOut: false });
    const home = homeSummarySchema.parse((await f.get(a.investor.session, '/api/v1/home/summary/')).json());
    expect(home.advance_outstanding).toBe('0.00');
    expect(home.current_advance).toEqual({
      id: a.id,
      status: 4,
      status_name: 'Money on the way',
      next_due_date: null,
    });
  });

  it('shows the outstanding principal of the active advance and its next due date', async () => {
    const a = await activeAdvance(f, { amount: '20000.00', instalments: 4 });
    const home = homeSummarySchema.parse((await f.get(a.investor.session, '/api/v1/home/summary/')).json());
    expect(home.advance_outstanding).toBe('20000.00');
    // The payout's 20,000 of cash counts among the assets, and the 20,000 owed comes off the net position.
    expect(home.total_value).toBe(new Decimal(home.cash).plus(home.invested).toFixed(2));
    expect(home.net_position).toBe(new Decimal(home.total_value).minus('20000.00').toFixed(2));
    const detail = (await f.get(a.investor.session, `/api/v1/advances/${a.id}/`)).json();
    expect(home.current_advance).toMatchObject({ id: a.id, status: 5, next_due_date: detail.instalments[0].due_date });
  });

  it('offers nothing current to a customer without an advance', async () => {
    const who = await f.investor();
    const home = (await f.get(who.session, '/api/v1/home/summary/')).json();
    expect(home).toMatchObject({ advance_outstanding: '0.00', current_advance: null });
  });
});
