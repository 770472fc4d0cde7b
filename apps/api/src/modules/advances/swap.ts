// Collateral swap: pledged lines go back to the customer and free lines are pledged instead, for exactly
// the amount the returned lines secured (their contribution at today's prices). The first request builds
// the swap document and sends the one-time code; the second, with the code, signs it and moves the units.
// Stock plans are pledged whole; the last fund line is pledged only for the units that make the amount.
import { ADVANCE_STATUS } from '@lombard/shared/advance-status';
import { validateSwap } from '@lombard/shared/money/advance-request-rules';
import { lineContribution } from '@lombard/shared/money/borrowing-power';
import { positionValue } from '@lombard/shared/money/valuation';
import type { SwapRequest } from '@lombard/shared/schemas/advances';
import Decimal from 'decimal.js';
import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { advanceCollateral } from '../../db/schema/advances';
import { AppError } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { recordAudit } from '../../lib/resource/audit';
import { getAccount } from '../account/service';
import { lockBalance, postEntry } from '../ledger/service';
import { verifiedPhone } from '../profile/service';
import { isSigned, latestSignatureOf, requestSignature } from '../signing/service';
import { pledgePlan, releasePlan } from '../stock-plans/service';
import type { FlowContext } from '../transactions/service';
import { collateralLines, type ValuedLine } from './collateral';
import { lockAdvance } from './life-records';
import { checkAdvance, pledgedLinesNow } from './margin-calls';
import { addEvent, statusLabel } from './records';
import { buildSwapDocument } from './swap-document';

export const SWAP_SIGNATURE_PURPOSE = 'advance-swap';

/** The terms the code confirms: the same advance, lines and amount must come back with the code. */
export function swapPayload(advanceId: number, body: SwapRequest) {
  return {
    advanceId,
    giveBack: [...new Set(body.give_back)].sort(),
    pledge: [...new Set(body.pledge)].sort(),
    amount: new Decimal(body.amount).toFixed(2),
  };
}

/** Checks the swap against today's prices; answers the lines to release and how much of each to pledge. */
async function planSwap(tx: Transaction, context: FlowContext, userId: number, advanceId: number, body: SwapRequest) {
  const advance = await lockAdvance(tx, advanceId, userId);
  if (advance.status !== ADVANCE_STATUS.active) {
    throw new AppError('ADVANCE_TRANSITION_NOT_ALLOWED', {
      params: { status: statusLabel(advance.status, context.t) },
    });
  }
  const rows = await tx
    .select()
    .from(advanceCollateral)
    .where(and(eq(advanceCollateral.advanceId, advanceId), isNull(advanceCollateral.releasedAt)));
  const keyOf = (row: (typeof rows)[number]) =>
    row.productId ? `position:${row.productId}` : `stock-plan:${row.stockPlanId}`;
  const giveBack = rows.filter((row) => body.give_back.includes(keyOf(row)));
  if (giveBack.length !== new Set(body.give_back).size) throw new AppError('COLLATERAL_UNAVAILABLE');
  const valued = await pledgedLinesNow(tx, advanceId);
  const swappable = valued
    .filter((line) => body.give_back.includes(line.key))
    .reduce((sum, line) => sum.plus(lineContribution(line.value, line.loanToValue)), new Decimal(0));
  const mismatch = (amount: Decimal.Value) =>
    new AppError('ADVANCE_SWAP_AMOUNT_MISMATCH', { params: { amount: formatMoney(amount, context.language) } });
  if (Object.keys(validateSwap({ swapAmount: body.amount, swappableAmount: swappable.toFixed(2) })).length > 0) {
    throw mismatch(swappable);
  }
  const free = (await collateralLines(tx, userId, context.t)).filter(
    (line) => !line.pledged && body.pledge.includes(line.key),
  );
  if (free.length !== new Set(body.pledge).size) throw new AppError('COLLATERAL_UNAVAILABLE');
  // Plans whole first, then funds, the last one only for what is still missing.
  const ordered = [...free].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'stock_plan' ? -1 : 1));
  const pledges: Array<{ line: ValuedLine; units: string; contribution: string }> = [];
  let missing = swappable;
  for (const line of ordered) {
    if (missing.lte(0)) break;
    if (new Decimal(line.contribution).lte(missing)) {
      pledges.push({ line, units: line.units, contribution: line.contribution });
      missing = missing.minus(line.contribution);
    } else if (line.kind === 'position') {
      const perUnit = new Decimal(line.unit_price).mul(line.loan_to_value);
      const units = missing.div(perUnit).toDecimalPlaces(6, Decimal.ROUND_UP);
      pledges.push({ line, units: units.toFixed(6), contribution: missing.toFixed(2) });
      missing = new Decimal(0);
    } else {
      throw mismatch(swappable);
    }
  }
  if (!missing.isZero()) throw mismatch(swappable);
  return { advance, giveBack, pledges, swappable: swappable.toFixed(2) };
}

