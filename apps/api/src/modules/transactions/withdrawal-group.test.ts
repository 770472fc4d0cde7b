// Concurrent withdrawals of one customer are decided together (withdrawal-group.ts). Each test holds the
// customer's cash, sends the requests one at a time until each is waiting (so the arrival order is
// known), then lets them go: the first alone, the others as one group, which must answer every request
// exactly as if they had come one after the other.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { confirmedWithdrawal, withdrawConfirmed } from '../../test/withdrawals';
import { pendingWithdrawals } from './withdrawal-group';

let f: MoneyFixture;
// Statements that lock the cash: one per transaction that decided on it. A burst decided as intended
// locks once for the first request and once per group, not once per request (a group that failed and
// went one by one would give the same answers, so the answers alone cannot tell).
let locking = 0;
beforeAll(async () => {
  f = await moneyFixture({
    onQuery: (query) => {
      if (/for update/i.test(query)) locking += 1;
    },
  });
});
afterAll(() => f.t.close());

const WITHDRAW = '/api/v1/cash/withdrawals/';

/**
 * Sends `requests` in this order, each once the one before it is waiting, while the customer's withdrawals
 * are held; the first goes with the hold's key.
 */
async function burst(
  investor: Investor,
  requests: Array<{ amount: string; key?: string; confirmation?: { signature_id: number } }>,
) {
  // Confirmed before: one confirmation per request, the same for a request repeated with its key.
  const bodies: Array<{ amount: string; confirmation: { signature_id: number } }> = [];
  for (const [index, request] of requests.entries()) {
    const repeated = requests.findIndex(
      (other) => other.key && other.key === request.key && other.amount === request.amount,
    );
    let confirmation =
      request.confirmation ?? (repeated >= 0 && repeated < index ? bodies[repeated]!.confirmation : undefined);
    if (!confirmation) {
      const asked = await confirmedWithdrawal(f, investor, request.amount);
      if ('refused' in asked) throw new Error(`not confirmed: ${asked.refused!.body}`);
      confirmation = asked.confirmation;
    }
    bodies.push({ amount: request.amount, confirmation });
  }
  const hold = await f.holdWithdrawals(investor);
  locking = 0;
  const answers: Array<Promise<LightMyRequestResponse>> = [];
  try {
    for (const [index, request] of requests.entries()) {
      // The first waits at its key, which the hold claimed; the others wait for the first.
      const key = index === 0 ? hold.key : request.key;
      const answer = f.post(investor.session, WITHDRAW, bodies[index], key);
      answers.push(answer);
      const waiting = vi
        .waitFor(() => expect(pendingWithdrawals(f.app.database.db, investor.id)).toBe(index + 1), {
          interval: 2,
          timeout: 15_000,
        })
        .then(() => null);
      // A request answered before it could wait (a 400, say) would otherwise only show as a timeout.
      const early = await Promise.race([waiting, answer]);
      if (early) throw new Error(`request ${index} answered before it waited: ${early.statusCode} ${early.body}`);
    }
  } finally {
    await hold.release();
  }
  const answered = await Promise.all(answers);
  return Object.assign(answered, { locks: locking, bodies });
}

/**
 * An investor with `available` cash whose reserved-cash account is open (by a first withdrawal of 1.00),
 * so that each decision below is one locking statement.
 */
async function investorWith(available: string) {
  const investor = await f.investor();
  await f.deposit(investor, (Number(available) + 1).toFixed(2));
  expect((await withdrawConfirmed(f, investor, '1.00')).statusCode).toBe(201);
  return investor;
}

