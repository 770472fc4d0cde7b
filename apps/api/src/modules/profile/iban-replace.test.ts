// Replacing a saved IBAN needs the customer's confirmation whether or not an operator approved it yet: the
// IBAN a customer confirmed and that waits for review cannot be swapped by whoever holds the session, nor
// the one saved during the onboarding once she has a factor. Only the first IBAN ever saved, and a customer
// with no factor at all, go without (an operator reviews the IBAN either way).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { deliveredCode } from '../../test/outbox';
import { writeTab } from './service';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

const MINE = 'IT42L1234512345123456789012';
const THIEF = 'IT15L1234512345123456789013';
const changeIban = (who: Investor, iban: string, confirmation?: object) =>
  f.app.inject({
    method: 'PUT',
    url: '/api/v1/profile/bank-account/',
    headers: { ...who.session.headers, 'accept-language': 'en' },
    payload: { iban, holder_name: 'Maria Rossi', confirmation },
  });
const savedIban = async (who: Investor) =>
  (await f.get(who.session, '/api/v1/profile/')).json().bank_account?.iban as string | undefined;

describe('replacing a saved IBAN', () => {
  it('the IBAN she confirmed, waiting for review, is not replaced without a new confirmation', async () => {
    const phone = '+393401130001';
    const who = await f.investor();
    await writeTab(f.t.database.db, who.id, 'phone', { phone, verified: true });
    const asked = (await changeIban(who, MINE)).json();
    const code = await deliveredCode(f.app, phone, 'iban-change-code');
    expect((await changeIban(who, MINE, { signature_id: asked.signature_id, code })).statusCode).toBe(200);

    // Waiting for an operator now: whoever holds the session is asked to confirm the swap, as she was.
    const swap = await changeIban(who, THIEF);
    expect(swap.statusCode).toBe(202);
    expect(swap.json()).toMatchObject({ factor: 'sms', confirming: { value: THIEF } });
    expect(await savedIban(who)).toBe(MINE);
  });

  it('during the onboarding: the first IBAN at once, another one confirmed once the phone is verified', async () => {
    const phone = '+393401130002';
    const who = await f.investor({ bank: false });
    expect((await changeIban(who, MINE)).statusCode).toBe(200);
    // No factor yet (no verified phone, app or passkey): a typo is corrected at once.
    expect((await changeIban(who, THIEF)).statusCode).toBe(200);
    expect((await changeIban(who, MINE)).statusCode).toBe(200);

    await writeTab(f.t.database.db, who.id, 'phone', { phone, verified: true });
    const asked = await changeIban(who, THIEF);
    expect(asked.statusCode).toBe(202);
    expect(await savedIban(who)).toBe(MINE);
    const code = await deliveredCode(f.app, phone, 'iban-change-code');
    const done = await changeIban(who, THIEF, { signature_id: asked.json().signature_id, code });
    expect(done.statusCode).toBe(200);
    expect(await savedIban(who)).toBe(THIEF);
    // Saved again as it is: nothing to confirm.
    expect((await changeIban(who, THIEF)).statusCode).toBe(200);
  });
});
