// Advances through HTTP: borrowing power, the rules and their messages, one request in progress, the
// whole status machine (and what it forbids), pledged units, signing by code, payout, ledger invariants.
import { advanceQuoteUrl } from '@lombard/shared/advance-search';
import { ledgerVerificationSchema } from '@lombard/shared/schemas/wallet';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../lib/outbox';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { deliveredCode } from '../../test/outbox';
import { SETTING_KEYS, writeSetting } from '../config/service';
import { writeTab } from '../profile/service';
import { payoutHandler } from './payout-job';

let f: MoneyFixture;
let money: number;
const PHONE = '+393401112233';

beforeAll(async () => {
  f = await moneyFixture();
  money = await f.productId('monetario-euro-plus'); // LTV 85 %, no entry cost, no holding period
});
afterAll(() => f.t.close());

/** A customer holding `amount` of the money-market fund, with a verified phone and a declared income. */
async function borrower(amount = '20000.00', incomeBand = 'band_3'): Promise<Investor> {
  const who = await f.investor();
  await f.deposit(who, amount);
  const order = (
    await f.post(who.session, `/api/v1/products/${money}/invest/`, { amount, payment_method: 'cash' })
  ).json();
  const settled = await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.id] });
  expect(settled.json().settled).toEqual([order.id]);
  const db = f.t.database.db;
  await writeTab(db, who.id, 'phone', { phone: PHONE, verified: true });
  await writeTab(db, who.id, 'occupation', { occupation: 'employee', income_band: incomeBand });
  return who;
}

const power = async (who: Investor) => (await f.get(who.session, '/api/v1/advances/borrowing-power/')).json();
const request = (who: Investor, body: Record<string, unknown>) => f.post(who.session, '/api/v1/advances/', body);
const operator = (id: number, action: string, body?: unknown) =>
  f.post(f.admin, `/api/v1/backoffice/advances/${id}/${action}/`, body);
const customer = (who: Investor, id: number, action: string, body?: unknown) =>
  f.post(who.session, `/api/v1/advances/${id}/${action}/`, body, null);
const key = `position:`;

async function signWithCode(who: Investor, id: number) {
  expect((await customer(who, id, 'signature')).statusCode).toBe(200);
  return deliveredCode(f.t.app, PHONE, 'advance-contract');
}

describe('borrowing power and the calculator', () => {
  it('values each position at the latest NAV with its loan-to-value, capped by the bank maximum', async () => {
    const who = await borrower();
    const answer = await power(who);
    expect(answer.lines).toHaveLength(1);
    const line = answer.lines[0];
    expect(line).toMatchObject({ key: `${key}${money}`, kind: 'position', loan_to_value: '0.8500', pledged: false });
    const value = new Decimal(line.units).mul(line.unit_price).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
    expect(line.value).toBe(value.toFixed(2));
    expect(line.contribution).toBe(value.mul('0.85').toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2));
    expect(answer).toMatchObject({
      maximum_applicable: line.contribution,
      maximum_amount: line.contribution,
      bank_maximum: '500000.00',
      binding: 'collateral',
      minimum_amount: '5000.00',
    });
  });

  it('quotes with the shared calculator and says which rule an amount breaks, moving nothing', async () => {
    const who = await borrower();
    const ok = (await f.get(who.session, advanceQuoteUrl({ amount: '10000', instalments: 4 }))).json();
    expect(ok).toMatchObject({ amount: '10000.00', annual_rate: '0.0490', quarterly_interest: '122.50', valid: true });
    expect(ok.schedule).toHaveLength(4);
    expect(ok.total_interest).toBe('490.00');
    const low = (await f.get(who.session, advanceQuoteUrl({ amount: '4000', instalments: 4 }))).json();
    expect(low.valid).toBe(false);
    expect(low.messages.amount.text).toBe('Minimum advance amount is €5,000.00.');
    const high = (await f.get(who.session, advanceQuoteUrl({ amount: '19000', instalments: 4 }))).json();
    const { maximum_applicable: maximum } = await power(who);
    const euro = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });
    // The message names the maximum.
    expect(high.messages.amount.text).toBe(
      `You have exceeded the maximum applicable advance amount of ${euro.format(maximum)}.`,
    );
    expect((await power(who)).lines[0].pledged).toBe(false);
  });

  it('gives the SECCI of a quote as a PDF', async () => {
    const who = await borrower('6000.00');
    const res = await f.get(who.session, '/api/v1/advances/secci/?amount=10000&instalments=8');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const italian = await f.app.inject({
      method: 'GET',
      url: '/api/v1/advances/secci/?amount=250000&instalments=40',
      headers: { ...who.session.headers, 'accept-language': 'it' },
    });
    expect(italian.statusCode).toBe(200);
    expect(italian.headers['content-disposition']).toContain('SECCI%20anticipo');
  });
});

