// Passkeys through HTTP with a software authenticator (src/test/webauthn.ts) whose answers
// @simplewebauthn/server checks for real: enrolment behind the password and the SMS code, sign-in without
// a password, and an advance contract signed with an assertion over the contract's own challenge only,
// once, from this site only.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOND } from '../../test/active-advance';
import { TEST_PASSWORD } from '../../test/auth';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { issuedAdvance, type PasskeyBorrower, passkeyBorrower } from '../../test/passkey-scene';

let f: MoneyFixture;
let bond: number;
let who: PasskeyBorrower;

beforeAll(async () => {
  f = await moneyFixture();
  bond = await f.productId(BOND);
  who = await passkeyBorrower(f, bond);
});
afterAll(() => f.t.close());

const signInWith = async (assertion: (options: { challenge: string }) => unknown) => {
  const options = (await f.t.app.inject({ method: 'POST', url: '/api/account/token/passkey/options/' })).json().options;
  expect(options).toMatchObject({ userVerification: 'required', rpId: f.t.app.config.webauthn.rpId });
  const response = assertion(options);
  const res = await f.t.app.inject({ method: 'POST', url: '/api/account/token/passkey/', payload: { response } });
  return { res, response };
};

describe('enrolling a passkey', () => {
  it('takes the password and the SMS code, lists the passkey and audits it', async () => {
    const list = (
      await f.t.app.inject({ url: '/api/v1/profile/passkeys/', headers: who.investor.session.headers })
    ).json();
    expect(list.results).toEqual([
      { id: expect.any(Number), name: 'Telefono di lavoro', created_at: expect.any(String), last_used_at: null },
    ]);
    const url = `/api/v1/backoffice/audit-log/?object_id=${who.investor.id}&action=passkey_enrolled`;
    const audit = (await f.get(f.admin, url)).json();
    expect(audit.count).toBe(1);
  });

  it('refuses a wrong password and a registration made for another site', async () => {
    const wrong = await f.post(
      who.investor.session,
      '/api/v1/profile/passkeys/options/',
      { password: 'nope-nope' },
      null,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty('password');
    const forged = await f.post(
      who.investor.session,
      '/api/v1/profile/passkeys/',
      { name: 'Altro', response: who.passkey.register({ challenge: 'AAAA' }, { origin: 'https://lombard.evil' }) },
      null,
    );
    expect(forged.json().code).toBe('PASSKEY_REFUSED');
  });
});

describe('signing in with a passkey', () => {
  it('issues a session without a password, and the same assertion never again', async () => {
    const { res, response } = await signInWith((options) => who.passkey.assert(options));
    expect(res.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${res.json().access}` };
    const list = (await f.t.app.inject({ url: '/api/v1/profile/passkeys/', headers })).json();
    expect(list.results[0].last_used_at).not.toBeNull();
    const replay = await f.t.app.inject({ method: 'POST', url: '/api/account/token/passkey/', payload: { response } });
    expect(replay.json().code).toBe('PASSKEY_CHALLENGE_EXPIRED');
  });

  it('refuses an assertion made on another origin', async () => {
    const { res } = await signInWith((options) => who.passkey.assert(options, { origin: 'https://lombard.evil' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PASSKEY_REFUSED');
  });

  it('refuses an assertion without user verification', async () => {
    const { res } = await signInWith((options) => who.passkey.assert(options, { userVerified: false }));
    expect(res.json().code).toBe('PASSKEY_REFUSED');
  });
});

describe('an advance contract signed with a passkey', () => {
  it('names the act, and only the assertion over its own challenge signs it, once', async () => {
    const id = await issuedAdvance(f, who, bond);
    const asked = (await f.post(who.investor.session, `/api/v1/advances/${id}/signature/`, undefined, null)).json();
    expect(asked).toMatchObject({ factor: 'passkey', passkey: { fallback: null } });
    expect(asked.detail).toContain('€10,000.00');
    expect(asked.detail).toContain(asked.challenge);
    // No SMS goes out: the passkey is the strongest factor.
    const url = `/api/v1/advances/${id}/sign/`;
    // An assertion over another challenge (here a sign-in's) does not sign this contract.
    const other = (await f.t.app.inject({ method: 'POST', url: '/api/account/token/passkey/options/' })).json();
    const crossed = await f.post(who.investor.session, url, { assertion: who.passkey.assert(other.options) }, null);
    expect(crossed.json().code).toBe('CONFIRMATION_MISMATCH');
    const foreign = who.passkey.assert(asked.passkey.options, { origin: 'https://lombard.evil' });
    expect((await f.post(who.investor.session, url, { assertion: foreign }, null)).json().code).toBe('PASSKEY_REFUSED');
    // An SMS-style code is not accepted instead of the passkey (no authenticator app to fall back to).
    const code = await f.post(who.investor.session, url, { code: '123456', challenge: asked.challenge }, null);
    expect(code.json().code).toBe('CONFIRMATION_MISMATCH');

    const assertion = who.passkey.assert(asked.passkey.options);
    const signed = await f.post(who.investor.session, url, { assertion }, null);
    expect(signed.statusCode).toBe(200);
    expect(signed.json().status).toBe(3);
    const replay = await f.post(who.investor.session, url, { assertion }, null);
    // Sent again, it signs nothing more (the race of eight at once is in assertion-race.test.ts).
    expect(replay.statusCode).toBe(409);
  });
});

describe('removing a passkey', () => {
  it('takes the password, and acts are then confirmed by SMS again', async () => {
    const list = (
      await f.t.app.inject({ url: '/api/v1/profile/passkeys/', headers: who.investor.session.headers })
    ).json();
    const url = `/api/v1/profile/passkeys/${list.results[0].id}/remove/`;
    expect((await f.post(who.investor.session, url, { password: 'wrong-password' }, null)).statusCode).toBe(400);
    expect((await f.post(who.investor.session, url, { password: TEST_PASSWORD }, null)).statusCode).toBe(200);
    const after = (
      await f.t.app.inject({ url: '/api/v1/profile/passkeys/', headers: who.investor.session.headers })
    ).json();
    expect(after.results).toEqual([]);
  });
});
