// Stock plans: company stock units a customer registers with the plan document, an operator verifies, and
// advances pledge. Verified units enter the ledger per plan (the employer's side mirrors them), so that a
// pledge moves them like a fund's units and "pledged twice" is impossible by the balances.
import { STOCK_PLAN_LOAN_TO_VALUE } from '@lombard/shared/constants';
import { positionValue } from '@lombard/shared/money/valuation';
import type { StockPlan, StockPlanRequest, StockPlanVerify } from '@lombard/shared/schemas/stock-plans';
import Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client';
import { stockPlans } from '../../db/schema/stock-plans';
import { AppError, notFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/files/storage';
import type { FlowContext } from '../../lib/flow-context';
import type { Translate } from '../../lib/i18n';
import { translator } from '../../lib/i18n';
import { queueEmail, renderEmail } from '../../lib/outbox';
import { recordAudit } from '../../lib/resource/audit';
import { getAccount, lockOpenAccount } from '../account/service';
import { createDocument, type NewDocumentFile } from '../documents/service';
import { customerBalances, lockBalance, postEntry } from '../ledger/service';
import { activePartnerName } from '../partners/service';
import { promoteLead } from '../transactions/service';
import { type PlanPrice, planPriceOn, planPricesOn, writeVerifiedPrice } from './prices';

// The plan's price on a day, asked by every feature that values plan units (docs/decisions/046).
export {
  type PlanPrice,
  planPriceHistoriesFrom,
  planPriceOn,
  planPricesOn,
  recordPlanPrice,
  STOCK_PLAN_PRICE_RECORDED_JOB,
} from './prices';

export type StockPlanRow = typeof stockPlans.$inferSelect;

const planRef = (userId: number, stockPlanId: number) =>
  ({ kind: 'customer.plan_units', userId, stockPlanId }) as const;
const pledgedRef = (userId: number, stockPlanId: number) =>
  ({ kind: 'customer.plan_units_pledged', userId, stockPlanId }) as const;
const employerRef = (stockPlanId: number) => ({ kind: 'platform.plan_units', stockPlanId }) as const;

const units = (value: Decimal.Value) => new Decimal(value).toFixed(6);

/**
 * The price a plan's units are valued at: the one in force (`found`), or for a plan without one (waiting,
 * refused) the price declared or verified on the plan itself, with no day.
 */
export function priceOf(
  row: StockPlanRow,
  found: PlanPrice | null | undefined,
): Omit<PlanPrice, 'day'> & { day: string | null } {
  return found ?? { price: units(row.unitPrice), day: null, source: row.priceSource as PlanPrice['source'] };
}

export function serializeStockPlan(
  row: StockPlanRow,
  pledgedUnits: string,
  t: Translate,
  found: PlanPrice | null | undefined,
): StockPlan {
  const price = priceOf(row, found);
  return {
    id: row.id,
    status: row.status as StockPlan['status'],
    status_name: t(`advances:stockPlans.statuses.${row.status}`),
    company: row.companyName,
    partner_id: row.partnerId,
    plan_name: row.planName,
    vested_units: units(row.vestedUnits),
    pledged_units: units(pledgedUnits),
    unit_price: price.price,
    price_source: price.source,
    price_date: price.day,
    value: positionValue(row.vestedUnits, price.price).toFixed(2),
    loan_to_value: new Decimal(row.loanToValue).toFixed(4),
    document_id: row.documentId,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
    verified_at: row.verifiedAt?.toISOString() ?? null,
  };
}

/** A plan by id; with `userId`, only that customer's (someone else's answers as missing). */
export async function findStockPlan(db: Queryable, id: number, userId?: number, lock = false) {
  const where =
    userId === undefined ? eq(stockPlans.id, id) : and(eq(stockPlans.id, id), eq(stockPlans.userId, userId));
  const query = db.select().from(stockPlans).where(where);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The customer's verified plans with their free and pledged units (from the ledger; pass the balances
 * when the caller already read them) and the price in force today.
 */
export async function verifiedPlans(
  db: Queryable,
  userId: number,
  known?: Map<number, { free: Decimal; pledged: Decimal }>,
) {
  const rows = await db
    .select()
    .from(stockPlans)
    .where(and(eq(stockPlans.userId, userId), eq(stockPlans.status, 'verified')))
    .orderBy(stockPlans.id);
  // One after the other: the caller may pass a transaction, one connection running one query at a time.
  const balances = known ?? (await planBalances(db, userId));
  const prices = await planPricesOn(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    row,
    free: balances.get(row.id)?.free ?? new Decimal(0),
    pledged: balances.get(row.id)?.pledged ?? new Decimal(0),
    price: priceOf(row, prices.get(row.id)),
  }));
}

