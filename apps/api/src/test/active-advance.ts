// Test scenes for a paid-out advance (on the money scene of money.ts): an investor holding a settled bond
// position, with an advance pledging it made through the real request, signing and operator flow and paid
// out on the fixture clock's day; the clock then moves to due dates.

import { calendarDate } from '@lombard/shared/money/business-days';
import { addDays } from '@lombard/shared/money/calendar-days';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { advances } from '../db/schema/advances';
import { writeTab } from '../modules/profile/service';
import type { Investor, MoneyFixture } from './money';
import { deliveredCode } from './outbox';
import { verifiedStockPlan } from './stock-plan';
import { withdrawConfirmed } from './withdrawals';

export const BOND = 'obbligazionario-euro-protetto-2031';

export interface ActiveAdvance {
  investor: Investor;
  id: number;
  /** The payout day: the first quarter starts on it. */
  payout: string;
  bond: number;
  /** The second fund pledged, when asked for (`also`). */
  also: number | null;
  /** The stock plan pledged, when asked for (`stockPlan`). */
  plan: number | null;
}

/** The phone every fixture customer verified: the signing codes go there. */
export const FIXTURE_PHONE = '+393405556677';

async function step(res: Promise<{ statusCode: number; body: string }>, what: string) {
  const answer = await res;
  if (answer.statusCode >= 300) throw new Error(`${what} failed: ${answer.statusCode} ${answer.body}`);
  return answer;
}

/**
 * An investor who bought `invest` of the bond (settled), kept `cash` besides, and has an advance of
 * `amount` over `instalments` quarters pledging the bond, through the real flow: requested, pre-approved,
 * signed with the SMS code, approved and (unless `paidOut: false`, which stops at 4) paid out at the
 * fixture clock's time.
 */
export async function activeAdvance(
  f: MoneyFixture,
  options: {
    amount?: string;
    instalments?: number;
    invest?: string;
    cash?: string;
    paidOut?: boolean;
    /** The income band declared in the profile: `band_1` (from 0) gets the request flagged. */
    incomeBand?: string;
    /** A second fund bought for this amount and pledged besides the bond. */
    also?: { slug: string; invest: string };
    /** A verified stock plan (1,000 shares at 30 €) pledged besides the bond. */
    stockPlan?: boolean;
    /** Stop earlier: just requested (1) or signed by the customer (3). */
    until?: 'requested' | 'signed';
  } = {},
): Promise<ActiveAdvance> {
  const amount = options.amount ?? '20000.00';
  const instalments = options.instalments ?? 4;
  const invest = options.invest ?? '60000.00';
  const investor = await f.investor();
  const bond = await f.productId(BOND);
  const also = options.also ? await f.productId(options.also.slug) : null;
  await f.deposit(
    investor,
    new Decimal(invest)
      .plus(options.cash ?? '0')
      .plus(options.also?.invest ?? '0')
      .toFixed(2),
  );
  const buys: [number, string][] = [
    [bond, invest],
    ...(also ? [[also, options.also!.invest] as [number, string]] : []),
  ];
  for (const [product, spend] of buys) {
    const order = await step(
      f.post(investor.session, `/api/v1/products/${product}/invest/`, { amount: spend, payment_method: 'cash' }),
      'invest',
    );
    await step(f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [JSON.parse(order.body).id] }), 'settle');
  }
  const db = f.t.database.db;
  await writeTab(db, investor.id, 'phone', { phone: FIXTURE_PHONE, verified: true });
  await writeTab(db, investor.id, 'occupation', {
    occupation: 'employee',
    income_band: options.incomeBand ?? 'band_3',
  });
  const plan = options.stockPlan ? await verifiedStockPlan(f, investor) : null;
  const requested = await step(
    f.post(investor.session, '/api/v1/advances/', {
      amount,
      instalments,
      collateral: [
        `position:${bond}`,
        ...(also ? [`position:${also}`] : []),
        ...(plan === null ? [] : [`stock-plan:${plan}`]),
      ],
    }),
    'request',
  );
  const id = JSON.parse(requested.body).id as number;
  const operator = (action: string) => step(f.post(f.admin, `/api/v1/backoffice/advances/${id}/${action}/`), action);
  const scene = { investor, id, payout: calendarDate(f.clock.now), bond, also, plan };
  if (options.until === 'requested') return scene;
  await operator('pre-approve');
  await step(f.post(investor.session, `/api/v1/advances/${id}/signature/`, undefined, null), 'signature');
  const code = await deliveredCode(f.t.app, FIXTURE_PHONE, 'advance-contract');
  await step(f.post(investor.session, `/api/v1/advances/${id}/sign/`, { code }, null), 'sign');
  if (options.until === 'signed') return scene;
  await operator('approve');
  if (options.paidOut ?? true) await operator('disburse');
  return scene;
}

/** The advance row as stored (status, outstanding). */
export async function advanceRow(f: MoneyFixture, id: number) {
  const [row] = await f.app.database.db.select().from(advances).where(eq(advances.id, id));
  return row!;
}

/** Spends the investor's cash down to `left` by a withdrawal to their bank account. */
export async function spendCashTo(f: MoneyFixture, investor: Investor, left: string) {
  const cash = (await f.get(investor.session, '/api/v1/cash/')).json();
  const amount = new Decimal(cash.available).minus(left);
  if (amount.lte(0)) return;
  const res = await withdrawConfirmed(f, investor, amount.toFixed(2));
  if (res.statusCode !== 201) throw new Error(`withdrawal failed: ${res.body}`);
}

/** The latest working day up to the fixture clock's today: the day an operator may record a NAV for. */
function navDay(f: MoneyFixture): string {
  let day = calendarDate(f.clock.now);
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = addDays(day, -1);
  return day;
}

/**
 * The operator records a fund's NAV for the latest working day; the margin-call check it queues runs at
 * once unless `drain: false`.
 */
export async function recordNav(f: MoneyFixture, productId: number, nav: Decimal, options = { drain: true }) {
  await step(
    f.post(f.admin, `/api/v1/backoffice/products/${productId}/navs/`, { date: navDay(f), nav: nav.toFixed(6) }, null),
    'nav',
  );
  if (options.drain) await f.app.jobs.drain();
}
