// The code that signs an advance's contract, used clumsily: "send me the code" pressed many times at once
// sends one SMS whose code signs; wrong codes say how many tries are left and, after the last, when a new
// code can be asked for (Retry-After); the hourly sends are counted per advance, not across advances.
// With an authenticator app no SMS goes out and the app's code signs only with the contract's challenge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOND } from '../../test/active-advance';
import { enrolAuthenticator } from '../../test/authenticator-scene';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { codeIn, delivered } from '../../test/outbox';
import { bondBorrower, issuedAdvance } from '../../test/passkey-scene';

let f: MoneyFixture;
let bond: number;
let phones = 0;

beforeAll(async () => {
  f = await moneyFixture();
  bond = await f.productId(BOND);
});
afterAll(() => f.t.close());

interface Borrower {
  investor: Investor;
  phone: string;
}

/** A customer with the bond, a verified phone of their own and an income, and no advance yet. */
async function borrower(): Promise<Borrower> {
  phones += 1;
  // One number per borrower of this file (its outbox is its own): a number shared with an earlier test's
  // borrower would count that test's codes too.
  const phone = `+39340${String(7_000_000 + phones * 37).padStart(7, '0')}`;
  return { investor: await bondBorrower(f, bond, phone), phone };
}

const issued = (who: Borrower) => issuedAdvance(f, who, bond);

const sendCode = (who: Borrower, id: number) =>
  f.post(who.investor.session, `/api/v1/advances/${id}/signature/`, undefined, null);
const sign = (who: Borrower, id: number, code: string) =>
  f.post(who.investor.session, `/api/v1/advances/${id}/sign/`, { code }, null);
const codesSent = async (who: Borrower) => (await delivered(f.t.app, who.phone, 'advance-contract')).map(codeIn);
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
const later = (seconds: number) => {
  f.clock.now = new Date(f.clock.now.getTime() + seconds * 1000);
};

describe('the contract code', () => {
  it('pressed ten times at once is sent once, and every answer leads to the code that signs', async () => {
    f.clock.now = new Date();
    const who = await borrower();
    const id = await issued(who);
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendCode(who, id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().document_hash)).size).toBe(1);
    expect(new Set(answers.map((a) => a.json().expires_at)).size).toBe(1);
    const codes = await codesSent(who);
    expect(codes).toHaveLength(1);
    const signed = await sign(who, id, codes[0]!);
    expect(signed.statusCode).toBe(200);
    expect(signed.json().status).toBe(3);
  });

  it('says the tries left for each wrong code and, after the last, when a new code can be asked for', async () => {
    f.clock.now = new Date('2026-05-04T08:00:00Z');
    const who = await borrower();
    const id = await issued(who);
    expect((await sendCode(who, id)).statusCode).toBe(200);
    let [code] = await codesSent(who);
    const left = [];
    for (let i = 0; i < 4; i++) {
      const wrong = await sign(who, id, wrongFor(code!));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('ONE_TIME_CODE_INVALID');
      left.push(wrong.json().detail);
    }
    expect(left).toEqual([
      'The code is not correct. You have 4 attempts left.',
      'The code is not correct. You have 3 attempts left.',
      'The code is not correct. You have 2 attempts left.',
      'The code is not correct. You have 1 attempt left.',
    ]);
    // Sends are left this hour: a new code can be asked for now, and nobody is sent to support.
    const last = await sign(who, id, wrongFor(code!));
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBe('0');
    expect(last.json()).toMatchObject({
      code: 'ONE_TIME_CODE_ATTEMPTS_EXCEEDED',
      detail: 'The code is not correct and that was the last attempt for this code. Ask for a new code.',
    });
    expect((await sign(who, id, code!)).statusCode).toBe(429);

    // The second and third sends of the hour, each code spent on wrong tries.
    for (const minutes of [5, 20]) {
      later(minutes * 60);
      expect((await sendCode(who, id)).statusCode).toBe(200);
      [code] = await codesSent(who);
      for (let i = 0; i < 4; i++) expect((await sign(who, id, wrongFor(code!))).statusCode).toBe(400);
      if (minutes === 5) expect((await sign(who, id, wrongFor(code!))).headers['retry-after']).toBe('0');
    }
    const spent = await sign(who, id, wrongFor(code!));
    expect(spent.statusCode).toBe(429);
    // The first code was sent at 08:00 and it is now 08:25: the fourth may be sent at 09:00.
    expect(spent.headers['retry-after']).toBe(String(35 * 60));
    expect(spent.json().detail).toBe(
      'The code is not correct and that was the last attempt for this code. You can ask for a new code in 35 minutes.',
    );
    const refused = await sendCode(who, id);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(35 * 60));
    expect(refused.json()).toMatchObject({
      code: 'ONE_TIME_CODE_SENDS_EXCEEDED',
      detail: 'You have asked for the most codes allowed in an hour. You can ask for a new code in 35 minutes.',
    });
    expect(await codesSent(who)).toHaveLength(3);

    later(35 * 60);
    expect((await sendCode(who, id)).statusCode).toBe(200);
    const [fresh] = await codesSent(who);
    expect((await sign(who, id, fresh!)).json().status).toBe(3);
  });

  it('counts the hourly sends per advance: a cancelled advance does not use up the next one', async () => {
    f.clock.now = new Date('2026-05-05T08:00:00Z');
    const who = await borrower();
    const first = await issued(who);
    for (let i = 0; i < 3; i++) {
      expect((await sendCode(who, first)).statusCode).toBe(200);
      later(31);
    }
    expect((await sendCode(who, first)).statusCode).toBe(429);
    expect((await f.post(who.investor.session, `/api/v1/advances/${first}/cancel/`, undefined, null)).statusCode).toBe(
      200,
    );
    const second = await issued(who);
    expect((await sendCode(who, second)).statusCode).toBe(200);
    const [code] = await codesSent(who);
    expect((await sign(who, second, code!)).json().status).toBe(3);
  });
});

describe('the contract signed with an authenticator app', () => {
  it('asks for no SMS, names the amount, and takes the app’s code only with the contract’s challenge', async () => {
    const who = await borrower();
    const { totp } = await enrolAuthenticator(f, who.investor);
    const id = await issued(who);
    const asked = (await sendCode(who, id)).json();
    expect(asked).toMatchObject({ factor: 'authenticator', challenge: expect.stringMatching(/^[0-9A-F]{8}$/) });
    expect(asked.detail).toContain('€10,000.00');
    expect(asked.detail).toContain(asked.challenge);
    expect(await codesSent(who)).toHaveLength(0);
    const other = asked.challenge === '00000000' ? '11111111' : '00000000';
    const url = `/api/v1/advances/${id}/sign/`;
    const crossed = await f.post(who.investor.session, url, { code: await totp(), challenge: other }, null);
    expect(crossed.json().code).toBe('CONFIRMATION_MISMATCH');
    const signed = await f.post(who.investor.session, url, { code: await totp(), challenge: asked.challenge }, null);
    expect(signed.statusCode).toBe(200);
    expect(signed.json().status).toBe(3);
  });
});
