// The customer's side before signing: the calculator's quote checked against their collateral, the
// request (collateral pledged in the same transaction, creditworthiness recorded) and its cancellation.
import { IN_PROGRESS_STATUSES } from '@lombard/shared/advance-status';
import { INCOME_BANDS, MAX_CREDIT_INCOME_RATIO } from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import {
  CALCULATOR_MESSAGES,
  type CalculatorMessage,
  quoteAdvance,
  type AdvanceQuote as SharedQuote,
  validateAdvanceInput,
} from '@lombard/shared/money/advance-calculator';
import { validateAdvanceRequest } from '@lombard/shared/money/advance-request-rules';
import type { RateBand } from '@lombard/shared/money/rate-bands';
import { aboveUsuryThreshold } from '@lombard/shared/money/usury';
import type { AdvanceQuote, AdvanceQuoteRequest, AdvanceRequest, RuleMessage } from '@lombard/shared/schemas/advances';
import type { UsuryThreshold } from '@lombard/shared/schemas/settings';
import Decimal from 'decimal.js';
import { and, asc, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client';
import { advances, marginCalls } from '../../db/schema/advances';
import { AppError, fieldError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { formatMoney, formatPercent } from '../../lib/format';
import { advanceSettings } from '../config/service';
import { readTabs } from '../profile/service';
import { checkPicked, collateralLines, pledgeLines, powerOf, releaseCollateral, type ValuedLine } from './collateral';
import { bankMaximumAdvance } from './config';
import { type AdvanceRow, addEvent, findAdvance, tellCustomerStatus, transition } from './records';

/**
 * The shared quote for an amount and a number of instalments, paid out today, at `bands` (the ones in
 * force for a new advance, `ownRate` for an existing one). Outside the calculator's range (amount, 1–40
 * instalments) a 400 with the calculator's own messages.
 */
export function priceAdvance(
  amount: string,
  instalments: number,
  today: string,
  bands: readonly RateBand[],
  language?: Language,
): SharedQuote {
  const issues = validateAdvanceInput({ amount, instalments });
  if (issues.instalments) throw fieldError({ instalments: issues.instalments });
  if (issues.amount && issues.amount.key !== CALCULATOR_MESSAGES.minimumAdvance) {
    const params = Object.fromEntries(
      Object.entries(issues.amount.params ?? {}).map(([name, value]) => [
        name,
        language && typeof value === 'string' ? formatMoney(value, language) : value,
      ]),
    );
    throw fieldError({ amount: { key: issues.amount.key, params } });
  }
  return quoteAdvance({ amount, instalments, startDate: today }, bands);
}

/**
 * Nothing is offered above the usury threshold in force (Law 108/1996): a quote, a request, a SECCI, a
 * pre-approval and an approval whose APR is above it are refused with a 422 that says both rates.
 */
export function assertWithinUsuryThreshold(apr: string, threshold: UsuryThreshold | null, language: Language): void {
  if (!threshold || !aboveUsuryThreshold(apr, threshold)) return;
  throw new AppError('ADVANCE_APR_ABOVE_USURY_THRESHOLD', {
    params: {
      apr: formatPercent(apr, language),
      threshold: formatPercent(threshold.threshold_apr, language),
      quarter: threshold.quarter,
    },
  });
}

/** An advance keeps the rate it was requested at: a later change of the bands never reprices it. */
export const ownRate = (row: { annualRate: string }): RateBand[] => [{ from: '0.00', annualRate: row.annualRate }];

/** Euro parameters of a rule message formatted for the reader. */
function formatParams(message: CalculatorMessage, context: FlowContext) {
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.params ?? {})) {
    params[name] =
      typeof value === 'string' && /^\d+\.\d{2}$/.test(value) ? formatMoney(value, context.language) : value;
  }
  return params;
}

interface Checked {
  quote: SharedQuote;
  lines: ValuedLine[];
  picked: ValuedLine[];
  messages: Record<string, RuleMessage>;
  /** The smallest advance in force (operator settings). */
  minimum: string;
}

