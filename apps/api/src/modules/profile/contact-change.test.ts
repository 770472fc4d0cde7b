// A change of e-mail or of phone number is confirmed with the customer's strongest factor, bound to the new
// address or number: the first request answers 202 and sends nothing; a confirmation of another act or of
// another address is refused; a confirmation is used once. The new number still proves itself with its own
// code, the verified one staying the SMS factor until then; the new address still gets its link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, TEST_PASSWORD } from '../../test/auth';
import { type EnrolledApp, enrolAuthenticator } from '../../test/authenticator-scene';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { delivered, deliveredCode } from '../../test/outbox';
import { enrolPasskey } from '../../test/passkey-scene';
import { softPasskey } from '../../test/webauthn';
import { writeTab } from './service';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

const later = (seconds: number) => {
  f.clock.now = new Date(f.clock.now.getTime() + seconds * 1000);
};
const PHONE_URL = '/api/v1/profile/phone-number/';
const sendPhone = (who: Investor, payload: object) => f.post(who.session, PHONE_URL, payload, null);
const changeEmail = (who: Investor, payload: object) =>
  f.app.inject({
    method: 'PATCH',
    url: '/api/account/email/change/',
    headers: { ...who.session.headers, 'accept-language': 'en' },
    payload: { password: TEST_PASSWORD, ...payload },
  });
const emailTo = (address: string) => ({ new_email: address, new_email_confirm: address });
const phoneTab = async (who: Investor) => (await f.get(who.session, '/api/v1/profile/')).json().phone;

