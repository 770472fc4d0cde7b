// Test scenes for the life of an advance: an investor holding a settled bond position, with an active
// advance pledging it, paid out on the fixture clock's day; the clock then moves to due dates.
import { ADVANCE_STATUS } from '@lombard/shared/advance-status';
import { quoteAdvance } from '@lombard/shared/money/advance-calculator';
import { calendarDate } from '@lombard/shared/money/business-days';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { inTransaction } from '../../db/client';
import { advanceInstalments, advances } from '../../db/schema/advances';
import { translator } from '../../lib/i18n';
import { type Investor, type MoneyFixture, moneyFixture } from '../../test/money';
import { postEntry } from '../ledger/service';
import { collateralLines, pledgeLines } from './collateral';

export const BOND = 'obbligazionario-euro-protetto-2031';

export const lifeFixture = (): Promise<MoneyFixture> => moneyFixture();

export interface ActiveAdvance {
  investor: Investor;
  id: number;
  /** The payout day: the first quarter starts on it. */
  payout: string;
  bond: number;
}

/**
 * An investor who bought `invest` of the bond (settled), kept `cash` besides, and has an active advance of
 * `amount` over `instalments` quarters pledging the bond, signed and paid out now (the fixture's clock);
 * with `paidOut: false` approved but not paid out yet (status 4).
 */
export async function activeAdvance(
  f: MoneyFixture,
  options: { amount?: string; instalments?: number; invest?: string; cash?: string; paidOut?: boolean } = {},
): Promise<ActiveAdvance> {
  const amount = options.amount ?? '20000.00';
  const instalments = options.instalments ?? 4;
  const invest = options.invest ?? '60000.00';
  const investor = await f.investor();
  const bond = await f.productId(BOND);
  await f.deposit(investor, new Decimal(invest).plus(options.cash ?? '0').toFixed(2));
  const order = await f.post(investor.session, `/api/v1/products/${bond}/invest/`, {
    amount: invest,
    payment_method: 'cash',
  });
  if (order.statusCode !== 201) throw new Error(`invest failed: ${order.body}`);
  await f.post(f.admin, '/api/v1/backoffice/orders/settle/', { ids: [order.json().id] });
  const now = f.clock.now;
  const payout = calendarDate(now);
  const quote = quoteAdvance({ amount, instalments, startDate: payout });
  const paidOut = options.paidOut ?? true;
  const id = await inTransaction(f.app.database.db, async (tx) => {
    const lines = await collateralLines(tx, investor.id, translator('en'));
    const [row] = await tx
      .insert(advances)
      .values({
        userId: investor.id,
        status: paidOut ? ADVANCE_STATUS.active : ADVANCE_STATUS.moneyOnTheWay,
        amount,
        outstanding: paidOut ? amount : '0.00',
        instalments,
        annualRate: quote.annualRate,
        apr: quote.apr,
        collateralSnapshot: {},
        signedAt: now,
        approvedAt: now,
        disbursedAt: paidOut ? now : null,
        createdAt: now,
      })
      .returning({ id: advances.id });
    await pledgeLines(
      tx,
      investor.id,
      row!.id,
      lines.filter((line) => line.key === `position:${bond}`),
    );
    if (!paidOut) return row!.id;
    const principal = new Decimal(amount);
    await postEntry(tx, {
      kind: 'advance.disburse',
      reference: `advances:${row!.id}`,
      userId: investor.id,
      lines: [
        { account: { kind: 'customer.cash', userId: investor.id }, amount: principal },
        { account: { kind: 'platform.bank' }, amount: principal.neg() },
        { account: { kind: 'customer.advance', userId: investor.id }, amount: principal },
        { account: { kind: 'platform.advances' }, amount: principal.neg() },
      ],
    });
    await tx.insert(advanceInstalments).values(
      quote.schedule.map((item) => ({
        advanceId: row!.id,
        number: item.number,
        dueDate: item.dueDate,
        interest: item.interest,
        principal: item.principal,
      })),
    );
    return row!.id;
  });
  return { investor, id, payout, bond };
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
  const res = await f.post(investor.session, '/api/v1/cash/withdrawals/', { amount: amount.toFixed(2) });
  if (res.statusCode !== 201) throw new Error(`withdrawal failed: ${res.body}`);
}