/** Prices the request and checks it against the picked (or every free) line and the bank's maximum. */
async function check(db: Queryable, context: FlowContext, userId: number, body: AdvanceQuoteRequest): Promise<Checked> {
  const [lines, bankMaximum, settings] = await Promise.all([
    collateralLines(db, userId, context.t),
    bankMaximumAdvance(db),
    advanceSettings(db, context.today),
  ]);
  const quote = priceAdvance(body.amount, body.instalments, context.today, settings.bands, context.language);
  assertWithinUsuryThreshold(quote.apr, settings.usuryThreshold, context.language);
  if (body.collateral) checkPicked(lines, body.collateral);
  const messages = ruleMessages(context, body, powerOf(lines, bankMaximum, body.collateral), settings.minimum);
  const picked = lines.filter((line) => !line.pledged && (!body.collateral || body.collateral.includes(line.key)));
  return { quote, lines, picked, messages, minimum: settings.minimum };
}

/** The request's amount and instalments against what the lines allow, as translated rule messages. */
function ruleMessages(
  context: FlowContext,
  body: AdvanceQuoteRequest,
  power: ReturnType<typeof powerOf>,
  minimum: string,
) {
  const issues = validateAdvanceRequest({
    amount: body.amount,
    instalments: body.instalments,
    minimum,
    maximumApplicable: power.maximumApplicable,
    bankMaximum: power.bankMaximum,
  });
  const messages: Record<string, RuleMessage> = {};
  for (const [field, message] of Object.entries(issues)) {
    if (!message) continue;
    const params = formatParams(message, context);
    messages[field] = { key: message.key, params, text: context.t(message.key, params) };
  }
  return messages;
}

export function quoteView(quote: SharedQuote) {
  return {
    amount: quote.amount,
    instalments: quote.instalments,
    annual_rate: quote.annualRate,
    apr: quote.apr,
    quarterly_interest: quote.quarterlyInterest,
    total_interest: quote.totalInterest,
    total_repayable: quote.totalRepayable,
    start_date: quote.startDate,
    maturity_date: quote.maturityDate,
    schedule: quote.schedule.map((item) => ({
      number: item.number,
      due_date: item.dueDate,
      interest: item.interest,
      principal: item.principal,
      total: item.total,
    })),
  };
}

export async function quoteRequest(
  db: Queryable,
  context: FlowContext,
  userId: number,
  body: AdvanceQuoteRequest,
): Promise<AdvanceQuote> {
  const { quote, messages } = await check(db, context, userId, body);
  return { ...quoteView(quote), messages, valid: Object.keys(messages).length === 0 };
}

/** The typed error of the first broken amount rule (the spec's messages). */
function refuse(messages: Record<string, RuleMessage>): never {
  const amount = messages.amount;
  if (amount?.key === 'validation:minimumAdvance') {
    throw new AppError('ADVANCE_AMOUNT_BELOW_MINIMUM', { params: amount.params });
  }
  if (amount?.key === 'validation:maximumApplicableAdvance') {
    throw new AppError('ADVANCE_AMOUNT_ABOVE_COLLATERAL', { params: amount.params });
  }
  if (amount?.key === 'validation:bankMaximumAdvance') {
    throw new AppError('ADVANCE_AMOUNT_ABOVE_BANK_MAXIMUM', { params: amount.params });
  }
  throw fieldError(
    Object.fromEntries(Object.entries(messages).map(([field, m]) => [field, { key: m.key, params: m.params }])),
  );
}

/**
 * What the operator weighs: the declared income band and occupation, and the yearly interest over the
 * band's lower bound. Above MAX_CREDIT_INCOME_RATIO, or with no income to compare with, the request is
 * flagged for review; it is never refused for it.
 */
export async function creditworthiness(db: Queryable, userId: number, yearlyInterest: Decimal) {
  const tabs = await readTabs(db, userId, ['occupation']);
  const occupation = (tabs.occupation ?? null) as { occupation?: string; income_band?: string } | null;
  const band = INCOME_BANDS.find((b) => b.code === occupation?.income_band);
  const lower = band ? new Decimal(band.min) : null;
  const ratio = lower?.gt(0) ? yearlyInterest.div(lower).toDecimalPlaces(6) : null;
  return {
    incomeBand: band?.code ?? null,
    occupation: occupation?.occupation ?? null,
    incomeRatio: ratio?.toFixed(6) ?? null,
    flagged: ratio === null || ratio.gt(MAX_CREDIT_INCOME_RATIO),
  };
}

