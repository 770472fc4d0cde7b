// A withdrawal is confirmed with the customer's strongest factor and the confirmation is bound to its
// amount and payee IBAN: an app code, an SMS code or a passkey's assertion made for one withdrawal does not
// move another amount or pay another IBAN, a confirmation of a change of IBAN moves no money, and a
// confirmation moves money once.

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payloadHash } from '../../lib/one-time-code/codes';
import { type EnrolledApp, enrolAuthenticator } from '../../test/authenticator-scene';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { delivered, deliveredCode } from '../../test/outbox';
import { passkeyBorrower } from '../../test/passkey-scene';
import { writeTab } from '../profile/service';
import { withdrawalPayload, withdrawalPayloadHashSql } from './withdrawal-confirmation';

let f: MoneyFixture;
const WITHDRAW = '/api/v1/cash/withdrawals/';
const later = (seconds: number) => {
  f.clock.now = new Date(f.clock.now.getTime() + seconds * 1000);
};

beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

async function cash(who: Investor) {
  return (await f.get(who.session, '/api/v1/cash/')).json().available as string;
}

describe('a withdrawal confirmed by SMS', () => {
  const PHONE = '+393409876501';
  let who: Investor;
  beforeAll(async () => {
    who = await f.investor();
    await f.deposit(who, '1000.00');
    await writeTab(f.t.database.db, who.id, 'phone', { phone: PHONE, verified: true });
  });

  it('answers 202 with what is confirmed, moves nothing, and the SMS states amount and masked IBAN', async () => {
    const res = await f.post(who.session, WITHDRAW, { amount: '250' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      factor: 'sms',
      confirming: { amount: '250.00', iban: 'IT60 •••• •••• 3456', value: null },
    });
    expect(res.json().detail).toContain('€250.00');
    const [sms] = await delivered(f.app, PHONE, 'withdrawal-code');
    expect(sms!.text).toContain('€250.00');
    expect(sms!.text).toContain('IT60 •••• •••• 3456');
    expect(await cash(who)).toBe('1000.00');
  });

  it('a code for 250 does not withdraw 900, and then withdraws 250 once', async () => {
    const asked = (await f.post(who.session, WITHDRAW, { amount: '250' })).json();
    const code = await deliveredCode(f.app, PHONE, 'withdrawal-code');
    const other = await f.post(who.session, WITHDRAW, {
      amount: '900',
      confirmation: { signature_id: asked.signature_id, code },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('CONFIRMATION_MISMATCH');
    expect(await cash(who)).toBe('1000.00');
    const right = await f.post(who.session, WITHDRAW, {
      amount: '250',
      confirmation: { signature_id: asked.signature_id },
    });
    expect(right.statusCode).toBe(201);
    expect(await cash(who)).toBe('750.00');
    const again = await f.post(who.session, WITHDRAW, {
      amount: '250',
      confirmation: { signature_id: asked.signature_id, code },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SIGNATURE_USED');
    expect(await cash(who)).toBe('750.00');
  });

  it('a wrong code is refused and counted; without a confirmation nothing moves', async () => {
    const asked = (await f.post(who.session, WITHDRAW, { amount: '10' })).json();
    const wrong = await f.post(who.session, WITHDRAW, {
      amount: '10',
      confirmation: { signature_id: asked.signature_id, code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(['ONE_TIME_CODE_INVALID']).toContain(wrong.json().code);
    const unsigned = await f.post(who.session, WITHDRAW, {
      amount: '10',
      confirmation: { signature_id: asked.signature_id },
    });
    expect(unsigned.json().code).toBe('SIGNATURE_FAILED');
    expect(await cash(who)).toBe('750.00');
  });

  it('a confirmation is refused once the payee IBAN changed', async () => {
    const asked = (await f.post(who.session, WITHDRAW, { amount: '20' })).json();
    const code = await deliveredCode(f.app, PHONE, 'withdrawal-code');
    await writeTab(f.t.database.db, who.id, 'bank-account', {
      iban: 'IT42L1234512345123456789012',
      holder_name: 'Maria Rossi',
    });
    const res = await f.post(who.session, WITHDRAW, {
      amount: '20',
      confirmation: { signature_id: asked.signature_id, code },
    });
    expect(res.json().code).toBe('CONFIRMATION_MISMATCH');
    expect(await cash(who)).toBe('750.00');
  });
});

describe('a withdrawal confirmed with the authenticator app', () => {
  let who: Investor;
  let totp: EnrolledApp['totp'];
  beforeAll(async () => {
    who = await f.investor();
    await f.deposit(who, '1000.00');
    ({ totp } = await enrolAuthenticator(f, who));
  });

  it('a code typed for one withdrawal does not confirm another; the right one withdraws once', async () => {
    const first = (await f.post(who.session, WITHDRAW, { amount: '100' })).json();
    const second = (await f.post(who.session, WITHDRAW, { amount: '300' })).json();
    expect(first).toMatchObject({ factor: 'authenticator', confirming: { amount: '100.00' } });
    expect(first.challenge).not.toBe(second.challenge);
    const code = await totp();
    // The code and challenge shown for the 100 sent with the 300's signature.
    const crossed = await f.post(who.session, WITHDRAW, {
      amount: '300',
      confirmation: { signature_id: second.signature_id, code, challenge: first.challenge },
    });
    expect(crossed.json().code).toBe('CONFIRMATION_MISMATCH');
    const key = 'sca-app-once';
    const done = await f.post(
      who.session,
      WITHDRAW,
      { amount: '100', confirmation: { signature_id: first.signature_id, code, challenge: first.challenge } },
      key,
    );
    expect(done.statusCode).toBe(201);
    // The same request retried: the first answer; the same code for another signature: a replay.
    const retried = await f.post(
      who.session,
      WITHDRAW,
      { amount: '100', confirmation: { signature_id: first.signature_id, code, challenge: first.challenge } },
      key,
    );
    expect(retried.statusCode).toBe(201);
    expect(retried.json().id).toBe(done.json().id);
    const replay = await f.post(who.session, WITHDRAW, {
      amount: '300',
      confirmation: { signature_id: second.signature_id, code, challenge: second.challenge },
    });
    expect(replay.statusCode).toBe(400);
    expect(await cash(who)).toBe('900.00');
  });

  it('a confirmation of an IBAN change does not withdraw', async () => {
    later(30);
    const change = await f.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/bank-account/',
      headers: { ...who.session.headers, 'accept-language': 'en' },
      payload: { iban: 'IT42L1234512345123456789012', holder_name: 'Maria Rossi' },
    });
    expect(change.statusCode).toBe(202);
    const code = await totp();
    const res = await f.post(who.session, WITHDRAW, {
      amount: '100',
      confirmation: { signature_id: change.json().signature_id, code, challenge: change.json().challenge },
    });
    expect(res.json().code).toBe('SIGNATURE_FAILED');
    expect(await cash(who)).toBe('900.00');
  });
});

describe('a withdrawal confirmed with a passkey', () => {
  it('an assertion over one withdrawal does not confirm another', async () => {
    const bond = await f.productId('obbligazionario-euro-protetto-2031');
    const who = await passkeyBorrower(f, bond);
    await f.deposit(who.investor, '500.00');
    const first = (await f.post(who.investor.session, WITHDRAW, { amount: '50' })).json();
    const second = (await f.post(who.investor.session, WITHDRAW, { amount: '60' })).json();
    expect(first.factor).toBe('passkey');
    const assertion = who.passkey.assert(first.passkey.options);
    const crossed = await f.post(who.investor.session, WITHDRAW, {
      amount: '60',
      confirmation: { signature_id: second.signature_id, assertion },
    });
    expect(crossed.statusCode).toBe(400);
    const done = await f.post(who.investor.session, WITHDRAW, {
      amount: '50',
      confirmation: { signature_id: first.signature_id, assertion: who.passkey.assert(first.passkey.options) },
    });
    expect(done.statusCode).toBe(201);
  });
});

it('the database hashes a withdrawal’s terms exactly as payloadHash does', async () => {
  const who = await f.investor();
  for (const amount of ['1.00', '0.01', '123456.78']) {
    const result = await f.t.database.db.execute(sql`select ${withdrawalPayloadHashSql(amount, who.id)} as hash`);
    const [row] = (result as unknown as { rows: Array<{ hash: string }> }).rows;
    expect(row!.hash).toBe(payloadHash(withdrawalPayload(amount, 'IT60X0542811101000000123456')));
  }
});
