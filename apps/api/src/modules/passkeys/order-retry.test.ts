// An order past the MiFID warning confirmed with a passkey, then sent again with the same Idempotency-Key
// (the answer was lost): the retry gets the first answer and places nothing more, as with codes. The spent
// assertion under another key is still refused, and nothing moves.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { enrolPasskey } from '../../test/passkey-scene';
import { type SoftPasskey, softPasskey } from '../../test/webauthn';
import { customerBalances } from '../ledger/service';
import { writeTab } from '../profile/service';

const PHONE = '+393401234611';
let f: MoneyFixture;
let equity: number;
let novice: Investor;
let passkey: SoftPasskey;

beforeAll(async () => {
  f = await moneyFixture();
  equity = await f.productId('azionario-globale-sostenibile');
  novice = await f.investor({ mifid: false });
  await f.deposit(novice, '30000.00');
  await writeTab(f.t.database.db, novice.id, 'phone', { phone: PHONE, verified: true });
  passkey = softPasskey({ rpId: f.t.app.config.webauthn.rpId, origin: f.t.app.config.webauthn.origin });
  expect((await enrolPasskey(f, novice, PHONE, passkey)).statusCode).toBe(201);
});
afterAll(() => f.t.close());

const cashAvailable = async () => (await customerBalances(f.t.database.db, novice.id)).cash.available;

describe('an order confirmed with a passkey, sent again', () => {
  it('answers the retry under the same key with the first answer, and refuses the spent assertion under another', async () => {
    const order = { amount: '6000', payment_method: 'cash' };
    const asked = await f.post(novice.session, `/api/v1/products/${equity}/invest/signature/`, order);
    expect(asked.json()).toMatchObject({ factor: 'passkey', passkey: { fallback: null } });
    const body = {
      ...order,
      signature: { document_id: asked.json().document_id, assertion: passkey.assert(asked.json().passkey.options) },
    };
    const before = await cashAvailable();
    const key = randomUUID();
    const url = `/api/v1/products/${equity}/invest/`;
    const placed = await f.post(novice.session, url, body, key);
    expect(placed.statusCode).toBe(201);

    const retry = await f.post(novice.session, url, body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(placed.json());

    const other = await f.post(novice.session, url, body, randomUUID());
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('PASSKEY_ASSERTION_USED');

    // One order, its cash reserved once.
    expect(before.minus(await cashAvailable()).toFixed(2)).toBe('6000.00');
    const orders = (await f.get(novice.session, '/api/v1/transactions/?page=1&per_page=10')).json();
    expect(orders.results.map((row: { type: string; amount: string }) => [row.type, row.amount])).toEqual([
      ['invest', '6000.00'],
      ['deposit', '30000.00'],
    ]);
  });
});
