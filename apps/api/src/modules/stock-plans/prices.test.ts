// The company share's price over time through HTTP (docs/decisions/046): an operator records a lower price
// and everything that values the plan follows it — the plan's value, borrowing power, the advance's risk
// lines and its margin stage, told once per crossing as after a NAV fall; bad input is refused in the
// reader's language and writes nothing; net worth values each past month at the price then in force.
import { calendarDate } from '@lombard/shared/money/business-days';
import { addDays, addMonths, isWeekday } from '@lombard/shared/money/calendar-days';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesTo } from '../../lib/outbox';
import { type ActiveAdvance, activeAdvance, FIXTURE_PHONE } from '../../test/active-advance';
import type { Session } from '../../test/auth';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { multipartBody } from '../../test/multipart';
import { verifiedStockPlan } from '../../test/stock-plan';

let f: MoneyFixture;
beforeAll(async () => {
  f = await moneyFixture();
});
afterAll(() => f.t.close());

const prices = (plan: number) => `/api/v1/backoffice/stock-plans/${plan}/prices/`;
const today = () => calendarDate(f.clock.now);
/** The latest weekday on or before `day`. */
const weekdayUpTo = (day: string): string => (isWeekday(day) ? day : weekdayUpTo(addDays(day, -1)));
/** The first weekday after `day`. */
const weekdayAfter = (day: string): string =>
  isWeekday(addDays(day, 1)) ? addDays(day, 1) : weekdayAfter(addDays(day, 1));
/** A plan verified at the weekend gets its first price that day; the operator's next is on the Monday. */
const toAWeekday = () => {
  if (!isWeekday(today())) f.clock.now = new Date(`${weekdayAfter(today())}T10:00:00Z`);
};

const record = (plan: number, body: Record<string, unknown>, session: Session = f.admin, language = 'en') =>
  f.app.inject({
    method: 'POST',
    url: prices(plan),
    headers: { ...session.headers, 'accept-language': language },
    payload: body,
  });
const history = async (plan: number, query = '') => (await f.get(f.admin, `${prices(plan)}${query}`)).json();
const myPlan = async (who: Investor, plan: number) =>
  (await f.get(who.session, '/api/v1/stock-plans/')).json().results.find((p: { id: number }) => p.id === plan);
const planLine = (lines: Array<{ key: string }>, plan: number) => lines.find((l) => l.key === `stock-plan:${plan}`)!;
const stage = async (a: ActiveAdvance) =>
  (await f.get(a.investor.session, `/api/v1/advances/${a.id}/margin-alert/`)).json().stage;
const told = async (a: ActiveAdvance, kind: string) => ({
  notices: (await f.get(a.investor.session, '/api/v1/notifications/'))
    .json()
    .results.filter((n: { kind: string }) => n.kind === kind).length,
  sms: (
    await messagesTo(
      f.app.database.db,
      FIXTURE_PHONE,
      `advance_${kind === 'margin_call' ? 'marginCall' : 'marginWarning'}`,
    )
  ).filter((m) => (m.meta as { advance?: number }).advance === a.id).length,
});

