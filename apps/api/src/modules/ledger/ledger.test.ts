import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/auth';
import { customerBalances, lockBalance, postEntry, verifyLedgerInvariants } from './service';

let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  userId = (await createUser(t.app, { email: 'ledger@example.com', attributes: ['customer'] })).id;
});
afterAll(() => t.close());

const deposit = (amount: string) =>
  inTransaction(t.app.database.db, (tx) =>
    postEntry(tx, {
      kind: 'deposit',
      reference: 'test:deposit',
      userId,
      lines: [
        { account: { kind: 'platform.bank' }, amount: `-${amount}` },
        { account: { kind: 'customer.cash', userId }, amount },
      ],
    }),
  );

describe('ledger', () => {
  it('a deposit of 1,000.10 credits the cash account and the entry balances', async () => {
    await deposit('1000.10');
    const balances = await customerBalances(t.app.database.db, userId);
    expect(balances.cash.available.toFixed(2)).toBe('1000.10');
    const report = await verifyLedgerInvariants(t.app.database.db);
    expect(report.checks.every((c) => c.ok)).toBe(true);
    expect(report.entries).toBe(1);
  });

  it('refuses an entry whose lines do not sum to zero, and writes nothing', async () => {
    await expect(
      inTransaction(t.app.database.db, (tx) =>
        postEntry(tx, {
          kind: 'broken',
          reference: 'test:broken',
          lines: [
            { account: { kind: 'platform.bank' }, amount: '-10.00' },
            { account: { kind: 'customer.cash', userId }, amount: '9.99' },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
    expect((await verifyLedgerInvariants(t.app.database.db)).entries).toBe(1);
  });

  it('refuses a cent more than the cash balance, so cash never goes below zero', async () => {
    await expect(
      inTransaction(t.app.database.db, (tx) =>
        postEntry(tx, {
          kind: 'withdrawal',
          reference: 'test:withdrawal',
          userId,
          lines: [
            { account: { kind: 'customer.cash', userId }, amount: '-1000.11' },
            { account: { kind: 'platform.bank' }, amount: '1000.11' },
          ],
        }),
      ),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    const cash = await inTransaction(t.app.database.db, (tx) => lockBalance(tx, { kind: 'customer.cash', userId }));
    expect(cash.toFixed(2)).toBe('1000.10');
  });

  it('refuses euro amounts with fractions of a cent', async () => {
    await expect(deposit('0.001')).rejects.toThrow(/decimals/);
  });
});
