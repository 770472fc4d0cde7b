// The quarterly statement of assets (MiFID II): the funds and the company stock plans held at the end of
// the quarter with their units, price and value, pledged units marked as pledged, the cash, and every
// movement of the quarter, so that opening + movements = closing for the cash and for each holding's units. The cash part is the cash
// statement the customer reads on the cash page for the same days; the units are read from the ledger the
// same way.
import type { Language } from '@lombard/shared/locale';
import { calendarDate } from '@lombard/shared/money/business-days';
import { positionValue } from '@lombard/shared/money/valuation';
import type { CashStatement } from '@lombard/shared/schemas/wallet';
import Decimal from 'decimal.js';
import type { Queryable } from '../../db/client';
import type { FileStorage } from '../../lib/files/storage';
import { formatDate, formatDecimal, formatMoney } from '../../lib/format';
import { translator } from '../../lib/i18n';
import { createPdfWriter } from '../../lib/pdf/writer';
import { getAccount } from '../account/service';
import { fileStatement, type StatementNoticeSettings, tellStatementIssued } from '../documents/service';
import { type UnitHolding, unitStatementLines } from '../ledger/service';
import { findProduct, type NavPoint, navOn } from '../products/service';
import { planPricesOn, plansByIds } from '../stock-plans/service';
import { cashStatement } from '../wallet/service';
import type { Quarter } from './quarters';

export interface AssetPosition {
  productId: number;
  name: string;
  isin: string;
  opening: Decimal;
  closing: Decimal;
  pledged: Decimal;
  nav: NavPoint | null;
  value: Decimal;
}

/**
 * Company stock units of an employee plan, valued at the price on record on the last day covered (the
 * latest on or before it, decision 046) with its day and source.
 */
export interface PlanPosition {
  planId: number;
  name: string;
  opening: Decimal;
  closing: Decimal;
  pledged: Decimal;
  unitPrice: Decimal;
  /** The day of that price, null for a plan with none on record then. */
  priceDay: string | null;
  priceSource: string;
  value: Decimal;
}

export interface AssetStatementFigures {
  quarter: Quarter;
  /** The last day covered: the quarter's, or the day of issue for a quarter still running. */
  to: string;
  cash: CashStatement;
  positions: AssetPosition[];
  plans: PlanPosition[];
  unitMovements: Array<{ day: string; kindName: string; product: string; units: Decimal }>;
  totalValue: Decimal;
}

export async function assetStatementFigures(
  db: Queryable,
  userId: number,
  quarter: Quarter,
  asOf: string,
  language: Language,
): Promise<AssetStatementFigures> {
  const t = translator(language);
  const to = asOf < quarter.to ? asOf : quarter.to;
  const cash = await cashStatement(db, userId, { from: quarter.from, to }, t);
  const units = await unitStatementLines(db, userId, { from: quarter.from, to });
  const planUnits = await unitStatementLines(db, userId, { from: quarter.from, to }, 'plan');
  const positions: AssetPosition[] = [];
  for (const holding of heldOrMoved(units)) {
    const { holdingId: productId, ...figures } = holding;
    const product = await findProduct(db, productId);
    const nav = await navOn(db, productId, to);
    positions.push({
      ...figures,
      productId,
      name: product?.name ?? '',
      isin: product?.isin ?? '',
      nav,
      value: nav ? positionValue(holding.closing, nav.nav) : new Decimal(0),
    });
  }
  positions.sort((a, b) => a.name.localeCompare(b.name));
  const planHoldings = heldOrMoved(planUnits);
  const planIds = planHoldings.map((h) => h.holdingId);
  const planRows = await plansByIds(db, planIds);
  const planPrices = await planPricesOn(db, planIds, to);
  const plans = planHoldings.map(({ holdingId: planId, ...figures }): PlanPosition => {
    const plan = planRows.get(planId);
    // None on record by then (units held since before their verification day): the verified price.
    const price = planPrices.get(planId);
    const unitPrice = new Decimal(price?.price ?? plan?.unitPrice ?? 0);
    const source = price?.source ?? plan?.priceSource;
    return {
      ...figures,
      planId,
      name: plan ? `${plan.companyName} · ${plan.planName}` : '',
      unitPrice,
      priceDay: price?.day ?? null,
      priceSource: source ? t(`advances:stockPlans.priceSources.${source}`).toLocaleLowerCase(language) : '',
      value: positionValue(figures.closing, unitPrice),
    };
  });
  plans.sort((a, b) => a.name.localeCompare(b.name));
  const names = new Map(positions.map((p) => [p.productId, p.name]));
  const planNames = new Map(plans.map((p) => [p.planId, p.name]));
  const kindName = (kind: string) =>
    t(`statements:assets.unitKinds.${UNIT_MOVEMENT_KINDS.includes(kind) ? kind : 'other'}`);
  return {
    quarter,
    to,
    cash,
    positions,
    plans,
    unitMovements: [
      ...units.lines.map((line) => ({ line, product: names.get(line.holdingId) ?? '' })),
      ...planUnits.lines.map((line) => ({ line, product: planNames.get(line.holdingId) ?? '' })),
    ]
      .sort((a, b) => a.line.at.getTime() - b.line.at.getTime() || a.line.entryId - b.line.entryId)
      .map(({ line, product }) => ({
        day: calendarDate(line.at),
        kindName: kindName(line.kind),
        product,
        units: line.units,
      })),
    totalValue: [...positions, ...plans].reduce((sum, p) => sum.plus(p.value), new Decimal(0)),
  };
}

