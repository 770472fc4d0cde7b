// A property of the whole system: whatever sequence of deposits, investments, settlements, sales,
// withdrawals, payouts and cancellations a customer and the operator go through, every ledger invariant
// holds, cash never goes below zero, and the customer's money is conserved: what they hold in cash equals
// what came in, less what went out to the bank or into funds, plus what sales paid back.

import Decimal from 'decimal.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { withdrawConfirmed } from '../../test/withdrawals';
import { verifyBooks } from '../advances/service';

let f: MoneyFixture;
let bond: number;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  f = await moneyFixture();
  bond = await f.productId('obbligazionario-euro-protetto-2031'); // min 5,000, no holding period
});
afterAll(() => f.t.close());

type Command =
  | { kind: 'deposit'; amount: number }
  | { kind: 'invest'; amount: number }
  | { kind: 'settle' }
  | { kind: 'disinvest'; share: number }
  | { kind: 'withdraw'; amount: number }
  | { kind: 'payout' }
  | { kind: 'cancel' }
  | { kind: 'nextDay' };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 100, max: 20_000 }) }),
  fc.record({ kind: fc.constant('invest' as const), amount: fc.integer({ min: 5_001, max: 12_000 }) }),
  fc.constant({ kind: 'settle' as const }),
  fc.record({ kind: fc.constant('disinvest' as const), share: fc.double({ min: 0.05, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 1, max: 8_000 }) }),
  fc.constant({ kind: 'payout' as const }),
  fc.constant({ kind: 'cancel' as const }),
  fc.constant({ kind: 'nextDay' as const }),
);

interface Row {
  id: number;
  type: string;
  status: string;
  amount: string | null;
}

async function rows(who: Investor): Promise<Row[]> {
  return (await f.get(who.session, '/api/v1/transactions/?per_page=100')).json().results;
}

async function run(who: Investor, step: Command) {
  switch (step.kind) {
    case 'deposit':
      return f.deposit(who, step.amount.toFixed(2));
    case 'invest':
      return f.post(who.session, `/api/v1/products/${bond}/invest/`, {
        amount: step.amount.toFixed(2),
        payment_method: 'cash',
      });
    case 'settle': {
      const ids = (await rows(who)).filter((r) => r.status === 'submitted' && r.type.endsWith('vest')).map((r) => r.id);
      return ids.length ? f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids }) : undefined;
    }
    case 'disinvest': {
      const position = (await f.get(who.session, '/api/v1/wallet/')).json().positions[0];
      if (!position) return;
      const units = new Decimal(position.available_units).mul(step.share).toDecimalPlaces(6, Decimal.ROUND_DOWN);
      return units.gt(0)
        ? f.post(who.session, `/api/v1/products/${bond}/disinvest/`, { units: units.toFixed(6) })
        : undefined;
    }
    case 'withdraw':
      return withdrawConfirmed(f, who, step.amount.toFixed(2));
    case 'payout': {
      const waiting = (await rows(who)).find((r) => r.type === 'withdrawal' && r.status === 'submitted');
      return waiting ? f.post(f.admin, `/api/v1/backoffice/withdrawals/${waiting.id}/execute/`) : undefined;
    }
    case 'cancel': {
      const waiting = (await rows(who)).find((r) => r.status === 'submitted');
      return waiting ? f.post(who.session, `/api/v1/transactions/${waiting.id}/cancel/`) : undefined;
    }
    case 'nextDay':
      f.clock.now = new Date(f.clock.now.getTime() + 3 * DAY_MS);
  }
}

describe('money is conserved through any sequence of requests', () => {
  it('keeps every invariant and never makes cash negative', async () => {
    const start = f.clock.now;
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 10 }), async (steps) => {
        f.clock.now = start;
        const who = await f.investor();
        for (const step of steps) {
          const res = await run(who, step);
          // Refusals are expected (not enough cash, nothing to sell); a server error never is.
          if (res) expect(res.statusCode).toBeLessThan(500);
        }
        const report = await verifyBooks(f.t.database.db, f.clock.now);
        expect(report.checks.filter((check) => !check.ok)).toEqual([]);
        const cash = (await f.get(who.session, '/api/v1/cash/')).json();
        expect(Number(cash.available)).toBeGreaterThanOrEqual(0);
        const all = await rows(who);
        const sum = (type: string) =>
          all
            .filter((r) => r.type === type && r.status === 'executed')
            .reduce((total, r) => total.plus(r.amount ?? 0), new Decimal(0));
        const inflow = sum('deposit').plus(sum('disinvest'));
        const outflow = sum('withdrawal').plus(sum('invest'));
        expect(new Decimal(cash.balance).toFixed(2)).toBe(inflow.minus(outflow).toFixed(2));
      }),
      { numRuns: 25 },
    );
    f.clock.now = start;
  }, 120_000);
});
