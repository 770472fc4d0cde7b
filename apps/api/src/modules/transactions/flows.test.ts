// Disinvestments, withdrawals, cancellations, idempotent requests and the lists, through HTTP.

import { homeSummarySchema, ledgerVerificationSchema, walletSchema } from '@lombard/shared/schemas/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { confirmedWithdrawals, withdrawConfirmed } from '../../test/withdrawals';

let f: MoneyFixture;
let coupon: number;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  f = await moneyFixture();
  coupon = await f.productId('cedola-trimestrale-europa'); // min 10,000, held at least 90 days
});
afterAll(() => f.t.close());

const cash = async (who: Investor) => (await f.get(who.session, '/api/v1/cash/')).json();
const withdraw = (who: Investor, amount: string, key?: string | null) => withdrawConfirmed(f, who, amount, key);

describe('withdrawals', () => {
  it('go only to an approved bank account', async () => {
    const investor = await f.investor({ bank: false });
    await f.deposit(investor, '100.00');
    const res = await withdraw(investor, '50');
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'Add your bank account in the profile and wait for its approval before withdrawing.',
    );
    expect((await cash(investor)).withdrawal_account).toBeNull();
  });

  it('cannot exceed the available cash, and reserve it until paid out', async () => {
    const investor = await f.investor();
    await f.deposit(investor, '1000.00');
    const above = await withdraw(investor, '1000.01');
    expect(above.statusCode).toBe(422);
    expect(above.json().detail).toBe('The amount is above your available cash of €1,000.00.');

    const res = await withdraw(investor, '400');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'withdrawal', status: 'submitted', amount: '400.00' });
    expect(res.json().execute_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await cash(investor)).toMatchObject({
      available: '600.00',
      reserved: '400.00',
      withdrawal_account: { iban_masked: 'IT60 •••• •••• 3456', holder: 'Maria Rossi' },
    });

    const paid = await f.post(f.admin, `/api/v1/backoffice/withdrawals/${res.json().id}/execute/`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe('executed');
    expect(await cash(investor)).toMatchObject({ available: '600.00', reserved: '0.00', balance: '600.00' });

    const refused = (await withdraw(investor, '100')).json();
    const rejected = await f.post(f.admin, `/api/v1/backoffice/withdrawals/${refused.id}/reject/`, {
      reason: 'The IBAN was closed',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'The IBAN was closed' });
    expect((await cash(investor)).available).toBe('600.00');
    const list = (await f.get(f.admin, `/api/v1/backoffice/withdrawals/?user=${investor.id}&status=rejected`)).json();
    expect(list.count).toBe(1);
    expect(list.results[0].user).toMatchObject({ id: investor.id, email: investor.email, full_name: 'Maria Rossi' });
  });

  it('are cancelled by the customer while waiting, and another customer’s is not found', async () => {
    const investor = await f.investor();
    await f.deposit(investor, '300.00');
    const waiting = (await withdraw(investor, '300')).json();
    const stranger = await f.investor();
    expect((await f.post(stranger.session, `/api/v1/transactions/${waiting.id}/cancel/`)).statusCode).toBe(404);
    expect((await f.get(stranger.session, `/api/v1/transactions/${waiting.id}/`)).statusCode).toBe(404);

    const cancelled = await f.post(investor.session, `/api/v1/transactions/${waiting.id}/cancel/`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', status_name: 'Cancelled' });
    expect((await cash(investor)).available).toBe('300.00');
    const again = await f.post(investor.session, `/api/v1/transactions/${waiting.id}/cancel/`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TRANSACTION_NOT_PENDING');
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeat with the first answer and moves the money once', async () => {
    const investor = await f.investor();
    await f.deposit(investor, '500.00');
    // The same request (its confirmation included) sent twice.
    const [send] = await confirmedWithdrawals(f, investor, ['120']);
    const first = await send!('withdraw-once-0001');
    const second = await send!('withdraw-once-0001');
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json()).toEqual(first.json());
    expect((await cash(investor)).available).toBe('380.00');

    const other = await withdraw(investor, '121', 'withdraw-once-0001');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const missing = await withdraw(investor, '10', null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('IDEMPOTENCY_KEY_MISSING');
    expect((await cash(investor)).available).toBe('380.00');
  });

  it('lets a refused request be tried again with the same key', async () => {
    const investor = await f.investor();
    const refused = await withdraw(investor, '50', 'retry-after-fail-1');
    expect(refused.statusCode).toBe(422);
    await f.deposit(investor, '50.00');
    expect((await withdraw(investor, '50', 'retry-after-fail-1')).statusCode).toBe(201);
  });
});

