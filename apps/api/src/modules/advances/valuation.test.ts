// One valuation of a position (docs/decisions/025): the portfolio, borrowing power, the pledge and the
// margin-call limit show the same cent for the same units at the same NAV, and a contribution is the
// loan-to-value of that shown value.
import { calendarDate } from '@lombard/shared/money/business-days';
import { addDays } from '@lombard/shared/money/calendar-days';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { writeTab } from '../profile/service';

let f: MoneyFixture;
let money: number;
const PHONE = '+393401119988';

beforeAll(async () => {
  f = await moneyFixture();
  money = await f.productId('monetario-euro-plus'); // LTV 85 %
});
afterAll(() => f.t.close());

function navDay(): string {
  let day = calendarDate(f.clock.now);
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, -1);
  return day;
}

async function holder(): Promise<Investor> {
  const who = await f.investor();
  await f.deposit(who, '20000.00');
  const order = (
    await f.post(who.session, `/api/v1/products/${money}/invest/`, { amount: '20000.00', payment_method: 'cash' })
  ).json();
  expect((await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.id] })).statusCode).toBe(200);
  await writeTab(f.t.database.db, who.id, 'phone', { phone: PHONE, verified: true });
  await writeTab(f.t.database.db, who.id, 'occupation', { occupation: 'employee', income_band: 'band_3' });
  return who;
}

/** The first NAV at or above `from` whose value of `units` falls strictly past a half cent. */
function navPastHalfCent(units: Decimal, from: Decimal): Decimal {
  for (let nav = from; ; nav = nav.plus('0.000001')) {
    const cents = units.mul(nav).mul(100);
    if (cents.minus(cents.floor()).gt('0.5')) return nav;
  }
}

describe('one valuation of a position', () => {
  it('shows the same value in the portfolio, borrowing power and the pledge, and lends LTV of that value', async () => {
    const who = await holder();
    const before = (await f.get(who.session, '/api/v1/wallet/')).json().positions[0];
    const units = new Decimal(before.units);
    const nav = navPastHalfCent(units, new Decimal(before.nav).plus('0.001'));
    const recorded = await f.post(
      f.admin,
      `/api/v1/backoffice/products/${money}/navs/`,
      { date: navDay(), nav: nav.toFixed(6) },
      null,
    );
    expect(recorded.statusCode).toBe(200);
    await f.app.jobs.drain();

    // units × NAV lies past a half cent: half-even rounds it up (rounding down would show a cent less).
    const expected = units.mul(nav).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2);
    const position = (await f.get(who.session, '/api/v1/wallet/')).json().positions[0];
    expect(position).toMatchObject({ nav: nav.toFixed(6), value: expected });
    const [line] = (await f.get(who.session, '/api/v1/advances/borrowing-power/')).json().lines;
    expect(line.value).toBe(expected);
    const contribution = new Decimal(expected).mul('0.85').toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
    expect(line.contribution).toBe(contribution);

    const requested = await f.post(who.session, '/api/v1/advances/', {
      amount: '5000.00',
      instalments: 4,
      collateral: [`position:${money}`],
    });
    expect(requested.statusCode).toBe(201);
    const id = requested.json().id as number;
    const [pledged] = (await f.get(who.session, `/api/v1/advances/${id}/`)).json().collateral;
    expect(pledged).toMatchObject({ value: expected, contribution });
    const wallet = (await f.get(who.session, '/api/v1/wallet/')).json();
    expect(wallet.totals.pledged_value).toBe(expected);
  });
});
