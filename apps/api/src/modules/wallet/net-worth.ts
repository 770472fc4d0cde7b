// Net worth with the advance as a debt: today (the home's figures), month by month over the last year
// rebuilt from the ledger and the NAV history, and after the lender sold the pledged units at today's
// prices to repay the advance. Stock-plan units count at their plan's price in force each day (decision
// 901), and a forced sale reaches them after the pledged funds (docs/decisions/036).
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
import type { Translate } from '../../lib/i18n';
import { lossesCarriedForward, sellableLines } from '../advances/service';
import { ledgerLinesOf } from '../ledger/service';
import { navHistoriesFrom } from '../products/service';
import { planHoldings, planPriceHistoriesFrom } from '../stock-plans/service';
import { transactionDays } from '../transactions/service';

const ACCOUNTS: Record<string, NetWorthMovement['account']> = {
  'customer.units': 'units',
  'customer.units_reserved': 'units',
  'customer.units_pledged': 'units',
  'customer.plan_units': 'plan_units',
  'customer.plan_units_pledged': 'plan_units',
  'customer.cash': 'cash',
  'customer.cash_reserved': 'cash',
  'customer.advance': 'advance',
};

const view = (point: NetWorthPoint) => ({
  date: point.date,
  investments: point.investments,
  stock_plans: point.stockPlans,
  cash: point.cash,
  assets: point.assets,
  advance: point.advance,
  net_worth: point.netWorth,
});

export async function netWorth(db: Queryable, userId: number, now: Date, t: Translate): Promise<NetWorth> {
  const today = calendarDate(now);
  const days = monthlyDays(today);
  const [lines, eventDays, pledged, losses, plans] = await Promise.all([
    ledgerLinesOf(db, userId),
    transactionDays(db, userId),
    sellableLines(db, userId, today, 'pledged'),
    lossesCarriedForward(db, userId, today),
    planHoldings(db, userId, t),
  ]);
  const movements: NetWorthMovement[] = [];
  const productIds = new Set<number>();
  const planIds = new Set<number>();
  for (const line of lines) {
    const account = ACCOUNTS[line.account];
    if (!account || (account === 'units' && line.productId === null)) continue;
    if (account === 'plan_units' && line.stockPlanId === null) continue;
    if (account === 'units') productIds.add(line.productId!);
    if (account === 'plan_units') planIds.add(line.stockPlanId!);
    // An order's or transfer's entry counts from the day it was executed; any other from its posting.
    const transaction = /^transactions:(\d+)$/.exec(line.reference);
    const eventDay = transaction ? eventDays.get(Number(transaction[1])) : undefined;
    movements.push({
      date: eventDay ?? calendarDate(new Date(line.createdAt)),
      account,
      productId: line.productId ?? undefined,
      stockPlanId: line.stockPlanId ?? undefined,
      amount: line.amount,
    });
  }
  const [navs, planPrices] = await Promise.all([
    navHistoriesFrom(db, [...productIds], days[0]!),
    planPriceHistoriesFrom(db, [...planIds], days[0]!),
  ]);
  const history = netWorthSeries({ days, movements, navs, planPrices });
  const current = history.at(-1)!;
  const sale = forcedSaleNetWorth({
    assets: current.assets,
    advance: current.advance,
    pledged,
    pledgedPlans: plans
      .filter((plan) => plan.pledged.gt(0))
      .map((plan) => ({ key: `stock-plan:${plan.stockPlanId}`, units: plan.pledged.toFixed(6), price: plan.price })),
    lossesCarriedForward: losses,
    today,
  });
  const funds = new Map(pledged.map((line) => [line.key, line]));
  const planLines = new Map(plans.map((plan) => [`stock-plan:${plan.stockPlanId}`, plan]));
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
        kind: line.kind,
        product_id: line.kind === 'fund' ? funds.get(line.key)!.productId : null,
        stock_plan_id: line.kind === 'stock_plan' ? planLines.get(line.key)!.stockPlanId : null,
        label: (line.kind === 'fund' ? funds.get(line.key) : planLines.get(line.key))!.label,
        units: line.units,
        proceeds: line.proceeds,
      })),
    },
  };
}
