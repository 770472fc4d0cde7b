// Dynamic linking with the authenticator app: an order signed past the MiFID warning by a customer who has
// one is confirmed with the app's code and the challenge of that order only; no SMS goes out; a code typed
// for one order does not sign another, a used 30-second step is refused, a recovery code works once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EnrolledApp, enrolAuthenticator } from '../../test/authenticator-scene';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { delivered, deliveredCode } from '../../test/outbox';

let f: MoneyFixture;
let equity: number;
let novice: Investor;
let totp: EnrolledApp['totp'];
let recovery: string[] = [];
/** An order's SMS confirmation asked for before the authenticator was enrolled. */
let bySms: { document_id: number; code: string };
const PHONE = '+393401234599';

const ask = (amount: string) =>
  f.post(novice.session, `/api/v1/products/${equity}/invest/signature/`, { amount, payment_method: 'cash' });
const invest = (amount: string, signature: object) =>
  f.post(novice.session, `/api/v1/products/${equity}/invest/`, { amount, payment_method: 'cash', signature });

beforeAll(async () => {
  f = await moneyFixture();
  equity = await f.productId('azionario-globale-sostenibile');
  novice = await f.investor({ mifid: false });
  await f.deposit(novice, '30000.00');
  const { writeTab } = await import('../profile/service');
  await writeTab(f.t.database.db, novice.id, 'phone', { phone: PHONE, verified: true });
  const asked = (await ask('5500')).json();
  bySms = { document_id: asked.document_id, code: await deliveredCode(f.app, PHONE, 'order-signature') };
  const app = await enrolAuthenticator(f, novice);
  totp = app.totp;
  recovery = app.recoveryCodes;
});
afterAll(() => f.t.close());

describe('an order confirmed with the authenticator app', () => {
  let first: { document_id: number; challenge: string };
  let second: { document_id: number; challenge: string };

  it('asks for the app’s code and the order’s challenge, and sends no SMS', async () => {
    const res = await ask('6000');
    expect(res.statusCode).toBe(200);
    first = res.json();
    expect(res.json()).toMatchObject({ factor: 'authenticator', challenge: expect.stringMatching(/^[0-9A-F]{8}$/) });
    expect(res.json().detail).toContain(first.challenge);
    // The screen names the act: what, and how much.
    expect(res.json().detail).toContain('€6,000.00');
    // A double-click answers with the same confirmation.
    expect((await ask('6000')).json()).toMatchObject({ document_id: first.document_id, challenge: first.challenge });
    second = (await ask('7000')).json();
    expect(second.challenge).not.toBe(first.challenge);
    // Only the SMS asked for before the enrolment went out.
    expect(await delivered(f.app, PHONE, 'order-signature')).toHaveLength(1);
  });

  it('refuses a code presented with another order’s challenge, and an SMS-less proof', async () => {
    const crossed = await invest('6000', {
      document_id: first.document_id,
      code: await totp(),
      challenge: second.challenge,
    });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().code).toBe('CONFIRMATION_MISMATCH');
    const bare = await invest('6000', { document_id: first.document_id, code: await totp() });
    expect(bare.json().code).toBe('CONFIRMATION_MISMATCH');
    // The other order's document with this order's terms: the terms are bound too.
    const swapped = await invest('6000', {
      document_id: second.document_id,
      code: await totp(),
      challenge: second.challenge,
    });
    expect(swapped.json().code).toBe('SIGNATURE_FAILED');
  });

  it('no longer takes an SMS code asked for before the authenticator was enrolled', async () => {
    const res = await invest('5500', bySms);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CONFIRMATION_MISMATCH');
  });

  it('counts a wrong code, then signs with the right one, once per 30-second step', async () => {
    const right = await totp();
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await invest('6000', { document_id: first.document_id, code: wrong, challenge: first.challenge });
    expect(refused.json()).toMatchObject({ code: 'AUTHENTICATOR_CODE_INVALID' });
    expect(refused.json().detail).toContain('4 attempts');
    const signed = await invest('6000', { document_id: first.document_id, code: right, challenge: first.challenge });
    expect(signed.statusCode).toBe(201);
    const replay = await invest('7000', { document_id: second.document_id, code: right, challenge: second.challenge });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('AUTHENTICATOR_CODE_USED');
  });

  it('takes a recovery code in place of the app, once', async () => {
    const code = recovery[0]!;
    const signed = await invest('7000', {
      document_id: second.document_id,
      recovery_code: code,
      challenge: second.challenge,
    });
    expect(signed.statusCode).toBe(201);
    const third = (await ask('8000')).json();
    const again = await invest('8000', {
      document_id: third.document_id,
      recovery_code: code,
      challenge: third.challenge,
    });
    expect(again.json().code).toBe('AUTHENTICATOR_CODE_INVALID');
    const status = (await f.get(novice.session, '/api/v1/profile/authenticator/')).json();
    expect(status.recovery_codes_left).toBe(9);
  });
});