describe('a request', () => {
  it('moves money only with an Idempotency-Key, and a replay answers the first result', async () => {
    const who = await borrower();
    const body = { amount: '5000', instalments: 4, collateral: [`${key}${money}`] };
    expect((await f.post(who.session, '/api/v1/advances/', body, null)).json().code).toBe('IDEMPOTENCY_KEY_MISSING');
    const first = await f.post(who.session, '/api/v1/advances/', body, 'advance-request-1');
    const replay = await f.post(who.session, '/api/v1/advances/', body, 'advance-request-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().id).toBe(first.json().id);
  });

  it('cannot be priced without the bank maximum in the global configuration', async () => {
    const who = await borrower('6000.00');
    const db = f.t.database.db;
    await db.execute(sql`delete from settings where key = ${SETTING_KEYS.bankMaximumAdvance}`);
    try {
      const res = await f.get(who.session, '/api/v1/advances/borrowing-power/');
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('ADVANCE_BANK_MAXIMUM_MISSING');
    } finally {
      await writeSetting(db, SETTING_KEYS.bankMaximumAdvance, { amount: '500000.00' });
    }
  });

  it('answers the amount rules with their messages', async () => {
    const who = await borrower();
    const collateral = [`${key}${money}`];
    const below = await request(who, { amount: '4999.99', instalments: 8, collateral });
    expect(below.statusCode).toBe(422);
    expect(below.json()).toMatchObject({
      code: 'ADVANCE_AMOUNT_BELOW_MINIMUM',
      detail: 'Minimum advance amount is €5,000.00',
    });
    const above = await request(who, { amount: '19000', instalments: 8, collateral });
    const { maximum_applicable: maximum } = await power(who);
    const euro = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });
    expect(above.json()).toMatchObject({
      code: 'ADVANCE_AMOUNT_ABOVE_COLLATERAL',
      detail: `You have exceeded the maximum applicable advance amount of ${euro.format(maximum)}.`,
    });
    await writeSetting(f.t.database.db, SETTING_KEYS.bankMaximumAdvance, { amount: '8000.00' });
    try {
      const bank = await request(who, { amount: '9000', instalments: 8, collateral });
      expect(bank.json()).toMatchObject({
        code: 'ADVANCE_AMOUNT_ABOVE_BANK_MAXIMUM',
        detail: 'You have exceeded the maximum advance offered by the bank of €8,000.00.',
      });
      expect((await power(who)).binding).toBe('bank');
    } finally {
      await writeSetting(f.t.database.db, SETTING_KEYS.bankMaximumAdvance, { amount: '500000.00' });
    }
    for (const instalments of [0, 41]) {
      const out = await request(who, { amount: '6000', instalments, collateral });
      expect(out.statusCode).toBe(400);
      expect(out.json().instalments).toEqual(['Number of instalments: greater than 0, maximum 40.']);
    }
    const huge = await request(who, { amount: '2000000', instalments: 8, collateral });
    expect(huge.json().amount).toEqual(['Enter an amount between €5,000.00 and €1,000,000.00.']);
    const unknown = await request(who, { amount: '6000', instalments: 8, collateral: ['stock-plan:999999'] });
    expect(unknown.json().code).toBe('COLLATERAL_UNAVAILABLE');
  });

  it('pledges the units (no disinvestment, no second pledge), one in progress, cancelled before signing', async () => {
    const who = await borrower();
    const collateral = [`${key}${money}`];
    const res = await request(who, { amount: '10000', instalments: 8, collateral });
    expect(res.statusCode).toBe(201);
    const advance = res.json();
    expect(advance).toMatchObject({
      status: 1,
      status_name: 'Request received',
      amount: '10000.00',
      creditworthiness: null,
    });
    expect(advance.collateral[0]).toMatchObject({ key: collateral[0], pledged: true });
    expect(advance.allowed_actions).toEqual(['cancel']);

    expect((await f.post(who.session, `/api/v1/products/${money}/disinvest/`, { units: '1' })).json().code).toBe(
      'DISINVEST_UNITS_UNAVAILABLE',
    );
    const again = await request(who, { amount: '5000', instalments: 4, collateral });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ADVANCE_IN_PROGRESS',
      detail: 'You already have an advance request in progress.',
    });
    const twice = await f.get(who.session, advanceQuoteUrl({ amount: '5000', instalments: 4, collateral }));
    expect(twice.json().code).toBe('COLLATERAL_ALREADY_PLEDGED');
    expect((await power(who)).lines[0].pledged).toBe(true);

    const stranger = await borrower('6000.00');
    expect((await f.get(stranger.session, `/api/v1/advances/${advance.id}/`)).statusCode).toBe(404);
    expect((await customer(stranger, advance.id, 'cancel')).statusCode).toBe(404);

    const cancelled = await customer(who, advance.id, 'cancel');
    expect(cancelled.json()).toMatchObject({ status: 8, status_name: 'Cancelled' });
    expect(cancelled.json().timeline.map((e: { kind: string }) => e.kind)).toEqual(['requested', 'cancelled']);
    expect((await customer(who, advance.id, 'cancel')).statusCode).toBe(409);
    expect((await power(who)).lines[0].pledged).toBe(false);
    const mails = await messagesTo(f.t.database.db, who.email, 'advance_status');
    expect(mails.map((mail) => mail.subject)).toEqual(['Your advance: Cancelled', 'Your advance: Request received']);
  });

  it('is flagged for review when the yearly interest is heavy for the declared income, not refused', async () => {
    const who = await borrower('20000.00', 'band_1');
    const advance = (await request(who, { amount: '10000', instalments: 4, collateral: [`${key}${money}`] })).json();
    const detail = (await f.get(f.admin, `/api/v1/backoffice/advances/${advance.id}/`)).json();
    expect(detail.creditworthiness).toMatchObject({
      income_band: 'band_1',
      occupation: 'employee',
      yearly_interest: '490.00',
      interest_to_income: null,
      flagged: true,
    });
    expect(detail.customer).toEqual({ id: who.id, email: who.email, full_name: 'Maria Rossi' });
    const list = (await f.get(f.admin, `/api/v1/backoffice/advances/?flagged=True&user=${who.id}`)).json();
    expect(list.results.map((r: { id: number }) => r.id)).toEqual([advance.id]);
    const rejected = await operator(advance.id, 'reject', { reason: 'Income too low for this amount' });
    expect(rejected.json()).toMatchObject({ status: 7, reason: 'Income too low for this amount' });
    expect((await power(who)).lines[0].pledged).toBe(false);
    expect((await operator(advance.id, 'reject', { reason: 'Again' })).statusCode).toBe(409);
  });
});

