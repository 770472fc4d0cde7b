// A confirmed change of IBAN, e-mail or phone number sent many times at once (a double-click, two tabs, a
// replay by whoever caught the request), on PostgreSQL (PGlite runs one transaction at a time, so only a
// server can show a race). The confirmation is checked and used under its row's lock: exactly one request
// makes the change and sends its message, the others are told the confirmation is used, whatever the
// factor (SMS code, the app's code, a passkey, or a confirmation given beforehand by the confirm call), and
// a request carrying another value is told the confirmation is not for it and changes nothing.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../test/auth';
import { enrolAuthenticator } from '../../test/authenticator-scene';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { delivered, deliveredCode } from '../../test/outbox';
import { enrolPasskey } from '../../test/passkey-scene';
import { softPasskey } from '../../test/webauthn';
import { writeTab } from './service';

type Mode = 'sms' | 'authenticator' | 'passkey' | 'confirm-call';
const MODES: Mode[] = ['sms', 'authenticator', 'passkey', 'confirm-call'];
const AT_ONCE = 8;
const ROUNDS = 12;

/** A change as the customer sends it: its request, the value confirmed and another, and what it made. */
interface Kind {
  purpose: 'iban-change' | 'email-change' | 'phone-change';
  send(who: Investor, value: string, confirmation?: object): Promise<LightMyRequestResponse>;
  values(round: number): { right: string; other: string };
  /** How many times the change was made to `value` (its message sent, or the tab saved with it). */
  made(who: Investor, value: string): Promise<number>;
}