export async function swapCollateral(
  tx: Transaction,
  context: FlowContext,
  userId: number,
  advanceId: number,
  body: SwapRequest,
): Promise<{ detail: string; swappable_amount: string; swapped: boolean }> {
  const plan = await planSwap(tx, context, userId, advanceId, body);
  const payload = swapPayload(advanceId, body);
  const amount = formatMoney(plan.swappable, context.language);
  if (!body.code) {
    const phone = await verifiedPhone(tx, userId);
    if (!phone) throw new AppError('PHONE_NUMBER_MISSING');
    const account = await getAccount(tx, userId);
    await requestSignature(tx, {
      userId,
      purpose: SWAP_SIGNATURE_PURPOSE,
      payload,
      document: {
        bytes: await buildSwapDocument(context.language, {
          advanceId,
          customer: [account?.firstName, account?.lastName].filter(Boolean).join(' '),
          date: context.today,
          amount: plan.swappable,
          giveBack: body.give_back,
          pledge: plan.pledges.map((p) => `${p.line.label}: ${p.units}`),
        }),
        fileName: context.t('advance-life:swap.fileName', { date: context.today }),
      },
      sms: {
        to: phone,
        language: context.language,
        template: SWAP_SIGNATURE_PURPOSE,
        text: (code) => context.t('advance-life:swap.smsText', { code }),
      },
      dataDir: context.dataDir,
      now: context.now,
    });
    return {
      detail: context.t('advance-life:swap.codeSent', { amount }),
      swappable_amount: plan.swappable,
      swapped: false,
    };
  }
  const signatureId = await latestSignatureOf(tx, { userId, purpose: SWAP_SIGNATURE_PURPOSE, payload });
  if (!signatureId || !(await isSigned(tx, { userId, id: signatureId, purpose: SWAP_SIGNATURE_PURPOSE, payload }))) {
    throw new AppError('SIGNATURE_FAILED');
  }
  const reference = `advances:${advanceId}`;
  for (const row of plan.giveBack) {
    if (row.productId) {
      await postEntry(tx, {
        kind: 'advance.release',
        reference,
        userId,
        actorId: context.actor.id,
        lines: [
          {
            account: { kind: 'customer.units_pledged', userId, productId: row.productId },
            amount: new Decimal(row.units).neg(),
          },
          { account: { kind: 'customer.units', userId, productId: row.productId }, amount: row.units },
        ],
      });
    } else {
      await releasePlan(tx, userId, row.stockPlanId!, row.units, reference);
    }
    await tx.update(advanceCollateral).set({ releasedAt: context.now }).where(eq(advanceCollateral.id, row.id));
  }
  for (const { line, units, contribution } of plan.pledges) {
    let pledged = units;
    if (line.productId !== null) {
      const free = await lockBalance(tx, { kind: 'customer.units', userId, productId: line.productId });
      if (free.lt(units)) throw new AppError('COLLATERAL_UNAVAILABLE');
      await postEntry(tx, {
        kind: 'advance.pledge',
        reference,
        userId,
        actorId: context.actor.id,
        lines: [
          { account: { kind: 'customer.units', userId, productId: line.productId }, amount: new Decimal(units).neg() },
          { account: { kind: 'customer.units_pledged', userId, productId: line.productId }, amount: units },
        ],
      });
    } else {
      pledged = (await pledgePlan(tx, userId, line.stockPlanId!, reference)).pledgedUnits;
    }
    await tx.insert(advanceCollateral).values({
      advanceId,
      productId: line.productId,
      stockPlanId: line.stockPlanId,
      units: pledged,
      unitPrice: line.unit_price,
      value: positionValue(pledged, line.unit_price).toFixed(2),
      loanToValue: line.loan_to_value,
      contribution,
      pledgedAt: context.now,
    });
  }
  await addEvent(tx, advanceId, 'swapped', { amount: plan.swappable }, context.actor.id, context.now);
  await recordAudit(tx, context.actor, {
    action: 'swap',
    objectType: 'advances',
    objectId: advanceId,
    before: { give_back: payload.giveBack },
    after: { pledge: plan.pledges.map((p) => ({ key: p.line.key, units: p.units })), amount: plan.swappable },
    requestId: context.requestId,
    ip: context.ip,
  });
  await checkAdvance(tx, plan.advance, context, context.now);
  return { detail: context.t('advance-life:swap.done'), swappable_amount: plan.swappable, swapped: true };
}
