// The same order, confirmed with a passkey, sent eight times at once under one Idempotency-Key (a
// double-tap, a retry while the first is still running): exactly one order is placed and its cash reserved
// once; each copy gets that order's answer (the key's claim waits for the first) or, when it found the
// assertion spent before the first had claimed the key, the refusal as used. Many rounds, on PostgreSQL.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { enrolPasskey } from '../../test/passkey-scene';
import { type SoftPasskey, softPasskey } from '../../test/webauthn';
import { customerBalances } from '../ledger/service';
import { writeTab } from '../profile/service';

describe.runIf(process.env.DATABASE_URL)('one passkey-confirmed order sent at once on PostgreSQL', () => {
  const PHONE = '+393401234622';
  let f: MoneyFixture;
  let equity: number;
  let novice: Investor;
  let passkey: SoftPasskey;

  beforeAll(async () => {
    f = await moneyFixture();
    equity = await f.productId('azionario-globale-sostenibile');
    novice = await f.investor({ mifid: false });
    await f.deposit(novice, '100000.00');
    await writeTab(f.t.database.db, novice.id, 'phone', { phone: PHONE, verified: true });
    passkey = softPasskey({ rpId: f.t.app.config.webauthn.rpId, origin: f.t.app.config.webauthn.origin });
    expect((await enrolPasskey(f, novice, PHONE, passkey)).statusCode).toBe(201);
  });
  afterAll(() => f.t.close());

  it('places the order once out of eight, six rounds over', async () => {
    for (let round = 0; round < 6; round++) {
      const order = { amount: String(5000 + round * 100), payment_method: 'cash' };
      const asked = (await f.post(novice.session, `/api/v1/products/${equity}/invest/signature/`, order)).json();
      expect(asked.factor).toBe('passkey');
      const body = {
        ...order,
        signature: { document_id: asked.document_id, assertion: passkey.assert(asked.passkey.options) },
      };
      const before = (await customerBalances(f.t.database.db, novice.id)).cash.available;
      const key = randomUUID();
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => f.post(novice.session, `/api/v1/products/${equity}/invest/`, body, key)),
      );
      const placed = answers.filter((answer) => answer.statusCode === 201);
      expect(placed.length).toBeGreaterThanOrEqual(1);
      expect(new Set(placed.map((answer) => answer.json().id)).size).toBe(1);
      for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
        expect(refused.statusCode).toBe(409);
        expect(refused.json().code).toBe('PASSKEY_ASSERTION_USED');
      }
      const after = (await customerBalances(f.t.database.db, novice.id)).cash.available;
      expect(new Decimal(before).minus(after).toFixed(2)).toBe(new Decimal(order.amount).toFixed(2));
    }
  }, 240_000);
});
