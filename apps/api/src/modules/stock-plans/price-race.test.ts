// Two operators record the same plan's price for the same day at once, on PostgreSQL (PGlite runs one
// transaction at a time, so only a server shows the race). Decision 046: the plan's row is locked first,
// so they take turns — both are accepted, one row is left with the later one's price, and the audit trail
// says the second replaced the first (never two "recorded" with nothing before them).
import { calendarDate } from '@lombard/shared/money/business-days';
import { addDays, isWeekday } from '@lombard/shared/money/calendar-days';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs, type Session } from '../../test/auth';
import { type MoneyFixture, moneyFixture } from '../../test/money';
import { verifiedStockPlan } from '../../test/stock-plan';

const ROUNDS = 40;

describe.runIf(process.env.DATABASE_URL)('two operators recording one day’s price at once on PostgreSQL', () => {
  let f: MoneyFixture;
  let other: Session;
  beforeAll(async () => {
    f = await moneyFixture();
    const second = await createUser(f.app, { email: `operator.${process.pid}@example.test`, attributes: ['admin'] });
    other = await loginAs(f.app, second.email);
  });
  afterAll(() => f.t.close());

  const record = (session: Session, plan: number, day: string, price: string) =>
    f.app.inject({
      method: 'POST',
      url: `/api/v1/backoffice/stock-plans/${plan}/prices/`,
      headers: { ...session.headers, 'accept-language': 'en' },
      payload: { day, price, source: 'market_close' },
    });

  it(`${ROUNDS} days, each recorded by both at once: one price a day, the later one, the first replaced`, async () => {
    f.clock.now = new Date();
    const plan = await verifiedStockPlan(f, await f.investor());
    let day = calendarDate(f.clock.now);
    for (let round = 0; round < ROUNDS; round++) {
      do day = addDays(day, 1);
      while (!isWeekday(day));
      f.clock.now = new Date(`${day}T10:00:00Z`);
      const [a, b] = await Promise.all([
        record(f.admin, plan, day, `${20 + round}.10`),
        record(other, plan, day, `${20 + round}.20`),
      ]);
      // One recorded the day, the other replaced it.
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
      const [first, second] = a.statusCode === 201 ? [a, b] : [b, a];
      expect(first.json().previous).toBeNull();
      expect(second.json().previous).toBe(first.json().price.price);
      const prices = (await f.get(f.admin, `/api/v1/backoffice/stock-plans/${plan}/prices/?per_page=1`)).json();
      expect(prices.count).toBe(round + 2);
      expect(prices.results[0]).toMatchObject({ day, price: second.json().price.price });
    }
    f.clock.now = new Date();
  });
});