describe('a change of phone number confirmed by SMS to the verified number', () => {
  const OLD = '+393401110001';
  let who: Investor;
  beforeAll(async () => {
    who = await f.investor();
    await writeTab(f.t.database.db, who.id, 'phone', { phone: OLD, verified: true });
  });

  it('answers 202 naming the new number, texts the old one, and sends the new one nothing yet', async () => {
    expect((await f.get(who.session, '/api/v1/signatures/factor/')).json()).toEqual({ factor: 'sms' });
    const res = await sendPhone(who, { phone: '+39 340 111 0002' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ factor: 'sms', confirming: { value: '+393401110002' } });
    expect(res.json().detail).toContain('+393401110002');
    const [sms] = await delivered(f.app, OLD, 'phone-change-code');
    expect(sms!.text).toContain('+393401110002');
    expect(await delivered(f.app, '+393401110002')).toHaveLength(0);
    expect(await phoneTab(who)).toEqual({ phone: OLD, verified: true });
  });

  it('a code for one new number does not change to another; the right one sends the new number its code', async () => {
    later(61);
    const asked = (await sendPhone(who, { phone: '+393401110003' })).json();
    const code = await deliveredCode(f.app, OLD, 'phone-change-code');
    const other = await sendPhone(who, {
      phone: '+393401119999',
      confirmation: { signature_id: asked.signature_id, code },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('CONFIRMATION_MISMATCH');
    expect(await delivered(f.app, '+393401119999')).toHaveLength(0);

    const right = await sendPhone(who, {
      phone: '+393401110003',
      confirmation: { signature_id: asked.signature_id, code },
    });
    expect(right.statusCode).toBe(200);
    // The old number stays verified (and the SMS factor) until the new one's code is typed.
    expect(await phoneTab(who)).toEqual({ phone: OLD, verified: true, changing_to: '+393401110003' });
    // Another code to the same new number needs no new confirmation.
    later(61);
    expect((await sendPhone(who, { phone: '+393401110003' })).statusCode).toBe(200);
    const proof = await deliveredCode(f.app, '+393401110003', 'phone_verification');
    const verified = await f.post(who.session, `${PHONE_URL}verify/`, { code: proof }, null);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data).toEqual({ phone: '+393401110003', verified: true });
  });

  it('a confirmation is used once', async () => {
    later(61);
    const asked = (await sendPhone(who, { phone: '+393401110004' })).json();
    const code = await deliveredCode(f.app, '+393401110003', 'phone-change-code');
    const confirmation = { signature_id: asked.signature_id, code };
    expect((await sendPhone(who, { phone: '+393401110004', confirmation })).statusCode).toBe(200);
    // Given up (the verified number again: a code to it, past the hour's three), then tried again with the
    // used confirmation.
    later(3601);
    expect((await sendPhone(who, { phone: '+393401110003' })).statusCode).toBe(200);
    expect(await phoneTab(who)).toEqual({ phone: '+393401110003', verified: true });
    const again = await sendPhone(who, { phone: '+393401110004', confirmation: { signature_id: asked.signature_id } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SIGNATURE_USED');
  });

  it('a first number needs no confirmation', async () => {
    const fresh = await f.investor();
    expect((await sendPhone(fresh, { phone: '+393401110010' })).statusCode).toBe(200);
  });
});

describe('a change of e-mail confirmed with the authenticator app', () => {
  let who: Investor;
  let totp: EnrolledApp['totp'];
  beforeAll(async () => {
    who = await f.investor();
    await writeTab(f.t.database.db, who.id, 'phone', { phone: '+393401110020', verified: true });
    ({ totp } = await enrolAuthenticator(f, who));
  });

  it('answers 202 with the new address and sends no e-mail nor SMS', async () => {
    later(30);
    const res = await changeEmail(who, emailTo('maria.new@example.test'));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ factor: 'authenticator', confirming: { value: 'maria.new@example.test' } });
    // The factor, known before anything is asked (the screens' start button names it).
    expect((await f.get(who.session, '/api/v1/signatures/factor/')).json()).toEqual({ factor: 'authenticator' });
    expect(res.json().detail).toContain('maria.new@example.test');
    expect(await delivered(f.app, 'maria.new@example.test')).toHaveLength(0);
    expect(await delivered(f.app, who.email)).toHaveLength(0);
    expect(await delivered(f.app, '+393401110020')).toHaveLength(0);
    // Still signed in: nothing was done.
    expect((await f.get(who.session, '/api/account/me/')).statusCode).toBe(200);
  });

  it('refuses a code typed for another act, and a confirmation for another address', async () => {
    later(30);
    const email = (await changeEmail(who, emailTo('maria.new@example.test'))).json();
    const phone = (await sendPhone(who, { phone: '+393401110021' })).json();
    expect(phone.factor).toBe('authenticator');
    // The app's code with the phone change's challenge: typed for the other act.
    const crossed = await changeEmail(who, {
      ...emailTo('maria.new@example.test'),
      confirmation: { signature_id: email.signature_id, code: await totp(), challenge: phone.challenge },
    });
    expect(crossed.json().code).toBe('CONFIRMATION_MISMATCH');
    // The phone change's own confirmation, sent with the e-mail change.
    later(30);
    const otherAct = await changeEmail(who, {
      ...emailTo('maria.new@example.test'),
      confirmation: { signature_id: phone.signature_id, code: await totp(), challenge: phone.challenge },
    });
    expect(otherAct.json().code).toBe('SIGNATURE_FAILED');
    // The e-mail change's confirmation, sent with another address.
    later(30);
    const otherAddress = await changeEmail(who, {
      ...emailTo('thief@example.test'),
      confirmation: { signature_id: email.signature_id, code: await totp(), challenge: email.challenge },
    });
    expect(otherAddress.statusCode).toBe(400);
    expect(otherAddress.json().code).toBe('CONFIRMATION_MISMATCH');
    expect(await delivered(f.app, 'thief@example.test')).toHaveLength(0);
    expect((await f.get(who.session, '/api/account/me/')).statusCode).toBe(200);
  });

  it('the right code sends the link to the new address, ends the sessions, and works once', async () => {
    later(30);
    const asked = (await changeEmail(who, emailTo('maria.new@example.test'))).json();
    const confirmation = { signature_id: asked.signature_id, code: await totp(), challenge: asked.challenge };
    const done = await changeEmail(who, { ...emailTo('maria.new@example.test'), confirmation });
    expect(done.statusCode).toBe(200);
    expect(await delivered(f.app, 'maria.new@example.test', 'email_change_confirm')).toHaveLength(1);
    expect((await f.get(who.session, '/api/account/me/')).statusCode).toBe(401);
    // Signed in again (the old address works until the link is opened), the used confirmation is refused.
    const again = { ...who, session: await loginAs(f.app, who.email) };
    const reused = await changeEmail(again, {
      ...emailTo('maria.new@example.test'),
      confirmation: { signature_id: asked.signature_id },
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('SIGNATURE_USED');
    expect(await delivered(f.app, 'maria.new@example.test', 'email_change_confirm')).toHaveLength(1);
  });
});

describe('a change confirmed with a passkey', () => {
  it('an assertion over the e-mail change does not change the phone; over the phone change it does', async () => {
    const who = await f.investor();
    const phone = '+393401110030';
    await writeTab(f.t.database.db, who.id, 'phone', { phone, verified: true });
    const passkey = softPasskey({ rpId: f.app.config.webauthn.rpId, origin: f.app.config.webauthn.origin });
    expect((await enrolPasskey(f, who, phone, passkey)).statusCode).toBe(201);
    const email = (await changeEmail(who, emailTo('passkey.new@example.test'))).json();
    const asked = (await sendPhone(who, { phone: '+393401110031' })).json();
    expect(asked.factor).toBe('passkey');
    const crossed = await sendPhone(who, {
      phone: '+393401110031',
      confirmation: { signature_id: asked.signature_id, assertion: passkey.assert(email.passkey.options) },
    });
    expect(crossed.statusCode).toBe(400);
    expect(await delivered(f.app, '+393401110031')).toHaveLength(0);
    const done = await sendPhone(who, {
      phone: '+393401110031',
      confirmation: { signature_id: asked.signature_id, assertion: passkey.assert(asked.passkey.options) },
    });
    expect(done.statusCode).toBe(200);
    expect(await delivered(f.app, '+393401110031', 'phone_verification')).toHaveLength(1);
  });

  it('a customer with no factor changes the e-mail as before: the link alone', async () => {
    const who = await f.investor();
    const res = await changeEmail(who, emailTo('nofactor.new@example.test'));
    expect(res.statusCode).toBe(200);
    expect(await delivered(f.app, 'nofactor.new@example.test', 'email_change_confirm')).toHaveLength(1);
  });
});
