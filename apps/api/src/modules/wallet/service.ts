// What the customer holds, read-only: positions valued at the latest NAV, the cash summary with where to
// send money and where withdrawals go, and the home page's totals. Composed from the ledger, products,
// transactions and profile services with a fixed number of queries, however many positions there are.

import { HOME_RECENT_TRANSACTIONS } from '@lombard/shared/constants';
import { maskIban } from '@lombard/shared/iban-mask';
import { addCalendarDays, calendarDate } from '@lombard/shared/money/business-days';
import { money, units } from '@lombard/shared/money/orders';
import { positionValue } from '@lombard/shared/money/valuation';
import type { CashSummary, HomeSummary, Position, Wallet } from '@lombard/shared/schemas/wallet';
import Decimal from 'decimal.js';
import type { Queryable } from '../../db/client';
import type { Translate } from '../../lib/i18n';
import { advancesAtAGlance } from '../advances/service';
import { partnerBank } from '../config/service';
import { customerBalances } from '../ledger/service';
import { latestNavs, productsForOrders } from '../products/service';
import { approvedBankAccount } from '../profile/service';
import { planHoldings } from '../stock-plans/service';
import {
  customerDepositReference,
  firstInvestmentDays,
  pendingOrderCount,
  recentTransactions,
} from '../transactions/service';

const FRACTION_DECIMALS = 6;
const ratio = (part: Decimal, whole: Decimal) =>
  whole.isZero() ? '0' : part.div(whole).toDecimalPlaces(FRACTION_DECIMALS, Decimal.ROUND_HALF_EVEN).toString();

export async function wallet(db: Queryable, userId: number, now: Date): Promise<Wallet> {
  const { positions } = await customerBalances(db, userId);
  const held = [...positions.entries()].filter(([, p]) => !p.units.plus(p.reservedUnits).plus(p.pledgedUnits).isZero());
  const ids = held.map(([productId]) => productId);
  const [products, navs, openedOn] = await Promise.all([
    productsForOrders(db, ids),
    latestNavs(db, ids),
    firstInvestmentDays(db, userId),
  ]);
  const today = calendarDate(now);
  const rows = held.map(([productId, p]) => {
    const total = p.units.plus(p.reservedUnits).plus(p.pledgedUnits);
    const product = products.get(productId);
    const average = total.isZero() ? new Decimal(0) : p.cost.div(total).toDecimalPlaces(6, Decimal.ROUND_HALF_EVEN);
    const nav = navs.get(productId) ?? { nav: average.toFixed(6), navDate: today };
    const value = positionValue(total, nav.nav);
    const opened = openedOn.get(productId) ?? today;
    return { productId, p, total, product, average, nav, value, opened };
  });
  const totalValue = rows.reduce((sum, row) => sum.plus(row.value), new Decimal(0));
  const totalCost = rows.reduce((sum, row) => sum.plus(row.p.cost), new Decimal(0));
  const pledgedValue = rows.reduce(
    (sum, row) => sum.plus(positionValue(row.p.pledgedUnits, row.nav.nav)),
    new Decimal(0),
  );
  const result: Position[] = rows.map((row) => {
    const gain = row.value.minus(row.p.cost);
    const holdingDays = row.product?.minHoldingDays ?? 0;
    return {
      product: {
        id: row.productId,
        name: row.product?.name ?? '',
        isin: row.product?.isin ?? '',
        risk_indicator: row.product?.riskIndicator ?? 1,
        min_holding_days: holdingDays,
      },
      units: units(row.total),
      pledged_units: units(row.p.pledgedUnits),
      reserved_units: units(row.p.reservedUnits),
      available_units: units(row.p.units),
      cost: money(row.p.cost),
      average_cost: row.average.toFixed(6),
      nav: row.nav.nav,
      nav_date: row.nav.navDate,
      value: money(row.value),
      gain: money(gain),
      gain_rate: ratio(gain, row.p.cost),
      weight: ratio(row.value, totalValue),
      disinvestable_from: holdingDays > 0 ? addCalendarDays(row.opened, holdingDays) : null,
      opened_on: row.opened,
    };
  });
  const totalGain = totalValue.minus(totalCost);
  return {
    positions: result.sort((a, b) => new Decimal(b.value).comparedTo(a.value)),
    totals: {
      cost: money(totalCost),
      value: money(totalValue),
      gain: money(totalGain),
      gain_rate: ratio(totalGain, totalCost),
      pledged_value: money(pledgedValue),
    },
  };
}

export async function cashSummary(db: Queryable, userId: number): Promise<CashSummary> {
  const [{ cash }, bank, account] = await Promise.all([
    customerBalances(db, userId),
    partnerBank(db),
    approvedBankAccount(db, userId),
  ]);
  return {
    balance: money(cash.available.plus(cash.reserved)),
    available: money(cash.available),
    reserved: money(cash.reserved),
    deposit_instructions: { ...bank, reference_code: customerDepositReference(userId) },
    withdrawal_account: account
      ? { iban_masked: maskIban(account.iban), holder: account.holder_name, bank_name: account.bank_name }
      : null,
  };
}

export async function homeSummary(db: Queryable, userId: number, now: Date, t: Translate): Promise<HomeSummary> {
  const [{ cash }, portfolio, recent, pending, advance, plans] = await Promise.all([
    customerBalances(db, userId),
    wallet(db, userId, now),
    recentTransactions(db, userId, t, HOME_RECENT_TRANSACTIONS),
    pendingOrderCount(db, userId),
    advancesAtAGlance(db, userId, t),
    planHoldings(db, userId, t),
  ]);
  const cashTotal = cash.available.plus(cash.reserved);
  const planValue = plans.reduce((sum, plan) => sum.plus(plan.value), new Decimal(0));
  const assets = cashTotal.plus(portfolio.totals.value).plus(planValue);
  return {
    total_value: money(assets),
    net_position: money(assets.minus(advance.outstanding)),
    cash: money(cashTotal),
    invested: portfolio.totals.value,
    stock_plans: money(planValue),
    advance_outstanding: advance.outstanding,
    margin_call: advance.marginCall,
    current_advance: advance.current,
    gain: portfolio.totals.gain,
    recent_transactions: recent,
    pending_orders: pending,
  };
}

// The cash statement of a period, as the cash page reads it: the quarterly statement of assets reuses it.
export { cashStatement } from './cash-statement';
