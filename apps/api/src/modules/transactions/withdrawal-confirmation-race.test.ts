// A withdrawal's confirmation sent many times at once, and confirmed withdrawals that together ask for more
// than the cash, on PostgreSQL (PGlite runs one transaction at a time, so only a server can show a race):
// the confirmation is used once, under its row's lock, and the cash is never overdrawn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { confirmedWithdrawal, confirmedWithdrawals } from '../../test/withdrawals';

describe.runIf(process.env.DATABASE_URL)('confirmed withdrawals at once on PostgreSQL', () => {
  let f: MoneyFixture;
  beforeAll(async () => {
    f = await moneyFixture();
  });
  afterAll(() => f.t.close());

  it('one confirmation sent twelve times at once moves the money once', async () => {
    for (let round = 0; round < 3; round++) {
      const investor = await f.investor();
      await f.deposit(investor, '1000.00');
      const asked = await confirmedWithdrawal(f, investor, '100');
      if ('refused' in asked) throw new Error(`not confirmed: ${asked.refused!.body}`);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          f.post(investor.session, '/api/v1/cash/withdrawals/', { amount: '100', ...asked }),
        ),
      );
      expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
      for (const res of answers.filter((res) => res.statusCode !== 201)) {
        expect([res.statusCode, res.json().code]).toEqual([409, 'SIGNATURE_USED']);
      }
      expect((await f.get(investor.session, '/api/v1/cash/')).json()).toMatchObject({
        available: '900.00',
        reserved: '100.00',
      });
    }
  });

  it('two confirmed withdrawals of 600 against 1,000 at once: one goes, nothing is overdrawn', async () => {
    for (let round = 0; round < 3; round++) {
      const investor = await f.investor();
      await f.deposit(investor, '1000.00');
      const senders = await confirmedWithdrawals(f, investor, ['600', '600']);
      const answers = await Promise.all(senders.map((send) => send()));
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 422]);
      expect((await f.get(investor.session, '/api/v1/cash/')).json()).toMatchObject({
        available: '400.00',
        reserved: '600.00',
      });
      // The refused one's confirmation was not used: with the cash back it goes through.
      await f.deposit(investor, '200.00');
      const retried = await senders[answers.findIndex((res) => res.statusCode === 422)]!();
      expect(retried.statusCode).toBe(201);
    }
    expect((await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json().ok).toBe(true);
  });
});
