// Concurrent requests on PostgreSQL (PGlite runs one transaction at a time, so only a server can show a
// race): the row locks of the ledger keep cash and units from being spent twice.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { deliveredCode } from '../../test/outbox';
import { confirmedWithdrawals } from '../../test/withdrawals';
import { writeTab } from '../profile/service';

describe.runIf(process.env.DATABASE_URL)('concurrent money requests on PostgreSQL', () => {
  let f: MoneyFixture;
  beforeAll(async () => {
    f = await moneyFixture();
  });
  afterAll(() => f.t.close());

  const cash = async (session: Parameters<MoneyFixture['get']>[0]) => (await f.get(session, '/api/v1/cash/')).json();

  it('50 withdrawals of 100 against 1,000: exactly 10 succeed, nothing is overdrawn', async () => {
    const investor = await f.investor();
    await f.deposit(investor, '1000.00');
    const senders = await confirmedWithdrawals(f, investor, Array(50).fill('100'));
    const answers = await Promise.all(senders.map((send) => send()));
    const ok = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const res of refused) {
      expect(['WITHDRAWAL_ABOVE_AVAILABLE', 'INSUFFICIENT_FUNDS']).toContain(res.json().code);
    }
    expect(await cash(investor.session)).toMatchObject({ available: '0.00', reserved: '1000.00' });
    const report = (await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json();
    expect(report.ok).toBe(true);
  });

  it('investments from cash and withdrawals at once never overdraw', async () => {
    const investor = await f.investor();
    const bond = await f.productId('obbligazionario-euro-protetto-2031');
    await f.deposit(investor, '10000.00');
    const senders = await confirmedWithdrawals(f, investor, Array(12).fill('1000'));
    const requests = [
      ...Array.from({ length: 4 }, () =>
        f.post(investor.session, `/api/v1/products/${bond}/invest/`, { amount: '6000', payment_method: 'cash' }),
      ),
      ...senders.map((send) => send()),
    ];
    const answers = await Promise.all(requests);
    const spent = answers
      .filter((res) => res.statusCode === 201)
      .reduce((sum, res) => sum + Number(res.json().amount), 0);
    expect(spent).toBeLessThanOrEqual(10000);
    const state = await cash(investor.session);
    expect(Number(state.available)).toBeGreaterThanOrEqual(0);
    expect(Number(state.available)).toBeCloseTo(10000 - spent, 2);
    expect(state.reserved).toBe(spent.toFixed(2));
  });

  it('two disinvestments of one position at once: exactly one wins', async () => {
    const investor = await f.investor();
    const bond = await f.productId('obbligazionario-euro-protetto-2031');
    await f.deposit(investor, '6000.00');
    const order = (
      await f.post(investor.session, `/api/v1/products/${bond}/invest/`, { amount: '6000', payment_method: 'cash' })
    ).json();
    await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.id] });
    const answers = await Promise.all(
      [1, 2].map(() => f.post(investor.session, `/api/v1/products/${bond}/disinvest/`, { units: '1' })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((res) => res.statusCode === 409)!.json().code).toBe('DISINVEST_PENDING');
  });

  it('one signed order document sent 8 times at once with different keys, 30 times over: one order each', async () => {
    // No MiFID result covers the equity fund: every order needs the signed document. Paid by bank
    // transfer, so that no cash limit stops the copies: only the signature can. A new customer each round
    // (codes sent per hour are limited).
    const equity = await f.productId('azionario-globale-sostenibile');
    const terms = { amount: '10001', payment_method: 'bank_transfer' };
    for (let round = 0; round < 30; round++) {
      const novice = await f.investor({ mifid: false });
      const phone = `+3934011122${String(round).padStart(2, '0')}`;
      await writeTab(f.t.database.db, novice.id, 'phone', { phone, verified: true });
      const requested = await f.post(novice.session, `/api/v1/products/${equity}/invest/signature/`, terms, null);
      expect(requested.statusCode).toBe(200);
      const code = await deliveredCode(f.t.app, phone, 'order-signature');
      const signature = { document_id: requested.json().document_id, code };
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          f.post(novice.session, `/api/v1/products/${equity}/invest/`, { ...terms, signature }),
        ),
      );
      expect(
        answers.filter((res) => res.statusCode === 201),
        `round ${round}`,
      ).toHaveLength(1);
      for (const res of answers.filter((r) => r.statusCode !== 201)) {
        // The copies that waited for the first one find the document used; one that checked the code
        // while the first was confirming it may be told the code is wrong or spent.
        expect([409, 400]).toContain(res.statusCode);
        expect(['SIGNATURE_USED', 'ONE_TIME_CODE_INVALID', 'ONE_TIME_CODE_EXPIRED', 'SIGNATURE_FAILED']).toContain(
          res.json().code,
        );
        expect(res.json().detail).toMatch(/^[A-Z]/);
      }
      const orders = (await f.get(novice.session, '/api/v1/transactions/?page=1&per_page=10')).json();
      expect(orders.results.map((row: { type: string; amount: string }) => [row.type, row.amount])).toEqual([
        ['invest', '10001.00'],
      ]);
    }
  }, 120_000);
});
