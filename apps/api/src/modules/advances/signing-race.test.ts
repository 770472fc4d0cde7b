// One signed request sent many times at once, on PostgreSQL (PGlite runs one transaction at a time, so
// only a server can show a race): a collateral swap and a contract's signature each happen once per code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeAdvance, BOND, FIXTURE_PHONE } from '../../test/active-advance';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { deliveredCode } from '../../test/outbox';
import { writeTab } from '../profile/service';

describe.runIf(process.env.DATABASE_URL)('signed swaps and contracts sent at once on PostgreSQL', () => {
  let f: MoneyFixture;
  beforeAll(async () => {
    f = await moneyFixture();
  });
  afterAll(() => f.t.close());

  const ledgerOk = async () => (await f.get(f.admin, '/api/v1/backoffice/ledger/verify/')).json().ok;

  it('one signed collateral swap sent 8 times at once with different keys, 20 swaps over: each made once', async () => {
    f.clock.now = new Date();
    const a = await activeAdvance(f, { amount: '20000.00', instalments: 4 });
    const money = await f.productId('monetario-euro-plus');
    await f.deposit(a.investor, '60000.00');
    const order = (
      await f.post(a.investor.session, `/api/v1/products/${money}/invest/`, { amount: '60000', payment_method: 'cash' })
    ).json();
    await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.id] });
    // The new collateral secures the principal owed, both ways (decision 019).
    const there = { give_back: [`position:${a.bond}`], pledge: [`position:${money}`], amount: '20000.00' };
    const back = { give_back: [`position:${money}`], pledge: [`position:${a.bond}`], amount: '20000.00' };
    for (let round = 0; round < 20; round++) {
      // Back and forth; an hour apart, as a customer gets three codes an hour.
      f.clock.now = new Date(f.clock.now.getTime() + 61 * 60_000);
      const body = round % 2 === 0 ? there : back;
      const sent = await f.post(a.investor.session, `/api/v1/advances/${a.id}/swap/`, body);
      expect(sent.statusCode, `round ${round}`).toBe(200);
      const code = await deliveredCode(f.t.app, FIXTURE_PHONE, 'advance-swap');
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          f.post(a.investor.session, `/api/v1/advances/${a.id}/swap/`, { ...body, code }),
        ),
      );
      expect(
        answers.filter((res) => res.statusCode === 200),
        `round ${round}`,
      ).toHaveLength(1);
      for (const res of answers.filter((r) => r.statusCode !== 200)) {
        expect([409, 400, 422]).toContain(res.statusCode);
        expect(res.json().detail).toMatch(/^[A-Z]/);
      }
      // The pledge is on one line, for the amount it secures, never on both.
      const lines = (await f.get(a.investor.session, `/api/v1/advances/${a.id}/`)).json().collateral;
      const pledged = lines.filter((line: { pledged: boolean }) => line.pledged);
      expect(pledged.map((line: { key: string }) => line.key)).toEqual(body.pledge);
    }
    expect(await ledgerOk()).toBe(true);
  }, 120_000);
  it('one signed contract sent 8 times at once, 10 advances over: each signed once', async () => {
    f.clock.now = new Date();
    const bond = await f.productId(BOND);
    for (let round = 0; round < 10; round++) {
      const investor = await f.investor();
      await f.deposit(investor, '60000.00');
      const order = (
        await f.post(investor.session, `/api/v1/products/${bond}/invest/`, { amount: '60000', payment_method: 'cash' })
      ).json();
      await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.id] });
      await writeTab(f.t.database.db, investor.id, 'phone', { phone: FIXTURE_PHONE, verified: true });
      await writeTab(f.t.database.db, investor.id, 'occupation', { occupation: 'employee', income_band: 'band_3' });
      const { id } = (
        await f.post(investor.session, '/api/v1/advances/', {
          amount: '20000.00',
          instalments: 4,
          collateral: [`position:${bond}`],
        })
      ).json();
      expect((await f.post(f.admin, `/api/v1/backoffice/advances/${id}/pre-approve/`)).statusCode).toBe(200);
      expect((await f.post(investor.session, `/api/v1/advances/${id}/signature/`, undefined, null)).statusCode).toBe(
        200,
      );
      const code = await deliveredCode(f.t.app, FIXTURE_PHONE, 'advance-contract');
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => f.post(investor.session, `/api/v1/advances/${id}/sign/`, { code }, null)),
      );
      expect(
        answers.filter((res) => res.statusCode === 200),
        `round ${round}`,
      ).toHaveLength(1);
      for (const res of answers.filter((r) => r.statusCode !== 200)) {
        expect([409, 400, 422]).toContain(res.statusCode);
        expect(res.json().detail).toMatch(/^[A-Z]/);
      }
      const advance = (await f.get(investor.session, `/api/v1/advances/${id}/`)).json();
      expect(advance.status).toBe(3);
      expect(advance.timeline.filter((event: { kind: string }) => event.kind === 'signed')).toHaveLength(1);
    }
  }, 120_000);
});
