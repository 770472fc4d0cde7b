// Collateral swap through HTTP (docs/decisions/019): the new collateral secures what the returned collateral
// secured, at most the principal owed, pledging only the units needed (part of a fund, whole shares of part
// of a stock plan); the quote says so before the code is sent, the code signs it, the ledger moves the units
// and the signed deed is filed with the customer's documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ActiveAdvance, activeAdvance } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { deliveredCode } from '../../test/outbox';
import { verifiedStockPlan } from '../../test/stock-plan';
import { writeTab } from '../profile/service';

let f: MoneyFixture;
let money: number;
const PHONE = '+393409998877';

beforeAll(async () => {
  f = await moneyFixture();
  money = await f.productId('monetario-euro-plus'); // LTV 85 %, no entry cost
});
afterAll(() => f.t.close());

/** An active advance (20,000) on the bond (securing 41,789.99), and 60,000 of the money-market fund held free. */
async function scene(amount = '20000.00'): Promise<ActiveAdvance> {
  f.clock.now = new Date();
  const a = await activeAdvance(f, { amount, instalments: 4 });
  await f.deposit(a.investor, '60000.00');
  const order = (
    await f.post(a.investor.session, `/api/v1/products/${money}/invest/`, { amount: '60000', payment_method: 'cash' })
  ).json();
  await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.id] });
  await writeTab(f.t.database.db, a.investor.id, 'phone', { phone: PHONE, verified: true });
  return a;
}

/** A verified stock plan of the investor (1,000 shares at 30 €), as a collateral key. */
const stockPlan = async (a: ActiveAdvance) => `stock-plan:${await verifiedStockPlan(f, a.investor)}`;

const swap = (a: ActiveAdvance, body: Record<string, unknown>) =>
  f.post(a.investor.session, `/api/v1/advances/${a.id}/swap/`, body);
const detail = async (a: ActiveAdvance) => (await f.get(a.investor.session, `/api/v1/advances/${a.id}/`)).json();

const quote = (a: ActiveAdvance, giveBack: string[], pledge: string[]) =>
  f.get(
    a.investor.session,
    `/api/v1/advances/${a.id}/swap-quote/?${[
      ...giveBack.map((key) => `give_back=${key}`),
      ...pledge.map((key) => `pledge=${key}`),
    ].join('&')}`,
  );
const lastCode = () => deliveredCode(f.t.app, PHONE, 'advance-swap');
const powerLines = async (a: ActiveAdvance) =>
  (await f.get(a.investor.session, '/api/v1/advances/borrowing-power/')).json().lines as Array<{
    key: string;
    units: string;
    pledged: boolean;
  }>;

