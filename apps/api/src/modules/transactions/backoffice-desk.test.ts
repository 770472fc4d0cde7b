// The operator's money desk as its lists show it: every recorded incoming transfer (a deposit to cash, or
// the investment it paid for) under the incoming transfers; the account each withdrawal is paid to, and
// no payout while the customer's changed IBAN waits for review. The IBAN reaches no log line nor audit entry.

import { kycStepDecisionPath } from '@lombard/shared/kyc-review-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { changeIbanConfirmed, withdrawConfirmed } from '../../test/withdrawals';

const TRANSFERS = '/api/v1/backoffice/transfers/';
const WITHDRAWALS = '/api/v1/backoffice/withdrawals/';
const FIRST_IBAN = 'IT60X0542811101000000123456';
const NEW_IBAN = 'IT40S0542811101000000123456';

let f: MoneyFixture;
const lines: string[] = [];

beforeAll(async () => {
  f = await moneyFixture({
    env: { LOG_LEVEL: 'trace' },
    logStream: { write: (line: string) => void lines.push(line) },
  });
});
afterAll(() => f.t.close());

type Row = {
  id: number;
  type: string;
  status: string;
  amount: string;
  reference_code: string;
  payer_name: string | null;
  value_date: string | null;
  user: { id: number };
  payout_account?: { iban: string; holder_name: string; bank_name: string | null } | null;
};
async function listed(url: string) {
  const res = await f.get(f.admin, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; results: Row[] };
}
const transfersOf = async (who: Investor) => (await listed(`${TRANSFERS}?user=${who.id}`)).results;

describe('incoming transfers', () => {
  it('lists a transfer that paid for a waiting investment, as well as one credited to cash', async () => {
    const lead = await f.investor();
    const bond = await f.productId('obbligazionario-euro-protetto-2031');
    const order = (
      await f.post(lead.session, `/api/v1/products/${bond}/invest/`, {
        amount: '6000',
        payment_method: 'bank_transfer',
      })
    ).json();
    // Waiting for its money: no transfer yet.
    expect(await transfersOf(lead)).toEqual([]);

    const funded = await f.post(f.admin, TRANSFERS, {
      reference_code: order.reference_code,
      amount: '6000.00',
      value_date: '2026-02-10',
      payer_name: 'Maria Rossi',
    });
    expect(funded.json().outcome).toBe('order_funded');
    const cash = (await f.get(lead.session, '/api/v1/cash/')).json();
    const credited = await f.post(f.admin, TRANSFERS, {
      reference_code: cash.deposit_instructions.reference_code,
      amount: '250.00',
      value_date: '2026-02-03',
      payer_name: 'Maria Rossi',
    });
    expect(credited.json().outcome).toBe('cash_credited');

    // Newest value date first: the transfer recorded for the order leads although its order is older.
    expect(await transfersOf(lead)).toMatchObject([
      {
        id: order.id,
        type: 'invest',
        status: 'submitted',
        amount: '6000.00',
        reference_code: order.reference_code,
        payer_name: 'Maria Rossi',
        value_date: '2026-02-10',
      },
      { type: 'deposit', status: 'executed', amount: '250.00', value_date: '2026-02-03' },
    ]);
    // Found by the reference the payer quoted, as an operator looks for it.
    const found = await listed(`${TRANSFERS}?search=${order.reference_code}`);
    expect(found.results.map((row) => row.id)).toEqual([order.id]);
  });

  it('shows a withdrawal nowhere among them', async () => {
    const investor = await f.investor();
    await f.deposit(investor, '300.00');
    await withdrawConfirmed(f, investor, '100');
    expect((await transfersOf(investor)).map((row) => row.type)).toEqual(['deposit']);
  });
});

describe('withdrawals to pay out', () => {
  it('name the approved account each is paid to, and none while a changed IBAN waits for review', async () => {
    const investor = await f.investor();
    await f.deposit(investor, '1000.00');
    const waiting = (await withdrawConfirmed(f, investor, '400')).json();
    const row = async () => (await listed(`${WITHDRAWALS}?user=${investor.id}`)).results[0]!;
    expect((await row()).payout_account).toEqual({
      iban: FIRST_IBAN,
      holder_name: 'Maria Rossi',
      bank_name: null,
    });

    // The customer changes the IBAN after asking: it goes back to review, and nothing may be paid out.
    const changed = await changeIbanConfirmed(f, investor, NEW_IBAN);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await row()).payout_account).toBeNull();
    const refused = await f.post(f.admin, `${WITHDRAWALS}${waiting.id}/execute/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'WITHDRAWAL_PAYOUT_ACCOUNT_UNAPPROVED',
      detail:
        'The customer has no approved bank account (a changed IBAN is waiting for review): approve it in KYC reviews before paying out this withdrawal.',
    });
    expect((await row()).status).toBe('submitted');

    const approved = await f.post(f.admin, kycStepDecisionPath(investor.id, 'bank-account', 'approve'));
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await row()).payout_account?.iban).toBe(NEW_IBAN);
    const paid = await f.post(f.admin, `${WITHDRAWALS}${waiting.id}/execute/`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe('executed');

    // The operator reads the IBAN; no log line and no audit entry holds it.
    const audit = (await f.get(f.admin, `/api/v1/backoffice/audit-log/?object_id=${waiting.id}&action=execute`)).json();
    expect(audit.count).toBe(1);
    expect(JSON.stringify(audit)).not.toContain(NEW_IBAN.slice(5));
    expect(lines.length).toBeGreaterThan(0);
    for (const iban of [FIRST_IBAN, NEW_IBAN]) {
      expect(lines.filter((line) => line.includes(iban.slice(5)))).toEqual([]);
    }
  });
});