const cash = async (investor: Investor) => (await f.get(investor.session, '/api/v1/cash/')).json();
const ledgerOk = async () => (await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json().ok;
const withdrawals = async (investor: Investor) =>
  (await f.get(investor.session, '/api/v1/transactions/?per_page=100')).json();

describe('withdrawals decided together', () => {
  it('decides each in arrival order on what the ones before it left', async () => {
    const investor = await investorWith('100.00');
    const answers = await burst(investor, [
      { amount: '30.00' },
      { amount: '50.00' },
      { amount: '40.00' },
      { amount: '20.00' },
      { amount: '10.00' },
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 422, 201, 422]);
    expect(answers.locks).toBe(2);
    expect(answers[2]!.json()).toMatchObject({
      code: 'WITHDRAWAL_ABOVE_AVAILABLE',
      detail: 'The amount is above your available cash of €20.00.',
    });
    expect(answers[4]!.json().detail).toBe('The amount is above your available cash of €0.00.');
    expect(await cash(investor)).toMatchObject({ available: '0.00', reserved: '101.00' });
    const rows = (await withdrawals(investor)).results.filter((row: { type: string }) => row.type === 'withdrawal');
    expect(rows.map((row: { amount: string }) => row.amount).sort()).toEqual(['1.00', '20.00', '30.00', '50.00']);
    expect(await ledgerOk()).toBe(true);
  });

  it('a refused request leaves its key free: sent again, it is evaluated afresh', async () => {
    const investor = await investorWith('10.00');
    const key = `refused-then-retried-${investor.id}`;
    const answers = await burst(investor, [{ amount: '1.00' }, { amount: '50.00', key }, { amount: '1.00' }]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 422, 201]);
    expect(answers.locks).toBe(2);
    await f.deposit(investor, '100.00');
    const retried = await f.post(investor.session, WITHDRAW, answers.bodies[1], key);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await cash(investor)).toMatchObject({ available: '58.00', reserved: '53.00' });
  });

  it('a key repeated within one burst answers the first answer; with another body, 422', async () => {
    const investor = await f.investor();
    await f.deposit(investor, '100.00');
    const asked = await confirmedWithdrawal(f, investor, '5.00');
    if ('refused' in asked) throw new Error('not confirmed');
    const earlier = await f.post(
      investor.session,
      WITHDRAW,
      { amount: '5.00', ...asked },
      `earlier-key-${investor.id}`,
    );
    expect(earlier.statusCode).toBe(201);
    const [same, other, refusedTwice] = ['same', 'other', 'refused'].map((name) => `${name}-key-${investor.id}`);
    const answers = await burst(investor, [
      { amount: '1.00' },
      { amount: '10.00', key: same },
      { amount: '10.00', key: same },
      { amount: '20.00', key: other },
      { amount: '30.00', key: other },
      { amount: '5.00', key: `earlier-key-${investor.id}`, confirmation: asked.confirmation },
      { amount: '500.00', key: refusedTwice },
      { amount: '500.00', key: refusedTwice },
      { amount: '2.00' },
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 422, 201, 422, 422, 201]);
    // The first alone, then one group, then one for the keys met twice.
    expect(answers.locks).toBe(3);
    expect(answers[2]!.headers['idempotent-replayed']).toBe('true');
    expect(answers[2]!.json()).toEqual(answers[1]!.json());
    expect(answers[4]!.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(answers[5]!.headers['idempotent-replayed']).toBe('true');
    expect(answers[5]!.json()).toEqual(earlier.json());
    // Refused both times, each on the cash of its own turn: the second was not a replay of the first.
    for (const res of [answers[6]!, answers[7]!]) expect(res.json().code).toBe('WITHDRAWAL_ABOVE_AVAILABLE');
    expect(answers[7]!.headers['idempotent-replayed']).toBeUndefined();
    // 5 earlier, then 1 + 10 + 20 + 2: nothing else moved, no row was left by a replay or a refusal.
    expect(await cash(investor)).toMatchObject({ available: '62.00', reserved: '38.00' });
    const rows = (await withdrawals(investor)).results.filter((row: { type: string }) => row.type === 'withdrawal');
    expect(rows).toHaveLength(5);
    expect(await ledgerOk()).toBe(true);
  });

  it('a key sent again with another body is refused with 422', async () => {
    const investor = await f.investor();
    await f.deposit(investor, '100.00');
    const key = `reused-key-${investor.id}`;
    expect((await withdrawConfirmed(f, investor, '10.00', key)).statusCode).toBe(201);
    const again = await withdrawConfirmed(f, investor, '11.00', key);
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await cash(investor)).toMatchObject({ available: '90.00', reserved: '10.00' });
  });

  it('a group that cannot be decided together is answered one by one', async () => {
    // Without an approved bank account every request is refused, each with its own answer.
    const investor = await f.investor({ bank: false });
    await f.deposit(investor, '100.00');
    // No confirmation can be asked for without a payee: these carry one that does not exist.
    const none = { signature_id: 2_000_000_000 };
    const answers = await burst(investor, [
      { amount: '1.00', confirmation: none },
      { amount: '2.00', confirmation: none },
      { amount: '3.00', confirmation: none },
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('WITHDRAWAL_NO_BANK_ACCOUNT');
    }
    expect(await cash(investor)).toMatchObject({ available: '100.00', reserved: '0.00' });
  });
});