/** The entries that change units held and have a name of their own on the statement. */
const UNIT_MOVEMENT_KINDS = ['invest.settle', 'disinvest.execute', 'stock_plan.verify'];

/** Holdings with units at either end of the period or a movement inside it. */
const heldOrMoved = (statement: { holdings: UnitHolding[]; lines: Array<{ holdingId: number }> }) =>
  statement.holdings.filter(
    (h) => !h.opening.isZero() || !h.closing.isZero() || statement.lines.some((line) => line.holdingId === h.holdingId),
  );

const short = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export async function buildAssetStatement(
  language: Language,
  customerName: string,
  figures: AssetStatementFigures,
  issuedOn: string,
): Promise<Uint8Array> {
  const t = translator(language);
  const k = (key: string, params?: Record<string, unknown>) => t(`statements:assets.${key}`, params);
  const money = (value: Decimal.Value) => formatMoney(value, language);
  const unitsOf = (value: Decimal.Value) => formatDecimal(value, language, 6);
  const date = (day: string) => formatDate(day, language);
  const title = k('title', { quarter: figures.quarter.label });
  const w = await createPdfWriter({ language, title, date: issuedOn });
  w.heading(title);
  w.paragraph(k('subtitle', { name: customerName, from: date(figures.quarter.from), to: date(figures.to) }), {
    muted: true,
  });

  w.heading(k('summaryHeading'));
  w.row(k('positionsValue', { date: date(figures.to) }), money(figures.totalValue));
  w.row(k('cashClosing', { date: date(figures.to) }), money(figures.cash.closing_balance));
  w.row(k('total'), money(figures.totalValue.plus(figures.cash.closing_balance)));

  w.heading(k('positionsHeading'));
  if (figures.positions.length === 0) w.paragraph(k('noPositions'));
  else {
    w.table(
      ['product', 'isin', 'units', 'pledged', 'nav', 'value'].map((h) => k(`positionHeaders.${h}`)),
      figures.positions.map((p) => [
        short(p.name, 30),
        p.isin,
        unitsOf(p.closing),
        p.pledged.isZero() ? '—' : unitsOf(p.pledged),
        p.nav ? formatDecimal(p.nav.nav, language, 4) : '—',
        money(p.value),
      ]),
      [150, 80, 70, 80, 55, 60],
    );
    w.paragraph(k('pricesNote'), { muted: true });
  }
  if (figures.plans.length > 0) {
    w.heading(k('plansHeading'));
    w.table(
      ['plan', 'units', 'pledged', 'price', 'value'].map((h) => k(`planHeaders.${h}`)),
      figures.plans.map((p) => [
        short(p.name, 40),
        unitsOf(p.closing),
        p.pledged.isZero() ? '—' : unitsOf(p.pledged),
        formatDecimal(p.unitPrice, language, 4),
        money(p.value),
      ]),
      [205, 75, 85, 70, 60],
    );
    const onRecord = figures.plans.map((p) =>
      k(p.priceDay ? 'planPrice' : 'planPriceUndated', {
        plan: short(p.name, 40),
        price: formatDecimal(p.unitPrice, language, 4),
        date: p.priceDay ? date(p.priceDay) : '',
        source: p.priceSource,
      }),
    );
    w.paragraph(k('plansNote', { date: date(figures.to), prices: onRecord.join('; ') }), { muted: true });
  }

  w.heading(k('unitsHeading'));
  w.table(
    ['product', 'opening', 'movements', 'closing'].map((h) => k(`unitHeaders.${h}`)),
    [...figures.positions, ...figures.plans].map((p) => [
      short(p.name, 36),
      unitsOf(p.opening),
      unitsOf(p.closing.minus(p.opening)),
      unitsOf(p.closing),
    ]),
    [195, 100, 100, 100],
  );
  if (figures.unitMovements.length > 0) {
    w.table(
      ['date', 'description', 'product', 'units'].map((h) => k(`unitMovementHeaders.${h}`)),
      figures.unitMovements.map((m) => [date(m.day), short(m.kindName, 28), short(m.product, 34), unitsOf(m.units)]),
      [65, 140, 190, 100],
    );
  }

  w.heading(k('cashHeading'));
  w.row(k('cashOpening', { date: date(figures.quarter.from) }), money(figures.cash.opening_balance));
  const lines = [...figures.cash.movements].reverse();
  if (lines.length === 0) w.paragraph(k('noMovements'));
  else {
    w.table(
      ['date', 'description', 'amount', 'balance'].map((h) => k(`cashHeaders.${h}`)),
      lines.map((m) => [
        date(calendarDate(new Date(m.at))),
        short(m.reference_code ? `${m.kind_name} ${m.reference_code}` : m.kind_name, 40),
        money(m.amount),
        money(m.balance),
      ]),
      [65, 230, 100, 100],
    );
  }
  w.row(k('cashClosing', { date: date(figures.to) }), money(figures.cash.closing_balance));
  w.paragraph(k('footer'), { muted: true });
  return w.finish();
}

