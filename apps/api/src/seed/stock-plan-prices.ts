// The Vela Robotics share's closes since the demo customer's plan was verified, recorded through the same
// service an operator's form uses, one working day at a time as the operator would have on each evening:
// the back office lists a moving price and the customer's card shows the latest with its day and source.
// The last one is today's (or the last working day's) 18.40, the verified price, so every figure about her
// (her plan's value, her advance's limit and risk, her net worth) stays what it was. Decision 046 refuses a
// price before the plan's verification: the history starts there, at most a year back.

import { calendarDate } from '@lombard/shared/money/business-days';
import { isWeekday } from '@lombard/shared/money/calendar-days';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { Queryable, Transaction } from '../db/client';
import { stockPlans } from '../db/schema/stock-plans';
import type { FlowContext } from '../lib/flow-context';
import { translator } from '../lib/i18n';
import { getAccountByEmail } from '../modules/account/service';
import { recordPlanPrice } from '../modules/stock-plans/service';

const DAY_MS = 86_400_000;
const TODAY_PRICE = new Decimal('18.40');
/** A share's close moves by a percent or two a day: this walk stays within about 3 % of 18.40. */
const moveOn = (index: number) => new Decimal(Math.sin(index * 1.7) * 0.022 + Math.sin(index * 0.45) * 0.011);

export async function seedDemoStockPlanPrices(
  db: Queryable,
  links: Pick<FlowContext, 'files' | 'publicUrl' | 'supportEmail'>,
): Promise<void> {
  const tx = db as Transaction;
  const customer = await getAccountByEmail(tx, 'customer@demo.lombard.test');
  const admin = await getAccountByEmail(tx, 'admin@demo.lombard.test');
  if (!customer || !admin) return;
  const [plan] = await tx
    .select({ id: stockPlans.id, verifiedAt: stockPlans.verifiedAt })
    .from(stockPlans)
    .where(and(eq(stockPlans.userId, customer.id), eq(stockPlans.status, 'verified')));
  if (!plan?.verifiedAt) return;
  const now = Date.now();
  const from = Math.max(plan.verifiedAt.getTime(), now - 365 * DAY_MS);
  // The working days after the verification's, up to today, each recorded at 18:30 (Rome's evening).
  const days: string[] = [];
  for (let at = from + DAY_MS; calendarDate(new Date(at)) <= calendarDate(new Date(now)); at += DAY_MS) {
    const day = calendarDate(new Date(at));
    if (isWeekday(day) && day > calendarDate(plan.verifiedAt)) days.push(day);
  }
  for (const [index, day] of days.entries()) {
    const last = index === days.length - 1;
    const price = last ? TODAY_PRICE : TODAY_PRICE.mul(moveOn(days.length - 1 - index).plus(1));
    const recordedAt = new Date(Math.min(new Date(`${day}T17:30:00Z`).getTime(), now));
    const context: FlowContext = {
      now: recordedAt,
      today: day,
      language: 'it',
      t: translator('it'),
      actor: { id: admin.id, email: admin.email },
      ...links,
    };
    await recordPlanPrice(tx, context, plan.id, {
      day,
      price: price.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      source: 'market_close',
      note: 'Borsa Italiana',
    });
  }
}
