// Net worth with the advance as a debt: today (the home's figures), month by month over the last year
// rebuilt from the ledger and the NAV history, and after the lender sold the pledged units at today's
// prices to repay the advance. Plan units are not counted, as the portfolio does not count them.
import { calendarDate } from '@lombard/shared/money/business-days';
import {
  forcedSaleNetWorth,
  monthlyDays,
  type NetWorthMovement,
  type NetWorthPoint,
  netWorthSeries,
} from '@lombard/shared/money/net-worth';
import type { NetWorth } from '@lombard/shared/schemas/borrow-or-sell';
import type { Queryable } from '../../db/client';
import { lossesCarriedForward, sellableLines } from '../advances/service';
import { ledgerLinesOf } from '../ledger/service';
import { navHistoriesFrom } from '../products/service';
import { transactionDays } from '../transactions/service';

const ACCOUNTS: Record<string, NetWorthMovement['account']> = {
  'customer.units': 'units',
  'customer.units_reserved': 'units',
  'customer.units_pledged': 'units',
  'customer.cash': 'cash',
  'customer.cash_reserved': 'cash',
  'customer.advance': 'advance',
};

const view = (point: NetWorthPoint) => ({
  date: point.date,
  investments: point.investments,
  cash: point.cash,
  assets: point.assets,
  advance: point.advance,
  net_worth: point.netWorth,
});

export async function netWorth(db: Queryable, userId: number, now: Date): Promise<NetWorth> {
  const today = calendarDate(now);
  const days = monthlyDays(today);
  const [lines, eventDays, pledged, losses] = await Promise.all([
    ledgerLinesOf(db, userId),
    transactionDays(db, userId),
    sellableLines(db, userId, today, 'pledged'),
    lossesCarriedForward(db, userId, today),
  ]);
  const movements: NetWorthMovement[] = [];
  const productIds = new Set<number>();
  for (const line of lines) {
    const account = ACCOUNTS[line.account];
    if (!account || (account === 'units' && line.productId === null)) continue;
    if (account === 'units') productIds.add(line.productId!);
    // An order's or transfer's entry counts from the day it was executed; any other from its posting.
    const transaction = /^transactions:(\d+)$/.exec(line.reference);
    const eventDay = transaction ? eventDays.get(Number(transaction[1])) : undefined;
    movements.push({
      date: eventDay ?? calendarDate(new Date(line.createdAt)),
      account,
      productId: line.productId ?? undefined,
      amount: line.amount,
    });
  }
  const navs = await navHistoriesFrom(db, [...productIds], days[0]!);
  const history = netWorthSeries({ days, movements, navs });
  const current = history.at(-1)!;
  const sale = forcedSaleNetWorth({
    assets: current.assets,
    advance: current.advance,
    pledged,
    lossesCarriedForward: losses,
    today,
  });
  const labels = new Map(pledged.map((line) => [line.key, line]));
  return {
    today: view(current),
    history: history.map(view),
    forced_sale: {
      sold_value: sale.soldValue,
      proceeds: sale.proceeds,
      tax: sale.tax,
      loss: sale.loss,
      repaid: sale.repaid,
      still_owed: sale.stillOwed,
      net_worth: sale.after,
      lines: sale.lines.map((line) => ({
        product_id: labels.get(line.key)!.productId,
        label: labels.get(line.key)!.label,
        units: line.units,
        proceeds: line.proceeds,
      })),
    },
  };
}