export const assetStatementKey = (quarter: Quarter) => `asset-statement:${quarter.label}`;

/**
 * Files a customer's statement of assets for a quarter in the caller's transaction and e-mails the notice.
 * One for a quarter already filed after it ended is kept (a job run twice files one); one filed while the
 * quarter was running (the demo's) is replaced by the complete one. `replace` draws it again (operator).
 */
export async function issueAssetStatement(
  tx: Queryable,
  storage: FileStorage,
  settings: StatementNoticeSettings,
  input: { userId: number; quarter: Quarter; today: string; replace?: boolean },
): Promise<number | null> {
  const account = await getAccount(tx, input.userId);
  if (!account) return null;
  const language = account.language;
  const figures = await assetStatementFigures(tx, input.userId, input.quarter, input.today, language);
  // Nothing held and nothing moved (an account emptied long ago): no statement to send.
  const cashIdle = figures.cash.movements.length === 0 && new Decimal(figures.cash.closing_balance).isZero();
  if (cashIdle && figures.positions.length === 0 && figures.plans.length === 0) return null;
  const bytes = await buildAssetStatement(
    language,
    `${account.firstName} ${account.lastName}`.trim(),
    figures,
    input.today,
  );
  const documentId = await fileStatement(
    tx,
    storage,
    {
      userId: input.userId,
      kind: 'asset_statement',
      key: assetStatementKey(input.quarter),
      issuedOn: input.today,
      fileName: translator(language)('statements:assets.fileName', { quarter: input.quarter.label }),
      bytes,
    },
    (current) => !input.replace && current.issuedOn !== null && current.issuedOn > input.quarter.to,
  );
  if (documentId !== null && !input.replace) {
    await tellStatementIssued(tx, settings, {
      userId: input.userId,
      kind: 'asset_statement',
      params: { period: input.quarter.label },
    });
  }
  return documentId;
}