export async function hasAdvanceInProgress(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: advances.id })
    .from(advances)
    .where(and(eq(advances.userId, userId), inArray(advances.status, [...IN_PROGRESS_STATUSES])))
    .limit(1);
  return rows.length > 0;
}

/**
 * One of the customer's advances with a margin call open, or null: no new credit until it is cured (the
 * free lines a new advance would take are what could cure it). Her advances are read under their row
 * locks, which opening a call takes too, so a call opening meanwhile is seen or waits for the request.
 */
async function advanceInMarginCall(tx: Transaction, userId: number): Promise<number | null> {
  const open = tx
    .select({ id: marginCalls.id })
    .from(marginCalls)
    .where(and(eq(marginCalls.advanceId, advances.id), isNull(marginCalls.closedAt)));
  const [row] = await tx
    .select({ id: advances.id })
    .from(advances)
    .where(and(eq(advances.userId, userId), exists(open)))
    .orderBy(asc(advances.id))
    .for('update');
  return row?.id ?? null;
}

/**
 * The request: status 1, the picked lines pledged through the ledger in the same transaction. The lines
 * are checked once as the customer saw them (the usual messages), then again as pledged: valued under the
 * lock for the units that actually moved, and the amount must still be within what they secure.
 */
export async function requestAdvance(
  tx: Transaction,
  context: FlowContext,
  userId: number,
  body: AdvanceRequest,
): Promise<AdvanceRow> {
  // Requests of one customer take turns, so that two at once cannot both pass the "one in progress" check.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`advance-request:${userId}`}))`);
  if (await hasAdvanceInProgress(tx, userId)) throw new AppError('ADVANCE_IN_PROGRESS');
  const called = await advanceInMarginCall(tx, userId);
  if (called !== null) throw new AppError('ADVANCE_MARGIN_CALL_OPEN', { params: { reference: String(called) } });
  const { quote, picked, messages, minimum } = await check(tx, context, userId, body);
  if (Object.keys(messages).length > 0) refuse(messages);
  const bankMaximum = await bankMaximumAdvance(tx);
  const yearly = new Decimal(quote.amount).mul(quote.annualRate).toDecimalPlaces(2);
  const credit = await creditworthiness(tx, userId, yearly);
  const [row] = await tx
    .insert(advances)
    .values({
      userId,
      status: 1,
      amount: quote.amount,
      outstanding: '0',
      instalments: quote.instalments,
      annualRate: quote.annualRate,
      apr: quote.apr,
      collateralSnapshot: { lines: [] },
      ...credit,
      createdAt: context.now,
      updatedAt: context.now,
    })
    .returning();
  const pledged = await pledgeLines(tx, userId, row!.id, picked);
  const underLock = ruleMessages(context, body, powerOf(pledged, bankMaximum), minimum);
  if (Object.keys(underLock).length > 0) refuse(underLock);
  await tx
    .update(advances)
    .set({ collateralSnapshot: { lines: pledged.map(({ productId: _p, stockPlanId: _s, ...line }) => line) } })
    .where(eq(advances.id, row!.id));
  await addEvent(
    tx,
    row!.id,
    'requested',
    { amount: quote.amount, instalments: quote.instalments },
    context.actor.id,
    context.now,
  );
  await tellCustomerStatus(tx, context, row!);
  return row!;
}

/** The customer cancels before signing (status 8): the collateral is free again. */
export async function cancelAdvance(tx: Transaction, context: FlowContext, userId: number, id: number) {
  const row = await findAdvance(tx, id, { userId, lock: true });
  const updated = await transition(tx, context, row, {
    action: 'cancel',
    actor: 'customer',
    event: 'cancelled',
    set: { endedAt: context.now },
  });
  await releaseCollateral(tx, userId, id, context.now);
  return updated;
}