describe.runIf(process.env.DATABASE_URL)('a confirmed change sent at once on PostgreSQL', () => {
  let f: MoneyFixture;
  let phones = 0;
  beforeAll(async () => {
    f = await moneyFixture();
  });
  afterAll(() => f.t.close());

  const newPhone = () => {
    phones += 1;
    return `+39344${String(1_000_000 + phones * 53 + (process.pid % 1000) * 983).padStart(7, '0')}`;
  };

  const iban: Kind = {
    purpose: 'iban-change',
    send: (who, value, confirmation) =>
      f.app.inject({
        method: 'PUT',
        url: '/api/v1/profile/bank-account/',
        headers: { ...who.session.headers, 'accept-language': 'en' },
        payload: { iban: value, holder_name: 'Maria Rossi', ...(confirmation ? { confirmation } : {}) },
      }),
    // The fixture's investors have IT60X0542811101000000123456 approved.
    values: () => ({ right: 'IT42L1234512345123456789012', other: 'IT15L1234512345123456789013' }),
    made: async (who, value) => {
      const saved = (await f.get(who.session, '/api/v1/profile/')).json().bank_account;
      return saved?.iban === value ? 1 : 0;
    },
  };
  const email: Kind = {
    purpose: 'email-change',
    send: (who, value, confirmation) =>
      f.app.inject({
        method: 'PATCH',
        url: '/api/account/email/change/',
        headers: { ...who.session.headers, 'accept-language': 'en' },
        payload: { password: TEST_PASSWORD, new_email: value, new_email_confirm: value, confirmation },
      }),
    values: (round) => ({
      right: `race${round}.${process.pid}@example.test`,
      other: `thief${round}.${process.pid}@example.test`,
    }),
    made: async (_, value) => (await delivered(f.app, value, 'email_change_confirm')).length,
  };
  const phone: Kind = {
    purpose: 'phone-change',
    send: (who, value, confirmation) =>
      f.post(who.session, '/api/v1/profile/phone-number/', { phone: value, confirmation }, null),
    values: () => ({ right: newPhone(), other: newPhone() }),
    made: async (_, value) => (await delivered(f.app, value, 'phone_verification')).length,
  };

  /**
   * A customer with a verified phone and the round's factor, the change asked for (202) and its
   * confirmation as the confirming request carries it: with the proof, or (confirm-call) without, the
   * passkey's assertion having confirmed it beforehand.
   */
  async function confirmationOf(kind: Kind, mode: Mode, right: string) {
    const who = await f.investor();
    const verified = newPhone();
    await writeTab(f.t.database.db, who.id, 'phone', { phone: verified, verified: true });
    const passkey = softPasskey({ rpId: f.app.config.webauthn.rpId, origin: f.app.config.webauthn.origin });
    if (mode === 'passkey' || mode === 'confirm-call') {
      expect((await enrolPasskey(f, who, verified, passkey)).statusCode).toBe(201);
    }
    const app = mode === 'authenticator' ? await enrolAuthenticator(f, who) : null;
    const asked = await kind.send(who, right);
    expect(asked.statusCode).toBe(202);
    const { signature_id, challenge, passkey: options } = asked.json();
    if (mode === 'sms') {
      return {
        who,
        confirmation: { signature_id, code: await deliveredCode(f.app, verified, `${kind.purpose}-code`) },
      };
    }
    if (app) return { who, confirmation: { signature_id, code: await app.totp(), challenge } };
    const assertion = passkey.assert(options.options);
    if (mode === 'passkey') return { who, confirmation: { signature_id, assertion } };
    const confirmed = await f.post(who.session, `/api/v1/signatures/${signature_id}/confirm/`, { assertion }, null);
    expect(confirmed.statusCode).toBe(204);
    return { who, confirmation: { signature_id } };
  }

  /**
   * The refusal of a request that lost the race: the confirmation used (a passkey's assertion is spent
   * once it confirmed). An e-mail change ends every session, so a request authenticated only after the
   * winner's commit is signed out instead.
   */
  const lost = (kind: Kind, mode: Mode, res: LightMyRequestResponse) => {
    const used = mode === 'passkey' ? 'PASSKEY_ASSERTION_USED' : 'SIGNATURE_USED';
    const answer = [res.statusCode, res.json().code];
    if (kind === email && res.statusCode === 401) return expect(answer).toEqual([401, 'UNAUTHENTICATED']);
    return expect(answer).toEqual([409, used]);
  };

  const kinds: Array<[string, Kind]> = [
    ['IBAN', iban],
    ['e-mail', email],
    ['phone', phone],
  ];

  for (const [name, kind] of kinds) {
    it(`one ${name} change confirmed, sent ${AT_ONCE} times at once: made once, the others told it is used`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const mode = MODES[round % MODES.length]!;
        const { right } = kind.values(round);
        const { who, confirmation } = await confirmationOf(kind, mode, right);
        const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => kind.send(who, right, confirmation)));
        const done = answers.filter((res) => res.statusCode === 200);
        expect(done, `${mode}: ${answers.map((res) => res.body).join('\n')}`).toHaveLength(1);
        for (const res of answers.filter((res) => res.statusCode !== 200)) lost(kind, mode, res);
        expect(await kind.made(who, right)).toBe(1);
      }
    }, 240_000);

    it(`one ${name} confirmation sent at once with its value and with another: only its value is made`, async () => {
      for (let round = 0; round < MODES.length; round++) {
        const mode = MODES[round]!;
        const { right, other } = kind.values(ROUNDS + round);
        const { who, confirmation } = await confirmationOf(kind, mode, right);
        const answers = await Promise.all(
          Array.from({ length: AT_ONCE }, (_, i) => kind.send(who, i % 2 ? other : right, confirmation)),
        );
        const forOther = answers.filter((_, i) => i % 2);
        const forRight = answers.filter((_, i) => !(i % 2));
        for (const res of forOther) {
          if (kind === email && res.statusCode === 401) continue;
          expect([res.statusCode, res.json().code]).toEqual([400, 'CONFIRMATION_MISMATCH']);
        }
        expect(forRight.filter((res) => res.statusCode === 200)).toHaveLength(1);
        for (const res of forRight.filter((res) => res.statusCode !== 200)) lost(kind, mode, res);
        expect(await kind.made(who, right)).toBe(1);
        expect(await kind.made(who, other)).toBe(0);
      }
    }, 240_000);
  }
});
