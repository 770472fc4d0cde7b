// The customer's remedy and the operator's enforcement of the same margin call at once, on PostgreSQL
// (PGlite runs one transaction at a time, so only a server can show a race): one settles the call, the
// other is refused, never both, round after round.
import { addBusinessDays } from '@lombard/shared/money/business-days';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAdvance, recordNav } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';

const ROUNDS = 8;

describe.runIf(process.env.DATABASE_URL)('customer cure against operator enforcement on PostgreSQL', () => {
  let f: MoneyFixture;
  beforeAll(async () => {
    f = await moneyFixture();
  });
  afterAll(() => f.t.close());

  it(`${ROUNDS} rounds: the call is settled once, by her remedy or by the sale`, async () => {
    const outcomes = { customer: 0, operator: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      f.clock.now = new Date();
      const a = await activeAdvance(f, { amount: '20000.00', invest: '30000.00' });
      const detail = (await f.get(a.investor.session, `/api/v1/advances/${a.id}/`)).json();
      const nav = new Decimal(detail.collateral[0].unit_price);
      const units = detail.collateral[0].units;
      await recordNav(f, a.bond, nav.mul('0.9').toDecimalPlaces(6));
      const { call } = (await f.get(a.investor.session, `/api/v1/advances/${a.id}/margin-alert/`)).json();
      expect((await f.post(f.admin, `/api/v1/backoffice/margin-calls/${call.id}/forbearance/`)).statusCode).toBe(200);
      const offered = (await f.get(a.investor.session, `/api/v1/advances/${a.id}/margin-alert/`)).json().call;
      f.clock.now = new Date(`${addBusinessDays(offered.grace_until, 1)}T10:00:00Z`);

      const [cure, sale] = await Promise.all([
        f.post(a.investor.session, `/api/v1/advances/${a.id}/margin-call/remedy/`, { shortfall: call.shortfall }),
        f.post(f.admin, `/api/v1/backoffice/margin-calls/${call.id}/enforce/`),
      ]);
      const won = [cure, sale].filter((res) => res.statusCode === 200);
      expect(won).toHaveLength(1);
      const lost = cure.statusCode === 200 ? sale : cure;
      expect(lost.statusCode).toBe(409);
      expect(lost.json().code).toBe('MARGIN_CALL_RESOLVED');
      const after = (await f.get(a.investor.session, `/api/v1/advances/${a.id}/`)).json();
      if (cure.statusCode === 200) {
        outcomes.customer++;
        expect(after.collateral[0].units).toBe(units); // nothing sold
      } else {
        outcomes.operator++;
        expect(new Decimal(after.collateral[0].units).lt(units)).toBe(true);
      }
      // One repayment booked, by whichever won.
      expect(after.pending_repayment).not.toBeNull();
      await f.app.jobs.drain();
      f.clock.now = new Date();
      await recordNav(f, a.bond, nav);
    }
    expect(outcomes.customer + outcomes.operator).toBe(ROUNDS);
    expect((await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json().ok).toBe(true);
    // Each round builds an advance through the whole flow: minutes on a shared machine.
  }, 600_000);
});
