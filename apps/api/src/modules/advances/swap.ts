// Collateral swap (docs/decisions/019): pledged lines go back to the customer and free lines are pledged
// instead, only for the units that secure what the returned lines secured (at most the principal owed).
// The first request builds the swap document and sends the one-time code; the second, with the code, plans
// the swap again under the locks, files the signed document with the customer's documents and moves units.
import { lineContribution } from '@lombard/shared/money/borrowing-power';
import { positionValue } from '@lombard/shared/money/valuation';
import type { SwapRequest } from '@lombard/shared/schemas/advances';
import { type ConfirmationFactor, hasProof, type PasskeyAsked } from '@lombard/shared/schemas/authenticator';
import Decimal from 'decimal.js';
import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { advanceCollateral } from '../../db/schema/advances';
import { AppError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { formatDecimal, formatMoney } from '../../lib/format';
import { recordAudit } from '../../lib/resource/audit';
import { getAccount } from '../account/service';
import { postEntry } from '../ledger/service';
import { verifiedPhone } from '../profile/service';
import {
  askedDetail,
  consumeSignature,
  fileSignedDocument,
  latestSignatureOf,
  requestSignature,
} from '../signing/service';
import { pledgePlan, releasePlan } from '../stock-plans/service';
import { collateralOf, type ValuedLine } from './collateral';
import { checkAdvance } from './margin-calls';
import { addEvent } from './records';
import { buildSwapDocument } from './swap-document';
import { planSwap } from './swap-plan';

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

export async function swapCollateral(
  tx: Transaction,
  context: FlowContext,
  userId: number,
  advanceId: number,
  body: SwapRequest,
): Promise<{
  detail: string;
  swappable_amount: string;
  swapped: boolean;
  factor: ConfirmationFactor | null;
  challenge: string | null;
  passkey: PasskeyAsked | null;
}> {
  const planned = await planSwap(tx, context, userId, advanceId, body, tx);
  const { plan } = planned;
  if (!plan.covered) {
    throw new AppError('ADVANCE_SWAP_COLLATERAL_SHORT', {
      params: {
        amount: formatMoney(plan.required, context.language),
        offered: formatMoney(plan.offered, context.language),
      },
    });
  }
  if (!new Decimal(body.amount).eq(plan.required)) {
    throw new AppError('ADVANCE_SWAP_AMOUNT_MISMATCH', {
      params: { amount: formatMoney(plan.required, context.language) },
    });
  }
  const payload = swapPayload(advanceId, body);
  const amount = formatMoney(plan.required, context.language);
  const labelOf = (key: string) => planned.lines.find((line) => line.key === key)?.label ?? key;
  const pledges = plan.pledges.map((pledge) => ({
    ...pledge,
    line: planned.lines.find((line) => line.key === pledge.key)!,
  }));
  if (!hasProof(body)) {
    const phone = await verifiedPhone(tx, userId);
    if (!phone) throw new AppError('PHONE_NUMBER_MISSING');
    const account = await getAccount(tx, userId);
    const asked = await requestSignature(tx, {
      userId,
      purpose: SWAP_SIGNATURE_PURPOSE,
      subject: advanceId,
      payload,
      document: {
        bytes: await buildSwapDocument(context.language, {
          advanceId,
          customer: [account?.firstName, account?.lastName].filter(Boolean).join(' '),
          date: context.today,
          amount: plan.required,
          giveBack: await returnedLabels(tx, context, advanceId, planned.giveBack),
          pledge: pledges.map((p) =>
            context.t('advance-life:swap.pledgeLine', {
              label: labelOf(p.key),
              units: formatDecimal(p.units, context.language, 6),
              contribution: formatMoney(p.contribution, context.language),
            }),
          ),
        }),
        fileName: context.t('advance-life:swap.fileName', { date: context.today }),
      },
      sms: {
        to: phone,
        language: context.language,
        template: SWAP_SIGNATURE_PURPOSE,
        text: (code) => context.t('advance-life:swap.smsText', { code, amount }),
      },
      files: context.files,
      now: context.now,
    });
    return {
      detail: askedDetail(
        context.t,
        asked,
        context.t('signing:act.swap', { amount }),
        context.t('advance-life:swap.codeSent', { amount }),
      ),
      swappable_amount: plan.required,
      swapped: false,
      factor: asked.factor,
      challenge: asked.challenge,
      passkey: asked.passkey,
    };
  }
  const signatureId = await latestSignatureOf(tx, { userId, purpose: SWAP_SIGNATURE_PURPOSE, payload });
  if (!signatureId) throw new AppError('SIGNATURE_FAILED');
  // Before any unit moves: a swap signed once is made once, however many requests carry its code.
  await consumeSignature(tx, { userId, id: signatureId, purpose: SWAP_SIGNATURE_PURPOSE, payload, now: context.now });
  const reference = `advances:${advanceId}`;
  for (const row of planned.giveBack) {
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
  for (const { line, units } of pledges) {
    if (line.productId !== null) {
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
      await pledgePlan(tx, userId, line.stockPlanId!, reference, units);
    }
    await recordPledge(tx, advanceId, line, units, context.now);
  }
  await fileSignedDocument(tx, { userId, signatureId, kind: 'collateral_swap', issuedOn: context.today });
  await addEvent(tx, advanceId, 'swapped', { amount: plan.required }, context.actor.id, context.now);
  await recordAudit(tx, context.actor, {
    action: 'swap',
    objectType: 'advances',
    objectId: advanceId,
    before: { give_back: payload.giveBack },
    after: { pledge: pledges.map((p) => ({ key: p.key, units: p.units })), amount: plan.required },
    requestId: context.requestId,
    ip: context.ip,
  });
  await checkAdvance(tx, planned.advance, context, context.now);
  return {
    detail: context.t('advance-life:swap.done'),
    swappable_amount: plan.required,
    swapped: true,
    factor: null,
    challenge: null,
    passkey: null,
  };
}

/**
 * The advance's pledged line of this product or plan grows by `units` (one open line per product or plan,
 * as a plan may be pledged to one advance only), or a new one is written; valued at today's price.
 */
async function recordPledge(tx: Transaction, advanceId: number, line: ValuedLine, units: string, now: Date) {
  const [open] = await tx
    .select()
    .from(advanceCollateral)
    .where(
      and(
        eq(advanceCollateral.advanceId, advanceId),
        isNull(advanceCollateral.releasedAt),
        line.productId !== null
          ? eq(advanceCollateral.productId, line.productId)
          : eq(advanceCollateral.stockPlanId, line.stockPlanId!),
      ),
    );
  const total = new Decimal(units).plus(open?.units ?? 0);
  const value = positionValue(total, line.unit_price).toFixed(2);
  const figures = {
    units: total.toFixed(6),
    unitPrice: line.unit_price,
    value,
    loanToValue: line.loan_to_value,
    contribution: lineContribution(value, line.loan_to_value),
  };
  if (open) {
    await tx.update(advanceCollateral).set(figures).where(eq(advanceCollateral.id, open.id));
    return;
  }
  await tx.insert(advanceCollateral).values({
    advanceId,
    productId: line.productId,
    stockPlanId: line.stockPlanId,
    ...figures,
    pledgedAt: now,
  });
}

/** The returned lines as the document names them. */
async function returnedLabels(
  tx: Transaction,
  context: FlowContext,
  advanceId: number,
  rows: Array<{ productId: number | null; stockPlanId: number | null }>,
) {
  const lines = (await collateralOf(tx, [advanceId], context.t)).get(advanceId) ?? [];
  return rows.map((row) => {
    const key = row.productId ? `position:${row.productId}` : `stock-plan:${row.stockPlanId}`;
    return lines.find((line) => line.key === key && line.pledged)?.label ?? key;
  });
}