/** Free and pledged units of each of the customer's plans, by plan id. */
export async function planBalances(db: Queryable, userId: number) {
  const { planUnits } = await customerBalances(db, userId);
  return planUnits;
}

/**
 * The customer's verified plans as holdings: free and pledged units, the price in force today and their
 * value. Net worth and the home count them as assets.
 */
export async function planHoldings(db: Queryable, userId: number, t: Translate) {
  const plans = await verifiedPlans(db, userId);
  return plans.map(({ row, free, pledged, price }) => ({
    stockPlanId: row.id,
    label: t('advances:collateral.stockPlan', { company: row.companyName, plan: row.planName }),
    price: price.price,
    free,
    pledged,
    value: positionValue(free.plus(pledged), price.price),
  }));
}

/**
 * Whether the customer still holds units of any plan, free or pledged: an account holding them cannot be
 * closed (the units are theirs until released back to the plan). Pass the balances already read, if any.
 */
export async function holdsPlanUnits(
  db: Queryable,
  userId: number,
  known?: Map<number, { free: Decimal; pledged: Decimal }>,
): Promise<boolean> {
  const balances = known ?? (await planBalances(db, userId));
  return [...balances.values()].some((plan) => !plan.free.isZero() || !plan.pledged.isZero());
}

export async function plansByIds(db: Queryable, ids: number[]): Promise<Map<number, StockPlanRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(stockPlans).where(inArray(stockPlans.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Registers a plan with its document, in the caller's transaction. */
export async function registerStockPlan(
  tx: Transaction,
  storage: FileStorage,
  userId: number,
  body: StockPlanRequest,
  file: NewDocumentFile,
  now: Date,
): Promise<StockPlanRow> {
  let companyName = body.company_name ?? '';
  if (body.partner_id !== undefined) {
    const partner = await activePartnerName(tx, body.partner_id);
    if (!partner) throw new AppError('STOCK_PLAN_PARTNER_UNKNOWN');
    companyName = partner;
  }
  const document = await createDocument(tx, storage, {
    userId,
    kind: 'stock_plan',
    origin: 'uploaded',
    type: 'stock_plan',
    files: [file],
  });
  const [row] = await tx
    .insert(stockPlans)
    .values({
      userId,
      partnerId: body.partner_id ?? null,
      companyName,
      planName: body.plan_name,
      vestedUnits: body.vested_units,
      unitPrice: body.unit_price,
      priceSource: body.price_source,
      loanToValue: STOCK_PLAN_LOAN_TO_VALUE,
      status: 'submitted',
      documentId: document.id,
      createdAt: now,
    })
    .returning();
  return row!;
}

async function pendingPlan(tx: Transaction, id: number) {
  const row = await findStockPlan(tx, id, undefined, true);
  if (!row) throw notFound();
  if (row.status !== 'submitted') throw new AppError('STOCK_PLAN_NOT_PENDING');
  return row;
}

/**
 * An operator verifies a plan (optionally correcting units or price): its units enter the ledger, the
 * customer is told, and a lead whose units are verified becomes a customer (as after a first investment).
 */
export async function verifyStockPlan(
  tx: Transaction,
  context: FlowContext,
  id: number,
  corrections: StockPlanVerify,
): Promise<StockPlanRow> {
  const before = await pendingPlan(tx, id);
  // A plan registered before the account was closed brings no units into it afterwards.
  await lockOpenAccount(tx, before.userId);
  const [row] = await tx
    .update(stockPlans)
    .set({
      status: 'verified',
      vestedUnits: corrections.vested_units ?? before.vestedUnits,
      unitPrice: corrections.unit_price ?? before.unitPrice,
      verifiedAt: context.now,
      decidedBy: context.actor.id,
      reason: null,
    })
    .where(eq(stockPlans.id, id))
    .returning();
  await postEntry(tx, {
    kind: 'stock_plan.verify',
    reference: `stock_plans:${id}`,
    userId: row!.userId,
    actorId: context.actor.id,
    lines: [
      { account: planRef(row!.userId, id), amount: units(row!.vestedUnits) },
      { account: employerRef(id), amount: new Decimal(row!.vestedUnits).neg().toFixed(6) },
    ],
  });
  await writeVerifiedPrice(tx, context, row!);
  await audit(tx, context, 'verify', before, row!);
  await emailDecision(tx, context, row!);
  await promoteLead(tx, context, row!.userId);
  return row!;
}

/** An operator refuses a plan with the reason the customer reads. */
export async function rejectStockPlan(
  tx: Transaction,
  context: FlowContext,
  id: number,
  reason: string,
): Promise<StockPlanRow> {
  const before = await pendingPlan(tx, id);
  const [row] = await tx
    .update(stockPlans)
    .set({ status: 'rejected', reason, decidedBy: context.actor.id })
    .where(eq(stockPlans.id, id))
    .returning();
  await audit(tx, context, 'reject', before, row!);
  await emailDecision(tx, context, row!);
  return row!;
}

/** Tells the customer, in their language, that their plan was verified (it can secure an advance) or why not. */
async function emailDecision(tx: Transaction, context: FlowContext, row: StockPlanRow) {
  const account = await getAccount(tx, row.userId);
  if (!account) return;
  const t = translator(account.language);
  const plan = `${row.companyName} – ${row.planName}`;
  const verified = row.status === 'verified';
  const content = renderEmail({
    greeting: account.firstName ? t('emails:greeting', { name: account.firstName }) : t('emails:greetingAnonymous'),
    paragraphs: verified
      ? [t('advances:stockPlans.email.verified', { plan })]
      : [t('advances:stockPlans.email.rejected', { plan }), t('advances:email.reason', { reason: row.reason ?? '' })],
    action: { label: t('advances:stockPlans.email.action'), url: `${context.publicUrl}/customer/loan/` },
    footer: t('emails:footer', { supportEmail: context.supportEmail }),
  });
  await queueEmail(tx, {
    to: account.email,
    template: 'stock_plan_decision',
    language: account.language,
    subject: t(verified ? 'advances:stockPlans.verified' : 'advances:stockPlans.rejected'),
    ...content,
    meta: { stock_plan_id: row.id, status: row.status },
  });
}

async function audit(tx: Transaction, context: FlowContext, action: string, before: StockPlanRow, after: StockPlanRow) {
  await recordAudit(tx, context.actor, {
    action,
    objectType: 'stock_plans',
    objectId: after.id,
    before: { status: before.status, vested_units: before.vestedUnits, unit_price: before.unitPrice },
    after: { status: after.status, vested_units: after.vestedUnits, unit_price: after.unitPrice, reason: after.reason },
    requestId: context.requestId,
    ip: context.ip,
  });
}

/**
 * Pledges all free units of a verified plan to an advance; answers the units pledged and the price in force
 * (read under the plan's lock). Refuses a plan that is not the customer's, not verified, or already pledged
 * (no free units left).
 */
export async function pledgePlan(
  tx: Transaction,
  userId: number,
  id: number,
  reference: string,
  /** Only these units (a collateral swap pledges what it needs); every free unit without it. */
  only?: string,
): Promise<StockPlanRow & { pledgedUnits: string; price: string }> {
  const row = await findStockPlan(tx, id, userId, true);
  if (row?.status !== 'verified') throw new AppError('COLLATERAL_UNAVAILABLE');
  const free = await lockBalance(tx, planRef(userId, id));
  if (free.lte(0)) throw new AppError('COLLATERAL_ALREADY_PLEDGED');
  if (only !== undefined && free.lt(only)) throw new AppError('COLLATERAL_UNAVAILABLE');
  const pledged = only === undefined ? free : new Decimal(only);
  await postEntry(tx, {
    kind: 'stock_plan.pledge',
    reference,
    userId,
    lines: [
      { account: planRef(userId, id), amount: pledged.neg().toFixed(6) },
      { account: pledgedRef(userId, id), amount: pledged.toFixed(6) },
    ],
  });
  return { ...row, pledgedUnits: pledged.toFixed(6), price: priceOf(row, await planPriceOn(tx, id)).price };
}

/** Gives pledged plan units back to the customer (the advance ended, was cancelled or rejected). */
export async function releasePlan(
  tx: Transaction,
  userId: number,
  id: number,
  pledgedUnits: string,
  reference: string,
) {
  if (new Decimal(pledgedUnits).lte(0)) return;
  await postEntry(tx, {
    kind: 'stock_plan.release',
    reference,
    userId,
    lines: [
      { account: pledgedRef(userId, id), amount: new Decimal(pledgedUnits).neg().toFixed(6) },
      { account: planRef(userId, id), amount: new Decimal(pledgedUnits).toFixed(6) },
    ],
  });
}

/** Every stock plan a customer registered, as stored (the copy of their data). */
export async function stockPlanRecords(db: Queryable, userId: number) {
  return db.select().from(stockPlans).where(eq(stockPlans.userId, userId)).orderBy(stockPlans.id);
}