describe('collateral swap', () => {
  it('quotes what the new collateral must secure, at most what is owed, and pledges only part of a fund', async () => {
    const a = await scene();
    const res = await quote(a, [`position:${a.bond}`], [`position:${money}`]);
    expect(res.statusCode).toBe(200);
    // The bond secures 41,790.00 but only 20,000 is owed: 20,000 ÷ 0.85 of the fund, to the cent.
    expect(res.json()).toMatchObject({
      returned: '41790.00',
      outstanding: '20000.00',
      required: '20000.00',
      covered: true,
      pledged: '20000.00',
      pledges: [{ key: `position:${money}`, value: '23529.41', contribution: '20000.00', whole: false }],
    });
  });

  it('is signed with the code, pledges only the units needed and files the signed deed with the documents', async () => {
    const a = await scene();
    const body = { give_back: [`position:${a.bond}`], pledge: [`position:${money}`], amount: '20000.00' };
    const planned = (await quote(a, body.give_back, body.pledge)).json();
    const sent = await swap(a, body);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ swappable_amount: '20000.00', advance: null });

    const other = await swap(a, { ...body, amount: '1.00', code: await lastCode() });
    expect(other.statusCode).toBe(400);

    const done = await swap(a, { ...body, code: await lastCode() });
    expect(done.statusCode).toBe(200);
    expect(done.json().detail).toBe('The collateral has been swapped.');
    const pledged = done
      .json()
      .advance.collateral.find(
        (line: { key: string; pledged: boolean }) => line.key === `position:${money}` && line.pledged,
      );
    expect(pledged).toMatchObject({ units: planned.pledges[0].units, contribution: '20000.00' });
    // The rest of the fund and the whole bond are free again.
    const free = (await powerLines(a)).filter((line) => !line.pledged);
    expect(free.map((line) => line.key)).toEqual(expect.arrayContaining([`position:${a.bond}`, `position:${money}`]));
    const documents = (await f.get(a.investor.session, '/api/v1/documents/')).json().results;
    expect(documents.map((d: { kind: string }) => d.kind)).toContain('collateral_swap');
    expect((await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json().ok).toBe(true);
  });

  it('pledges whole shares of part of a stock plan, and refuses an offer that secures too little', async () => {
    const a = await scene('5000.00');
    const plan = await stockPlan(a);
    // 5,000 ÷ 0.30 ÷ 30 € = 555.6 → 556 shares (16,680 €, securing 5,004.00); 444 stay free.
    const planned = (await quote(a, [`position:${a.bond}`], [plan])).json();
    expect(planned).toMatchObject({
      required: '5000.00',
      offered: '9000.00',
      covered: true,
      pledges: [{ key: plan, units: '556.000000', value: '16680.00', contribution: '5004.00', whole: false }],
    });
    const body = { give_back: [`position:${a.bond}`], pledge: [plan], amount: '5000.00' };
    expect((await swap(a, body)).statusCode).toBe(200);
    expect((await swap(a, { ...body, code: await lastCode() })).statusCode).toBe(200);
    const lines = await powerLines(a);
    expect(lines.find((line) => line.key === plan && !line.pledged)?.units).toBe('444.000000');
    expect((await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json().ok).toBe(true);

    // Back again: the fund's units for what the plan secures, but offered only 1 € of a fund is too little.
    const b = await scene();
    const other = await stockPlan(b);
    const short = await swap(b, { give_back: [`position:${b.bond}`], pledge: [other], amount: '20000.00' });
    expect(short.statusCode).toBe(422);
    expect(short.json().detail).toBe(
      'The collateral you picked secures €9,000.00: the new collateral must secure €20,000.00. Pick more holdings.',
    );
  });

  it('says when prices moved the amount, and refuses a line given back and offered at once', async () => {
    const a = await scene();
    const moved = await swap(a, {
      give_back: [`position:${a.bond}`],
      pledge: [`position:${money}`],
      amount: '41789.99',
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().detail).toBe(
      "The amount the new collateral must secure is now €20,000.00, at today's prices: check the swap and confirm it again.",
    );
    const same = await quote(a, [`position:${a.bond}`], [`position:${a.bond}`]);
    expect(same.statusCode).toBe(422);
  });

  it('is made once per signed document: the same swap again later needs a new code', async () => {
    const a = await scene();
    // The swap secures the principal owed (20,000), both ways.
    const there = { give_back: [`position:${a.bond}`], pledge: [`position:${money}`], amount: '20000.00' };
    const back = { give_back: [`position:${money}`], pledge: [`position:${a.bond}`], amount: '20000.00' };
    await swap(a, there);
    const code = await lastCode();
    expect((await swap(a, { ...there, code })).statusCode).toBe(200);
    await swap(a, back);
    expect((await swap(a, { ...back, code: await lastCode() })).statusCode).toBe(200);

    // The first document signed this very swap: it was used, and moves nothing again.
    const before = await detail(a);
    const again = await swap(a, { ...there, code });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'SIGNATURE_USED',
      detail: 'This signed document has already been used. To go ahead again, request a new code and sign again.',
    });
    expect((await detail(a)).collateral).toEqual(before.collateral);
  });
});
