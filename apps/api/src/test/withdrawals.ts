// Withdrawals as a customer makes them: asked (202, a confirmation bound to the amount and the IBAN),
// confirmed with the customer's passkey (enrolled once, through the real step-up, on first use: a passkey
// signs any number of acts, where an SMS or an app's code would run into their limits), then done with the
// confirmation. For the tests of money moving; the confirmation's own rules have their tests.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { signatures } from '../db/schema/signatures';
import { payloadHash } from '../lib/one-time-code/codes';
import { getAccountByEmail } from '../modules/account/service';
import { approvedBankAccount, writeTab } from '../modules/profile/service';
import { WITHDRAWAL_PURPOSE, withdrawalPayload } from '../modules/transactions/service';
import type { Investor, MoneyFixture } from './money';
import { enrolPasskey } from './passkey-scene';
import { type SoftPasskey, softPasskey } from './webauthn';

const passkeys = new WeakMap<MoneyFixture, Map<number, SoftPasskey>>();
let phones = 0;

/** Enrols the investor's passkey now (through the SMS step-up), before traffic that must not include it. */
export async function readyToWithdraw(f: MoneyFixture, investor: Investor): Promise<void> {
  await passkeyOf(f, investor);
}

async function passkeyOf(f: MoneyFixture, investor: Investor): Promise<SoftPasskey> {
  let mine = passkeys.get(f);
  if (!mine) {
    mine = new Map();
    passkeys.set(f, mine);
  }
  const known = mine.get(investor.id);
  if (known) return known;
  phones += 1;
  const phone = `+39342${String(1_000_000 + phones * 37 + (process.pid % 1000) * 991).padStart(7, '0')}`;
  await writeTab(f.t.database.db, investor.id, 'phone', { phone, verified: true });
  const passkey = softPasskey({ rpId: f.t.app.config.webauthn.rpId, origin: f.t.app.config.webauthn.origin });
  expect((await enrolPasskey(f, investor, phone, passkey)).statusCode).toBe(201);
  mine.set(investor.id, passkey);
  return passkey;
}

/** A withdrawal's confirmation, asked and confirmed (not yet used): `{ signature_id }` for its request. */
export async function confirmedWithdrawal(f: MoneyFixture, investor: Investor, amount: string) {
  const passkey = await passkeyOf(f, investor);
  const asked = await f.post(investor.session, '/api/v1/cash/withdrawals/', { amount }, null);
  if (asked.statusCode !== 202) return { refused: asked };
  const { signature_id, passkey: options } = asked.json();
  const assertion = passkey.assert(options.options);
  const confirmed = await f.post(investor.session, `/api/v1/signatures/${signature_id}/confirm/`, { assertion }, null);
  if (confirmed.statusCode !== 204) return { refused: confirmed };
  return { confirmation: { signature_id: signature_id as number } };
}

/**
 * A withdrawal confirmed and sent (with `key` when given): the answer of its request, or the refusal of
 * the request that asked for or confirmed it (no bank account, above the available cash, a 503).
 */
export async function withdrawConfirmed(
  f: MoneyFixture,
  investor: Investor,
  amount: string,
  key?: string | null,
): Promise<LightMyRequestResponse> {
  const asked = await confirmedWithdrawal(f, investor, amount);
  if ('refused' in asked) return asked.refused!;
  return f.post(investor.session, '/api/v1/cash/withdrawals/', { amount, confirmation: asked.confirmation }, key);
}

/**
 * Withdrawals confirmed one after the other (each asked once the one before is confirmed, as a customer
 * does), ready to be sent at once: the confirmations are distinct, so what races is the money alone.
 */
export async function confirmedWithdrawals(f: MoneyFixture, investor: Investor, amounts: string[]) {
  const senders: Array<(key?: string | null) => Promise<LightMyRequestResponse>> = [];
  for (const amount of amounts) {
    const asked = await confirmedWithdrawal(f, investor, amount);
    if ('refused' in asked) throw new Error(`withdrawal of ${amount} refused: ${asked.refused!.body}`);
    senders.push((key) =>
      f.post(investor.session, '/api/v1/cash/withdrawals/', { amount, confirmation: asked.confirmation }, key),
    );
  }
  return senders;
}

/**
 * A withdrawal's confirmation the customer gave before the test (signed, unused), for tests of something
 * else that need a withdrawal as a write: the body to send.
 */
export async function confirmedBefore(db: Database, email: string, amount: string) {
  const account = await getAccountByEmail(db, email);
  const bank = await approvedBankAccount(db, account!.id);
  const hash = payloadHash(withdrawalPayload(amount, bank!.iban));
  const [row] = await db
    .insert(signatures)
    .values({
      userId: account!.id,
      purpose: WITHDRAWAL_PURPOSE,
      documentHash: hash,
      payloadHash: hash,
      factor: 'authenticator',
      signedAt: new Date(),
    })
    .returning({ id: signatures.id });
  return { amount, confirmation: { signature_id: row!.id } };
}

/** The IBAN withdrawals are paid to changed as a customer does it: asked (202), confirmed with the passkey. */
export async function changeIbanConfirmed(f: MoneyFixture, investor: Investor, iban: string) {
  const passkey = await passkeyOf(f, investor);
  const put = (payload: object) =>
    f.app.inject({
      method: 'PUT',
      url: '/api/v1/profile/bank-account/',
      headers: { ...investor.session.headers, 'accept-language': 'en' },
      payload,
    });
  const body = { iban, holder_name: 'Maria Rossi' };
  const asked = await put(body);
  if (asked.statusCode !== 202) return asked;
  const { signature_id, passkey: options } = asked.json();
  return put({ ...body, confirmation: { signature_id, assertion: passkey.assert(options.options) } });
}
