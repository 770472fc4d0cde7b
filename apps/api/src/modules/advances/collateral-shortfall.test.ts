// An advance whose collateral fell in value after the request: the bank re-checks the loan-to-value on the
// locked advance before pre-approving, approving and paying out (operator or payout job), and the ledger
// verification names an active advance above its limit that has no open margin call.

import { positionValue } from '@lombard/shared/money/valuation';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActiveAdvance, activeAdvance, advanceRow, recordNav } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { payoutHandler } from './payout-job';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

const euro = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });
const detail = async (a: ActiveAdvance) => (await f.get(a.investor.session, `/api/v1/advances/${a.id}/`)).json();
const operator = (a: ActiveAdvance, action: string) =>
  f.post(f.admin, `/api/v1/backoffice/advances/${a.id}/${action}/`);

/**
 * An advance of 20,000 on 30,000 of the bond (at 70 % it secures about 20,895), stopped at `until`, and
 * the bond's NAV then 10 % lower: the pledged units secure about 18,800. Answers the NAV to restore.
 */
async function fallen(until: 'requested' | 'signed' | 'approved') {
  const a = await activeAdvance(f, {
    amount: '20000.00',
    invest: '30000.00',
    ...(until === 'approved' ? { paidOut: false } : { until }),
  });
  const [line] = (await detail(a)).collateral;
  const nav = new Decimal(line.unit_price);
  const dropped = nav.mul('0.9').toDecimalPlaces(6);
  await recordNav(f, a.bond, dropped);
  const value = positionValue(line.units, dropped);
  return { a, nav, limit: value.mul(line.loan_to_value).toDecimalPlaces(2) };
}

function expectShortfall(res: { statusCode: number; json(): { code: string; detail: string } }, limit: Decimal) {
  expect(res.statusCode).toBe(409);
  expect(res.json().code).toBe('ADVANCE_COLLATERAL_SHORTFALL');
  expect(res.json().detail).toContain(euro.format(limit.toNumber()));
  expect(res.json().detail).toContain(euro.format(20000));
}

describe('an advance its collateral no longer covers', () => {
  it('is not pre-approved until the prices cover it again', async () => {
    const { a, nav, limit } = await fallen('requested');
    expectShortfall(await operator(a, 'pre-approve'), limit);
    expect((await detail(a)).status).toBe(1);
    // No contract was issued (the bond's contract note is the only document).
    const documents = (await f.get(a.investor.session, '/api/v1/documents/')).json();
    expect(documents.results.filter((d: { kind: string }) => d.kind === 'advance_contract')).toEqual([]);
    await recordNav(f, a.bond, nav);
    expect((await operator(a, 'pre-approve')).json().status).toBe(2);
  });

  it('is not approved until the prices cover it again', async () => {
    const { a, nav, limit } = await fallen('signed');
    expectShortfall(await operator(a, 'approve'), limit);
    expect((await detail(a)).status).toBe(3);
    await recordNav(f, a.bond, nav);
    expect((await operator(a, 'approve')).json().status).toBe(4);
  });

  it('is paid out neither by the operator nor by the payout job until the prices cover it again', async () => {
    const { a, nav, limit } = await fallen('approved');
    expectShortfall(await operator(a, 'disburse'), limit);
    await payoutHandler(f.app)({ advanceId: a.id });
    expect((await detail(a)).status).toBe(4);
    expect((await f.get(a.investor.session, '/api/v1/cash/')).json().available).toBe('0.00');
    await recordNav(f, a.bond, nav);
    await payoutHandler(f.app)({ advanceId: a.id });
    expect((await detail(a)).status).toBe(5);
    expect((await f.get(a.investor.session, '/api/v1/cash/')).json().available).toBe('20000.00');
  });
});

describe('the ledger verification', () => {
  const verify = async () => (await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json();
  const limits = async () => (await verify()).checks.find((c: { name: string }) => c.name === 'advances_within_limits');

  it('names an active advance above its limit while no margin call is open for it', async () => {
    const a = await activeAdvance(f, { amount: '20000.00', invest: '30000.00' });
    const [line] = (await detail(a)).collateral;
    const nav = new Decimal(line.unit_price);
    expect(await limits()).toEqual({ name: 'advances_within_limits', ok: true, problems: [] });
    // The NAV is recorded; the margin-call check it queued has not run yet.
    await recordNav(f, a.bond, nav.mul('0.9').toDecimalPlaces(6), { drain: false });
    const report = await verify();
    expect(report.ok).toBe(false);
    const check = report.checks.find((c: { name: string }) => c.name === 'advances_within_limits');
    expect(check.ok).toBe(false);
    expect(check.problems).toContainEqual(
      expect.stringMatching(new RegExp(`^advance ${a.id} of user ${a.investor.id}: outstanding 20000\\.00 above`)),
    );
    // Once the margin call is open, the customer has been asked to restore it: nothing left to flag.
    await f.app.jobs.drain();
    expect((await detail(a)).margin_call).not.toBeNull();
    expect((await verify()).ok).toBe(true);
    await recordNav(f, a.bond, nav);
    expect((await advanceRow(f, a.id)).status).toBe(5);
    expect((await verify()).ok).toBe(true);
  });
});
