// Investing: the quote shown before confirming, the order document to sign when the MiFID result does not
// cover the product's risk, and the order itself (from cash: reserved at once; by bank transfer: waiting
// for the money with its own reference).
import { mifidMaxRisk } from '@lombard/shared/constants';
import { investmentBreakdown, money, units } from '@lombard/shared/money/orders';
import { investmentLimitBreach } from '@lombard/shared/money/product-figures';
import type { InvestQuote, InvestRequest, OrderSignature, TransactionItem } from '@lombard/shared/schemas/transactions';
import Decimal from 'decimal.js';
import { type Database, inTransaction, type Queryable, type Transaction } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { formatDate, formatMoney } from '../../lib/format';
import { getAccount, lockOpenAccount } from '../account/service';
import { customerBalances, lockBalance, postEntry } from '../ledger/service';
import { latestResult } from '../mifid/service';
import { navOn, type OrderProduct, productForOrder } from '../products/service';
import { verifiedPhone } from '../profile/service';
import {
  askedDetail,
  consumeSignature,
  fileSignedDocument,
  ORDER_SIGNATURE_PURPOSE,
  requestOrderSignature,
} from '../signing/service';
import { findTransaction, insertTransaction, serializeTransaction } from './records';

/** What the signature's code confirms: the product, the amount to the cent and how it is paid. */
export function orderPayload(productId: number, body: Pick<InvestRequest, 'amount' | 'payment_method'>) {
  return { product_id: productId, amount: money(body.amount), payment_method: body.payment_method };
}

async function orderableProduct(db: Queryable, productId: number): Promise<OrderProduct> {
  const product = await productForOrder(db, productId);
  if (product?.status !== 1) throw new AppError('NOT_FOUND');
  return product;
}

/** The product's own limits: on sale, from its minimum up to its maximum (both included). */
function checkProductRules(product: OrderProduct, amount: Decimal, context: FlowContext) {
  if (!product.onSale) throw new AppError('INVEST_NOT_ON_SALE');
  const breach = investmentLimitBreach(amount.toFixed(), {
    minimum: product.minInvestment,
    maximum: product.maxInvestment,
  });
  if (breach === 'belowMinimum') {
    throw new AppError('INVEST_BELOW_MINIMUM', {
      params: { minimum: formatMoney(product.minInvestment, context.language) },
    });
  }
  if (breach === 'aboveMaximum' && product.maxInvestment !== null) {
    throw new AppError('INVEST_ABOVE_MAXIMUM', {
      params: { maximum: formatMoney(product.maxInvestment, context.language) },
    });
  }
}

function checkCash(amount: Decimal, available: Decimal, context: FlowContext) {
  if (amount.gt(available)) {
    throw new AppError('INVEST_ABOVE_CASH', { params: { available: formatMoney(available, context.language) } });
  }
}

async function appropriateness(db: Queryable, userId: number, product: OrderProduct, context: FlowContext) {
  const result = await latestResult(db, userId, context.t);
  const score = result?.score ?? null;
  const maxRisk = mifidMaxRisk(score);
  return {
    score,
    max_risk: maxRisk,
    product_risk: product.riskIndicator,
    sufficient: product.riskIndicator <= maxRisk,
  };
}

async function pricedAt(db: Queryable, product: OrderProduct, context: FlowContext) {
  const nav = await navOn(db, product.id, context.today);
  if (!nav) {
    throw new AppError('NAV_MISSING', {
      params: { product: product.name, date: formatDate(context.today, context.language) },
    });
  }
  return nav;
}

export async function quoteInvestment(
  db: Queryable,
  context: FlowContext,
  userId: number,
  productId: number,
  body: InvestRequest,
): Promise<InvestQuote> {
  const product = await orderableProduct(db, productId);
  const amount = new Decimal(body.amount);
  checkProductRules(product, amount, context);
  const available = (await customerBalances(db, userId)).cash.available;
  if (body.payment_method === 'cash') checkCash(amount, available, context);
  const nav = await pricedAt(db, product, context);
  const { fee, net, units: estimated } = investmentBreakdown(amount, product.entryCost, nav.nav);
  const check = await appropriateness(db, userId, product, context);
  return {
    product: { id: product.id, name: product.name, isin: product.isin, risk_indicator: product.riskIndicator },
    amount: money(amount),
    entry_cost_rate: product.entryCost,
    entry_cost: money(fee),
    net_amount: money(net),
    nav: nav.nav,
    nav_date: nav.navDate,
    estimated_units: units(estimated),
    payment_method: body.payment_method,
    available_cash: money(available),
    appropriateness: check,
    signature_required: !check.sufficient,
  };
}

