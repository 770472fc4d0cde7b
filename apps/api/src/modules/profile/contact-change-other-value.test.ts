// A confirmation of a change of IBAN, e-mail or phone presented with another value than the one it was
// given for is refused as such (CONFIRMATION_MISMATCH, the sentence naming the value it was not given for,
// it and en), and before its proof is looked at: nothing is changed, a right code or passkey assertion is
// not spent (the right request in the same 30 seconds still goes through, with the same code) and wrong
// codes are not counted against the factor (the refusal does not depend on them, so it tells nothing).
import { ONE_TIME_CODE_MAX_ATTEMPTS, TOTP_MAX_ATTEMPTS } from '@lombard/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../test/auth';
import { enrolAuthenticator } from '../../test/authenticator-scene';
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

const inject = (who: Investor, method: 'PUT' | 'PATCH' | 'POST', url: string, payload: object, language = 'en') =>
  f.app.inject({ method, url, headers: { ...who.session.headers, 'accept-language': language }, payload });
const changeEmail = (who: Investor, address: string, confirmation?: object) =>
  inject(who, 'PATCH', '/api/account/email/change/', {
    password: TEST_PASSWORD,
    new_email: address,
    new_email_confirm: address,
    confirmation,
  });
const changePhone = (who: Investor, phone: string, confirmation?: object, language?: string) =>
  inject(who, 'POST', '/api/v1/profile/phone-number/', { phone, confirmation }, language);
const changeIban = (who: Investor, iban: string, confirmation?: object) =>
  inject(who, 'PUT', '/api/v1/profile/bank-account/', { iban, holder_name: 'Maria Rossi', confirmation });

const otherValue = (what: string, value: string) =>
  `This confirmation was given for changing ${what} to another one, not to ${value}: nothing has been changed. ` +
  `To change it to ${value}, ask for this change and confirm it.`;

async function customer(phone: string) {
  const who = await f.investor();
  await writeTab(f.t.database.db, who.id, 'phone', { phone, verified: true });
  return who;
}

describe('a confirmation presented with another value', () => {
  it('e-mail by the app: named, nothing sent; the same code then changes the right address', async () => {
    const who = await customer('+393401120001');
    const { totp } = await enrolAuthenticator(f, who);
    const asked = (await changeEmail(who, 'mine@example.test')).json();
    const confirmation = { signature_id: asked.signature_id, code: await totp(), challenge: asked.challenge };
    const other = await changeEmail(who, 'thief@example.test', confirmation);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({
      code: 'CONFIRMATION_MISMATCH',
      detail: otherValue('the e-mail address', 'thief@example.test'),
    });
    expect(await delivered(f.app, 'thief@example.test')).toHaveLength(0);
    expect((await f.get(who.session, '/api/account/me/')).statusCode).toBe(200);
    // Same clock, same 30-second step: the code was not spent on the refused request.
    const done = await changeEmail(who, 'mine@example.test', confirmation);
    expect(done.statusCode).toBe(200);
    expect(await delivered(f.app, 'mine@example.test', 'email_change_confirm')).toHaveLength(1);
  });

  it('phone by the app: wrong codes sent with another number are not counted, and it says so in Italian', async () => {
    const who = await customer('+393401120002');
    const { totp } = await enrolAuthenticator(f, who);
    const asked = (await changePhone(who, '+393401120003')).json();
    const bound = { signature_id: asked.signature_id, challenge: asked.challenge };
    for (let i = 0; i < TOTP_MAX_ATTEMPTS; i++) {
      const wrong = await changePhone(who, '+393401120099', { ...bound, code: '000000' });
      expect(wrong.json().code).toBe('CONFIRMATION_MISMATCH');
    }
    const italian = await changePhone(who, '+393401120099', { ...bound, code: await totp() }, 'it');
    expect(italian.json()).toEqual({
      code: 'CONFIRMATION_MISMATCH',
      detail:
        'Questa conferma è stata data per cambiare il numero di telefono in un altro, non in +393401120099: ' +
        'non è stato cambiato nulla. Per cambiarlo in +393401120099 chiedi questa modifica e confermala.',
    });
    expect(await delivered(f.app, '+393401120099')).toHaveLength(0);
    // Not rested after five refusals, and the right code of this step still goes through.
    const done = await changePhone(who, '+393401120003', { ...bound, code: await totp() });
    expect(done.statusCode).toBe(200);
    expect(await delivered(f.app, '+393401120003', 'phone_verification')).toHaveLength(1);
  });

  it('IBAN by SMS: named grouped by four; wrong codes with another IBAN are not counted; the code still works', async () => {
    const phone = '+393401120004';
    const who = await customer(phone);
    const asked = (await changeIban(who, 'IT42L1234512345123456789012')).json();
    expect(asked.factor).toBe('sms');
    const code = await deliveredCode(f.app, phone, 'iban-change-code');
    const other = await changeIban(who, 'IT15L1234512345123456789013', { signature_id: asked.signature_id, code });
    expect(other.json()).toEqual({
      code: 'CONFIRMATION_MISMATCH',
      detail: otherValue('the IBAN', 'IT15 L123 4512 3451 2345 6789 013'),
    });
    for (let i = 0; i < ONE_TIME_CODE_MAX_ATTEMPTS; i++) {
      const wrong = await changeIban(who, 'IT15L1234512345123456789013', {
        signature_id: asked.signature_id,
        code: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.json().code).toBe('CONFIRMATION_MISMATCH');
    }
    const done = await changeIban(who, 'IT42L1234512345123456789012', { signature_id: asked.signature_id, code });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.iban).toBe('IT42L1234512345123456789012');
  });

  it('phone by passkey: the assertion sent with another number is not spent; with the right one it is', async () => {
    const phone = '+393401120005';
    const who = await customer(phone);
    const passkey = softPasskey({ rpId: f.app.config.webauthn.rpId, origin: f.app.config.webauthn.origin });
    expect((await enrolPasskey(f, who, phone, passkey)).statusCode).toBe(201);
    const asked = (await changePhone(who, '+393401120006')).json();
    const confirmation = { signature_id: asked.signature_id, assertion: passkey.assert(asked.passkey.options) };
    const other = await changePhone(who, '+393401120098', confirmation);
    expect(other.json()).toEqual({
      code: 'CONFIRMATION_MISMATCH',
      detail: otherValue('the phone number', '+393401120098'),
    });
    expect((await changePhone(who, '+393401120006', confirmation)).statusCode).toBe(200);
    expect(await delivered(f.app, '+393401120006', 'phone_verification')).toHaveLength(1);
  });

  it('a confirmation given beforehand by the confirm call, sent with another address: named too', async () => {
    const phone = '+393401120007';
    const who = await customer(phone);
    const asked = (await changeEmail(who, 'before@example.test')).json();
    const code = await deliveredCode(f.app, phone, 'email-change-code');
    const confirmed = await f.post(who.session, `/api/v1/signatures/${asked.signature_id}/confirm/`, { code }, null);
    expect(confirmed.statusCode).toBe(204);
    const other = await changeEmail(who, 'other@example.test', { signature_id: asked.signature_id });
    expect(other.json().code).toBe('CONFIRMATION_MISMATCH');
    expect(await delivered(f.app, 'other@example.test')).toHaveLength(0);
    expect((await changeEmail(who, 'before@example.test', { signature_id: asked.signature_id })).statusCode).toBe(200);
  });
});