describe('a stock plan share price recorded by an operator', () => {
  it('moves the plan’s value, its risk lines and the margin stage; the warning and the call are told once', async () => {
    f.clock.now = new Date();
    // 10,000 of the bond (70 %) and 1,000 plan shares at 30 € (30 %): about 7,000 + 9,000 secure 13,000.
    const a = await activeAdvance(f, { amount: '13000.00', invest: '10000.00', stockPlan: true });
    const plan = a.plan!;
    const verifiedOn = today();
    const risk = async () => (await f.get(a.investor.session, `/api/v1/advances/${a.id}/risk/`)).json();
    const before = await risk();
    const bond = new Decimal(before.lines.find((l: { key: string }) => l.key === `position:${a.bond}`).contribution);
    // The prices below cross the stages only if the bond secures between 5,800 and 7,244.
    expect(bond.gt(5800) && bond.lte(7244)).toBe(true);
    expect(planLine(before.lines, plan)).toMatchObject({ value: '30000.00', contribution: '9000.00' });
    expect(await stage(a)).toBe('clear');

    // The verification recorded the first price: the verified one, today, by the operator.
    const first = await history(plan);
    expect(first).toMatchObject({ count: 1, page: 1, next: null });
    expect(first.results[0]).toMatchObject({
      day: verifiedOn,
      price: '30.000000',
      source: 'market_close',
      recorded_by: { email: 'admin@demo.lombard.test' },
    });

    toAWeekday();
    const day = today();
    // Recorded on the verification day, the price replaces the verified one.
    const replaces = day === verifiedOn;
    // 1,000 × 24 × 30 % = 7,200: 13,000 owed is above 90 % of the limit, below it.
    const lower = await record(plan, { day, price: '24', source: 'market_close', note: 'Borsa Italiana close' });
    expect(lower.statusCode).toBe(replaces ? 200 : 201);
    expect(lower.json()).toMatchObject({ price: { day, price: '24.000000', note: 'Borsa Italiana close' } });
    await f.app.jobs.drain();
    expect(await myPlan(a.investor, plan)).toMatchObject({
      unit_price: '24.000000',
      price_date: day,
      price_source: 'market_close',
      value: '24000.00',
    });
    const after = await risk();
    expect(planLine(after.lines, plan)).toMatchObject({ value: '24000.00', contribution: '7200.00' });
    expect(new Decimal(after.limit).eq(new Decimal(before.limit).minus(1800))).toBe(true);
    expect(after.headroom).not.toBe(before.headroom);
    expect(await stage(a)).toBe('warning');
    expect(await told(a, 'margin_warning')).toEqual({ notices: 1, sms: 1 });

    // The same day corrected, still in the warning: nothing told again.
    const corrected = await record(plan, { day, price: '23.5', source: 'employer_valuation' });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json()).toMatchObject({ previous: '24.000000', detail: expect.stringContaining('corrected') });
    await f.app.jobs.drain();
    expect(await stage(a)).toBe('warning');
    expect(await told(a, 'margin_warning')).toEqual({ notices: 1, sms: 1 });
    expect((await history(plan)).results[0]).toMatchObject({ day, price: '23.500000', source: 'employer_valuation' });

    // 1,000 × 18 × 30 % = 5,400: the limit is below 13,000, the call.
    await record(plan, { day, price: '18', source: 'market_close' });
    await f.app.jobs.drain();
    expect(await stage(a)).toBe('call');
    expect(await told(a, 'margin_call')).toEqual({ notices: 1, sms: 1 });
    expect(planLine((await risk()).lines, plan)).toMatchObject({ value: '18000.00', contribution: '5400.00' });

    // Each recording is in the plan's audit trail, the replaced price in `before`.
    const trail = (
      await f.get(f.admin, '/api/v1/backoffice/audit-log/?object_type=stock_plans&per_page=100&order_by__=id')
    )
      .json()
      .results.filter((row: { object_id: string }) => row.object_id === String(plan))
      .slice(-3);
    const audit = [];
    for (const row of trail) {
      const detail = (await f.get(f.admin, `/api/v1/backoffice/audit-log/${row.id}/`)).json();
      audit.push([detail.action, detail.before?.price ?? null, detail.after.price]);
    }
    expect(audit).toEqual([
      [replaces ? 'correct_price' : 'record_price', replaces ? '30.000000' : null, '24.000000'],
      ['correct_price', '24.000000', '23.500000'],
      ['correct_price', '23.500000', '18.000000'],
    ]);
  });

  it('refuses a day in the future, before the verification or at the weekend, a zero or over-precise price, control characters — and writes nothing', async () => {
    f.clock.now = new Date();
    const who = await f.investor();
    const plan = await verifiedStockPlan(f, who);
    const verifiedOn = today();
    toAWeekday();
    const good = { day: today(), price: '29.5', source: 'market_close' };
    const refusals: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ ...good, day: weekdayAfter(today()) }, 'day', /not come yet/],
      [{ ...good, day: weekdayUpTo(addDays(today(), -1)) }, 'day', /verified on/],
      [{ ...good, day: '2026-11-28' }, 'day', /working days/],
      [{ ...good, day: '2026-02-30' }, 'day', /valid date/],
      [{ ...good, day: '' }, 'day', /required/],
      [{ ...good, price: '0' }, 'price', /greater than 0/],
      [{ ...good, price: '-3' }, 'price', /./],
      [{ ...good, price: '12.1234567' }, 'price', /6 decimal/],
      [{ ...good, price: '1e3' }, 'price', /./],
      [{ ...good, source: 'rumour' }, 'source', /./],
      [{ ...good, note: 'close\u0007' }, 'note', /not allowed/],
      [{ ...good, note: 'two\nlines' }, 'note', /not allowed/],
      [{ ...good, note: 'x'.repeat(201) }, 'note', /./],
    ];
    for (const [body, field, message] of refusals) {
      const res = await record(plan, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()[field]?.[0], JSON.stringify(body)).toMatch(message);
    }
    // In the reader's language.
    const italian = await record(plan, { ...good, day: weekdayAfter(today()) }, f.admin, 'it');
    expect(italian.json().day[0]).toMatch(/non ancora arrivato/);
    // A customer may neither record nor read; a plan not verified has no prices; an unknown one is missing.
    expect((await record(plan, good, who.session)).statusCode).toBe(403);
    expect((await f.get(who.session, prices(plan))).statusCode).toBe(403);
    const waiting = await submittedPlan(await f.investor());
    const refused = await record(waiting, good, f.admin, 'it');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'STOCK_PLAN_NOT_VERIFIED',
      detail: expect.stringMatching(/verificat/),
    });
    expect((await record(2_000_000_000, good)).statusCode).toBe(404);
    expect((await record(9_999_999_999, good)).statusCode).toBe(404);
    expect((await f.get(f.admin, prices(9_999_999_999))).statusCode).toBe(404);
    expect((await f.get(f.admin, prices(2_000_000_000))).statusCode).toBe(404);
    // Any route's id beyond the integer column names nothing: not found, not a database error.
    expect((await f.post(f.admin, `/api/v1/backoffice/stock-plans/${9_999_999_999}/verify/`, {})).statusCode).toBe(404);
    expect((await history(waiting)).count).toBe(0);

    // Nothing of it was written: the verification's price only, and the plan is still valued at it.
    const after = await history(plan);
    expect(after.count).toBe(1);
    expect(after.results[0]).toMatchObject({ price: '30.000000', day: verifiedOn });
    expect(await myPlan(who, plan)).toMatchObject({ unit_price: '30.000000', value: '30000.00' });
    expect((await record(plan, good)).statusCode).toBe(verifiedOn === good.day ? 200 : 201);
  });

  it('values each past month of net worth at the price then in force; borrowing power follows today’s', async () => {
    const verifiedOn = calendarDate(new Date());
    f.clock.now = new Date();
    const who = await f.investor();
    const plan = await verifiedStockPlan(f, who);
    const power = async () =>
      planLine((await f.get(who.session, '/api/v1/advances/borrowing-power/')).json().lines, plan);
    expect(await power()).toMatchObject({ value: '30000.00', contribution: '9000.00' });

    // Two months on, the operator has recorded a price each month since.
    f.clock.now = new Date(`${addMonths(verifiedOn, 2)}T12:00:00Z`);
    const days = [addMonths(today(), -1), today()].map(weekdayUpTo);
    expect((await record(plan, { day: days[0], price: '24.125', source: 'market_close' })).statusCode).toBe(201);
    expect((await record(plan, { day: days[1], price: '17.8', source: 'market_close' })).statusCode).toBe(201);
    const list = await history(plan, '?per_page=2');
    expect(list).toMatchObject({ count: 3, next: 2, previous: null, per_page: 2 });
    expect(list.results.map((p: { day: string }) => p.day)).toEqual([days[1], days[0]]);
    expect((await history(plan, '?per_page=2&page=2')).results.map((p: { day: string }) => p.day)).toEqual([
      verifiedOn,
    ]);
    expect((await f.get(f.admin, `${prices(plan)}?per_page=2&page=3`)).statusCode).toBe(404);

    // 1,000 × 17.80 × 30 %: 5,340.00 to borrow against today.
    expect(await power()).toMatchObject({ value: '17800.00', contribution: '5340.00', unit_price: '17.800000' });

    // Month by month: 1,000 shares at 30.00 from the verification, 24.125 from days[0], 17.80 from days[1].
    const worth = (await f.get(who.session, '/api/v1/wallet/net-worth/')).json();
    const expected = (date: string) =>
      date < verifiedOn ? '0.00' : date < days[0]! ? '30000.00' : date < days[1]! ? '24125.00' : '17800.00';
    const points = worth.history.map((p: { date: string; stock_plans: string }) => [p.date, p.stock_plans]);
    expect(points).toEqual(worth.history.map((p: { date: string }) => [p.date, expected(p.date)]));
    // The last three months by hand: two months ago at the verified 30.00, a month ago at 24.125, today 17.80.
    expect(points.slice(-3).map(([, value]: string[]) => value)).toEqual([
      addMonths(today(), -2) >= verifiedOn ? '30000.00' : '0.00',
      '24125.00',
      '17800.00',
    ]);
    expect(worth.today).toMatchObject({ stock_plans: '17800.00', net_worth: '17800.00' });
    f.clock.now = new Date();
  });
});

/** A plan registered and still waiting for the operator. */
async function submittedPlan(who: Investor): Promise<number> {
  const { payload, headers } = multipartBody([
    ...Object.entries({
      company_name: 'Waiting S.p.A.',
      plan_name: 'ESPP',
      vested_units: '10',
      unit_price: '5',
      price_source: 'employer_valuation',
    }).map(([name, value]) => ({ name, value })),
    { name: 'file', fileName: 'plan.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
  ]);
  const res = await f.app.inject({
    method: 'POST',
    url: '/api/v1/stock-plans/',
    headers: { ...who.session.headers, ...headers },
    payload,
  });
  return res.json().id as number;
}
