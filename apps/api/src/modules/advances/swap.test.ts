// Collateral swap through HTTP: the amount must equal the swappable amount exactly, the code sent by SMS
// signs the swap, and the ledger moves the pledged units from the returned line to the new one.
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyFixture } from '../../test/money';
import { deliveredCode } from '../../test/outbox';
import { writeTab } from '../profile/service';
import { type ActiveAdvance, activeAdvance, lifeFixture } from './life-fixture';

let f: MoneyFixture;
let money: number;
const PHONE = '+393409998877';

beforeAll(async () => {
  f = await lifeFixture();
  money = await f.productId('monetario-euro-plus'); // LTV 85 %, no entry cost
});
afterAll(() => f.t.close());

/** An active advance on the bond (securing 41,789.99), and 60,000 of the money-market fund held free beside it. */
async function scene(): Promise<ActiveAdvance> {
  f.clock.now = new Date();
  const a = await activeAdvance(f, { amount: '20000.00', instalments: 4 });
  await f.deposit(a.investor, '60000.00');
  const order = (
    await f.post(a.investor.session, `/api/v1/products/${money}/invest/`, { amount: '60000', payment_method: 'cash' })
  ).json();
  await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.id] });
  await writeTab(f.t.database.db, a.investor.id, 'phone', { phone: PHONE, verified: true });
  return a;
}

const swap = (a: ActiveAdvance, body: Record<string, unknown>) =>
  f.post(a.investor.session, `/api/v1/advances/${a.id}/swap/`, body);
const detail = async (a: ActiveAdvance) => (await f.get(a.investor.session, `/api/v1/advances/${a.id}/`)).json();
const lastCode = () => deliveredCode(f.t.app, PHONE, 'advance-swap');

describe('collateral swap', () => {
  it('needs exactly the swappable amount', async () => {
    const a = await scene();
    const [bond] = (await detail(a)).collateral;
    const res = await swap(a, {
      give_back: [`position:${a.bond}`],
      pledge: [`position:${money}`],
      amount: new Decimal(bond.contribution).minus('0.01').toFixed(2),
    });
    expect(res.statusCode).toBe(422);
    const euro = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });
    expect(res.json().detail).toBe(
      `The new collateral must cover exactly ${euro.format(bond.contribution)}, the amount the returned collateral secures.`,
    );
  });

  it('is signed with the code and moves the pledge to the new line, for the same amount', async () => {
    const a = await scene();
    const [bond] = (await detail(a)).collateral;
    const body = { give_back: [`position:${a.bond}`], pledge: [`position:${money}`], amount: bond.contribution };
    const sent = await swap(a, body);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ swappable_amount: bond.contribution, advance: null });
    expect(sent.json().detail).toMatch(/^We sent a code by SMS to confirm the swap/);

    const wrong = await swap(a, { ...body, code: Number(await lastCode()) === 0 ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    const other = await swap(a, { ...body, amount: '1.00', code: await lastCode() });
    expect(other.statusCode).toBe(400);
    expect(other.json().detail).toBe('There was an error while signing, please try again.');

    const done = await swap(a, { ...body, code: await lastCode() });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      detail: 'The collateral has been swapped.',
      swappable_amount: bond.contribution,
    });
    const lines = done.json().advance.collateral;
    expect(lines.find((line: { key: string }) => line.key === `position:${a.bond}`).pledged).toBe(false);
    const pledged = lines.find(
      (line: { key: string; pledged: boolean }) => line.key === `position:${money}` && line.pledged,
    );
    expect(pledged.contribution).toBe(bond.contribution);
    // Only the units that secure the amount are pledged: the rest of the fund stays free.
    const power = (await f.get(a.investor.session, '/api/v1/advances/borrowing-power/')).json();
    const free = power.lines
      .filter((line: { pledged: boolean }) => !line.pledged)
      .map((line: { key: string }) => line.key);
    expect(free).toEqual(expect.arrayContaining([`position:${a.bond}`, `position:${money}`]));
    expect(done.json().advance.timeline.at(-1).kind).toBe('swapped');
    expect((await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json().ok).toBe(true);
  });
});