describe('lists and summaries', () => {
  it('lists the caller’s transactions with filters, sorting and export', async () => {
    const investor = await f.investor();
    await f.deposit(investor, '700.00');
    await withdraw(investor, '100');
    await withdraw(investor, '200');
    const all = (await f.get(investor.session, '/api/v1/transactions/?order_by__=-amount')).json();
    expect(all.count).toBe(3);
    expect(all.results.map((r: { amount: string }) => r.amount)).toEqual(['700.00', '200.00', '100.00']);
    const withdrawals = (await f.get(investor.session, '/api/v1/transactions/?type=withdrawal')).json();
    expect(withdrawals.count).toBe(2);
    expect(withdrawals.results[0]).toMatchObject({ type_name: 'Withdrawal', status_name: 'Submitted' });
    const bad = await f.get(investor.session, '/api/v1/transactions/?order_by__=payer_name');
    expect(bad.statusCode).toBe(400);
    const exported = await f.app.inject({
      method: 'PATCH',
      url: '/api/v1/transactions/export-xlsx/',
      headers: investor.session.headers,
      payload: {},
    });
    expect(exported.statusCode).toBe(202);
  });

  it('shows the demo customer’s wallet, cash and home from the seeded orders', async () => {
    const { loginAs } = await import('../../test/auth');
    const session = await loginAs(f.app, 'customer@demo.lombard.test');
    const wallet = walletSchema.parse((await f.get(session, '/api/v1/wallet/')).json());
    expect(wallet.positions).toHaveLength(4);
    const weights = wallet.positions.reduce((sum, p) => sum + Number(p.weight), 0);
    expect(weights).toBeCloseTo(1, 4);
    expect(wallet.positions.some((p) => p.reserved_units !== '0.000000')).toBe(true);
    const home = homeSummarySchema.parse((await f.get(session, '/api/v1/home/summary/')).json());
    expect(home.recent_transactions).toHaveLength(5);
    expect(home.pending_orders).toBe(1);
    expect(home.invested).toBe(wallet.totals.value);
    const orders = (await f.get(f.admin, '/api/v1/backoffice/orders/?status=awaiting_transfer')).json();
    expect(orders.results.map((o: { user: { email: string } }) => o.user.email)).toContain('lead@demo.lombard.test');
  });

  it('verifies the ledger for the back office', async () => {
    const res = await f.get(f.admin, '/api/v1/backoffice/ledger/verify/');
    expect(res.statusCode).toBe(200);
    const report = ledgerVerificationSchema.parse(res.json());
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => c.name)).toEqual([
      'entries_balance',
      'balances_match_lines',
      'no_negative_balances',
      'orders_match_positions',
      'reserved_units_match_orders',
      'advances_match_ledger',
      'pledged_units_match_pledges',
      'reserved_cash_matches_requests',
      'advances_within_limits',
    ]);
  });
});

describe('disinvestments', () => {
  it('respect the holding period, one at a time, free units only, and execute when due', async () => {
    const investor = await f.investor();
    await f.deposit(investor, '11000.00');
    const order = (
      await f.post(investor.session, `/api/v1/products/${coupon}/invest/`, {
        amount: '11000',
        payment_method: 'cash',
      })
    ).json();
    await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.id] });
    const sell = (units: string) => f.post(investor.session, `/api/v1/products/${coupon}/disinvest/`, { units });

    const early = await sell('1');
    expect(early.statusCode).toBe(422);
    expect(early.json().code).toBe('DISINVEST_HOLDING_PERIOD');
    expect(early.json().detail).toMatch(/cannot be divested before \d{2}\/\d{2}\/\d{4}\.$/);

    const start = f.clock.now;
    try {
      f.clock.now = new Date(start.getTime() + 91 * DAY_MS);
      const held = (await f.get(investor.session, `/api/v1/transactions/${order.id}/`)).json().units as string;
      const tooMany = await sell(String(Number(held) + 1));
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().code).toBe('DISINVEST_UNITS_UNAVAILABLE');

      const placed = await sell('10');
      expect(placed.statusCode).toBe(201);
      const disinvestment = placed.json();
      expect(disinvestment).toMatchObject({ type: 'disinvest', status: 'submitted', units: '10.000000' });
      const pending = await sell('1');
      expect(pending.statusCode).toBe(409);
      expect(pending.json().detail).toBe('Unable to disinvest. You still have a pending disinvestment transaction.');

      const notDue = (await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [disinvestment.id] })).json();
      expect(notDue.settled).toEqual([]);
      expect(notDue.skipped[0].reason).toMatch(/^Not due before/);

      f.clock.now = new Date(`${disinvestment.execute_on}T10:00:00Z`);
      const done = (await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [disinvestment.id] })).json();
      expect(done.settled).toEqual([disinvestment.id]);
      const executed = (await f.get(investor.session, `/api/v1/transactions/${disinvestment.id}/`)).json();
      expect(executed.status).toBe('executed');
      // Proceeds = 10 × NAV, rounded down to the cent, paid to cash.
      const proceeds = Math.floor(10 * Number(executed.nav) * 100) / 100;
      expect(executed.amount).toBe(proceeds.toFixed(2));
      expect((await cash(investor)).available).toBe(proceeds.toFixed(2));
    } finally {
      f.clock.now = start;
    }
  });
});