/** Builds the order document of the quote and sends the code that signs it. */
export async function requestInvestSignature(
  db: Database,
  context: FlowContext,
  userId: number,
  productId: number,
  body: InvestRequest,
): Promise<OrderSignature> {
  const quote = await quoteInvestment(db, context, userId, productId, body);
  const phone = await verifiedPhone(db, userId);
  if (!phone) throw new AppError('PHONE_NUMBER_MISSING');
  const account = await getAccount(db, userId);
  const customerName = [account?.firstName, account?.lastName].filter(Boolean).join(' ') || (account?.email ?? '');
  const requested = await inTransaction(db, (tx) =>
    requestOrderSignature(tx, {
      userId,
      subject: productId,
      payload: orderPayload(productId, body),
      language: context.language,
      files: context.files,
      now: context.now,
      sms: {
        to: phone,
        language: context.language,
        template: ORDER_SIGNATURE_PURPOSE,
        text: (code) =>
          context.t('signing:orderCodeSms', {
            code,
            product: quote.product.name,
            amount: formatMoney(quote.amount, context.language),
          }),
      },
      terms: {
        customerName,
        date: context.today,
        product: { name: quote.product.name, isin: quote.product.isin, riskIndicator: quote.product.risk_indicator },
        amount: quote.amount,
        paymentMethod: body.payment_method,
        entryCostRate: quote.entry_cost_rate,
        entryCost: quote.entry_cost,
        netAmount: quote.net_amount,
        nav: quote.nav,
        navDate: quote.nav_date,
        estimatedUnits: quote.estimated_units,
        score: quote.appropriateness.score,
        maxRisk: quote.appropriateness.max_risk,
      },
    }),
  );
  return {
    document_id: requested.id,
    document_hash: requested.documentHash,
    detail: askedDetail(
      context.t,
      requested,
      context.t('signing:act.order', {
        product: quote.product.name,
        amount: formatMoney(quote.amount, context.language),
      }),
      context.t('signing:codeSent', { last: phone.slice(-3) }),
    ),
    expires_at: requested.expiresAt.toISOString(),
    factor: requested.factor,
    challenge: requested.challenge,
    passkey: requested.passkey,
  };
}

/**
 * The order, in the caller's transaction (with its Idempotency-Key). A signature's code has been checked
 * before (confirmSignature, in its own transaction); here it is used, once: signed, of these terms, unused.
 */
export async function placeInvestment(
  tx: Transaction,
  context: FlowContext,
  userId: number,
  productId: number,
  body: InvestRequest,
): Promise<TransactionItem> {
  // An order by transfer sets no cash aside: without this, one placed as the account closes would outlive it.
  await lockOpenAccount(tx, userId);
  const product = await orderableProduct(tx, productId);
  const amount = new Decimal(body.amount);
  checkProductRules(product, amount, context);
  let signatureId: number | null = null;
  const check = await appropriateness(tx, userId, product, context);
  if (!check.sufficient) {
    if (!body.signature) throw new AppError('INVEST_SIGNATURE_REQUIRED');
    await consumeSignature(tx, {
      userId,
      id: body.signature.document_id,
      purpose: ORDER_SIGNATURE_PURPOSE,
      payload: orderPayload(productId, body),
      now: context.now,
    });
    signatureId = body.signature.document_id;
    await fileSignedDocument(tx, { userId, signatureId, kind: 'order_form', issuedOn: context.today });
  }
  const cash = body.payment_method === 'cash';
  if (cash) checkCash(amount, await lockBalance(tx, { kind: 'customer.cash', userId }), context);
  const id = await insertTransaction(tx, {
    userId,
    type: 'invest',
    status: cash ? 'submitted' : 'awaiting_transfer',
    productId,
    paymentMethod: body.payment_method,
    amount: money(amount),
    signatureId,
    createdAt: context.now,
  });
  if (cash) {
    await postEntry(tx, {
      kind: 'invest.reserve',
      reference: `transactions:${id}`,
      userId,
      actorId: context.actor.id,
      lines: [
        { account: { kind: 'customer.cash', userId }, amount: amount.neg() },
        { account: { kind: 'customer.cash_reserved', userId }, amount },
      ],
    });
  }
  const row = await findTransaction(tx, id);
  return serializeTransaction(row!, context.t);
}