describe('the status machine', () => {
  it('goes from request to active through signing by code, refusing every other move with 409', async () => {
    const who = await borrower('30000.00');
    const { id } = (await request(who, { amount: '12000', instalments: 8, collateral: [`${key}${money}`] })).json();
    for (const action of ['approve', 'disburse']) {
      const refused = await operator(id, action);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('ADVANCE_TRANSITION_NOT_ALLOWED');
    }
    expect((await customer(who, id, 'signature')).statusCode).toBe(409);

    const ready = await operator(id, 'pre-approve');
    expect(ready.json()).toMatchObject({ status: 2, status_name: 'Ready to be signed' });
    expect(ready.json().documents.map((d: { kind: string }) => d.kind)).toEqual(['secci', 'contract']);
    const contract = await f.get(who.session, `/api/v1/advances/${id}/contract/`);
    expect(contract.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await operator(id, 'pre-approve')).statusCode).toBe(409);

    const code = await signWithCode(who, id);
    const wrong = await customer(who, id, 'sign', { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('The code is not correct. You have 4 attempts left.');
    const signed = (await customer(who, id, 'sign', { code })).json();
    expect(signed).toMatchObject({ status: 3, can_withdraw: true });
    expect(signed.documents[1].hash).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.withdrawal_deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await customer(who, id, 'cancel')).statusCode).toBe(409);

    expect((await operator(id, 'approve')).json().status).toBe(4);
    expect((await operator(id, 'reject', { reason: 'Too late to reject' })).statusCode).toBe(409);
    const before = (await f.get(who.session, '/api/v1/cash/')).json().available;
    const active = (await operator(id, 'disburse')).json();
    expect(active).toMatchObject({ status: 5, outstanding: '12000.00', paid_back: '0.00' });
    expect(active.instalments).toHaveLength(8);
    expect(active.instalments[0]).toMatchObject({ interest: '147.00', principal: '0.00', state: 'scheduled' });
    expect(active.instalments[7]).toMatchObject({ principal: '12000.00', total: '12147.00' });
    expect(active.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      'requested',
      'pre_approved',
      'signed',
      'approved',
      'disbursed',
    ]);
    const after = (await f.get(who.session, '/api/v1/cash/')).json().available;
    expect((Number(after) - Number(before)).toFixed(2)).toBe('12000.00');
    expect((await operator(id, 'disburse')).statusCode).toBe(409);
    const mine = (await f.get(who.session, '/api/v1/advances/?status=5')).json();
    expect(mine.results).toEqual([
      expect.objectContaining({ id, status: 5, maturity_date: active.instalments[7].due_date }),
    ]);

    const schedule = (
      await f.get(f.admin, `/api/v1/backoffice/advance-instalments/?advance=${id}&state=scheduled`)
    ).json();
    expect(schedule.count).toBe(8);
    expect(schedule.results[0]).toMatchObject({
      number: 1,
      interest: '147.00',
      user: { id: who.id, email: who.email },
    });
    expect(
      (await f.get(f.admin, `/api/v1/backoffice/advance-instalments/?advance=${id}&state=overdue`)).json().count,
    ).toBe(0);
    expect((await f.get(f.admin, `/api/v1/backoffice/margin-calls/?open=True&user=${who.id}`)).json().count).toBe(0);

    const ledger = ledgerVerificationSchema.parse((await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json());
    expect(ledger.checks.every((check) => check.ok)).toBe(true);
    const audit = (await f.get(f.admin, `/api/v1/backoffice/audit-log/?object_type=advances&object_id=${id}`)).json();
    expect(audit.count ?? audit.results?.length).toBeGreaterThanOrEqual(3);
  });

  it('is paid out by the job when no operator records the disbursement', async () => {
    const who = await borrower();
    const { id } = (await request(who, { amount: '6000', instalments: 4, collateral: [`${key}${money}`] })).json();
    await operator(id, 'pre-approve');
    // An expired code says so; a new code signs.
    const stale = await signWithCode(who, id);
    const start = f.clock.now;
    f.clock.now = new Date(start.getTime() + 11 * 60_000);
    try {
      const expired = await customer(who, id, 'sign', { code: stale });
      expect(expired.json()).toMatchObject({
        code: 'ONE_TIME_CODE_EXPIRED',
        detail: 'The code has expired or was replaced by a newer one. Ask for a new code.',
      });
      expect((await customer(who, id, 'sign', { code: await signWithCode(who, id) })).json().status).toBe(3);
    } finally {
      f.clock.now = start;
    }
    await operator(id, 'approve');
    await payoutHandler(f.app)({ advanceId: id });
    expect((await f.get(who.session, `/api/v1/advances/${id}/`)).json()).toMatchObject({
      status: 5,
      outstanding: '6000.00',
    });
    await payoutHandler(f.app)({ advanceId: id });
    expect((await f.get(who.session, '/api/v1/cash/')).json().available).toBe('6000.00');
  });
});
