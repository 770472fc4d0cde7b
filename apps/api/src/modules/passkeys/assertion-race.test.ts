// One passkey assertion sent eight times at once (a double-tap, a replay by whoever caught it): the
// signature's row lock makes the checks one after the other, so exactly one signs and the others find
// the act's challenge spent. Many rounds, one borrower and contract each, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOND } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { issuedAdvance, type PasskeyBorrower, passkeyBorrower } from '../../test/passkey-scene';

describe.runIf(process.env.DATABASE_URL)('one passkey assertion sent at once on PostgreSQL', () => {
  let f: MoneyFixture;
  let bond: number;

  beforeAll(async () => {
    f = await moneyFixture();
    bond = await f.productId(BOND);
  });
  afterAll(() => f.t.close());

  it('signs the contract once out of eight, six rounds over; the others are refused as used', async () => {
    for (let round = 0; round < 6; round++) {
      // A borrower has one advance in progress at a time: each round is a new one with a new passkey.
      const who: PasskeyBorrower = await passkeyBorrower(f, bond);
      const id = await issuedAdvance(f, who, bond);
      const asked = (await f.post(who.investor.session, `/api/v1/advances/${id}/signature/`, undefined, null)).json();
      expect(asked.factor).toBe('passkey');
      const assertion = who.passkey.assert(asked.passkey.options);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          f.post(who.investor.session, `/api/v1/advances/${id}/sign/`, { assertion }, null),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const signed = answers.find((answer) => answer.statusCode === 200)!;
      expect(signed.json().status).toBe(3);
    }
  }, 240_000);
});
