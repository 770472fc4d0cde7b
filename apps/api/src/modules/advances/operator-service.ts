// The bank's side of an advance: pre-approval (the contract is issued), approval, disbursement (cash
// credited through the ledger, the instalment schedule written) and rejection (collateral released).
import Decimal from 'decimal.js';
import type { Queryable, Transaction } from '../../db/client';
import { advanceInstalments } from '../../db/schema/advances';
import type { FlowContext } from '../../lib/flow-context';
import { translator } from '../../lib/i18n';
import { enqueueJob } from '../../lib/jobs/queue';
import { getAccount } from '../account/service';
import { type AdvanceSettings, advanceSettings } from '../config/service';
import { createDocument, firstStoredFile } from '../documents/service';
import { postEntry } from '../ledger/service';
import { collateralOf, releaseCollateral } from './collateral';
import { assertCollateralCovers } from './coverage';
import { type AdvanceTerms, buildContract, contractFileName } from './documents';
import { type AdvanceRow, assertAllowed, findAdvance, transition } from './records';
import { assertWithinUsuryThreshold, ownRate, priceAdvance } from './request-service';

/** The advance's own APR against today's usury threshold: a new quarter's lower one stops the offer. */
async function assertOfferable(db: Queryable, context: FlowContext, row: AdvanceRow) {
  const { usuryThreshold } = await advanceSettings(db, context.today);
  assertWithinUsuryThreshold(row.apr, usuryThreshold, context.language);
}

export const ADVANCE_PAYOUT_JOB = 'advances.payout';
/**
 * The payout job runs a day before the promised payout time, leaving a day for its retries: an approved
 * advance no operator has paid out by then is paid out by the job.
 */
export const payoutJobDelayHours = (settings: Pick<AdvanceSettings, 'payoutHours'>) => settings.payoutHours - 24;

/** The terms of an advance as its documents state them, priced from `date`. */
export async function advanceTerms(
  db: Queryable,
  row: AdvanceRow,
  date: string,
  context: Pick<FlowContext, 't' | 'supportEmail'>,
): Promise<AdvanceTerms> {
  const account = await getAccount(db, row.userId);
  const collateral = (await collateralOf(db, [row.id], context.t)).get(row.id) ?? [];
  return {
    customerName: [account?.firstName, account?.lastName].filter(Boolean).join(' ') || (account?.email ?? ''),
    date,
    quote: priceAdvance(row.amount, row.instalments, date, ownRate(row)),
    collateral,
    supportEmail: context.supportEmail,
    payoutHours: (await advanceSettings(db, date)).payoutHours,
  };
}

/** 1 → 2: the contract is issued in the customer's language and filed with their documents. */
export async function preApprove(tx: Transaction, context: FlowContext, id: number) {
  const row = await findAdvance(tx, id, { lock: true });
  assertAllowed(row, 'preApprove', 'operator', context.t);
  await assertOfferable(tx, context, row);
  await assertCollateralCovers(tx, context, row);
  const account = await getAccount(tx, row.userId);
  const language = account?.language ?? context.language;
  const terms = await advanceTerms(tx, row, context.today, {
    t: translator(language),
    supportEmail: context.supportEmail,
  });
  const bytes = await buildContract(language, row.id, terms);
  const document = await createDocument(tx, context.files, {
    userId: row.userId,
    kind: 'advance_contract',
    origin: 'issued',
    type: 'advance_contract',
    issuedOn: context.today,
    files: [
      {
        side: null,
        fileName: contractFileName(language, row.id),
        contentType: 'application/pdf',
        bytes: Buffer.from(bytes),
      },
    ],
  });
  const file = await firstStoredFile(tx, document.id);
  return transition(tx, context, row, {
    action: 'preApprove',
    actor: 'operator',
    event: 'pre_approved',
    set: { contractFileId: file?.id ?? null },
  });
}

/** 3 → 4: approved; the payout job is queued in case no operator records the disbursement in time. */
export async function approve(tx: Transaction, context: FlowContext, id: number) {
  const row = await findAdvance(tx, id, { lock: true });
  assertAllowed(row, 'approve', 'operator', context.t);
  await assertOfferable(tx, context, row);
  await assertCollateralCovers(tx, context, row);
  const updated = await transition(tx, context, row, {
    action: 'approve',
    actor: 'operator',
    event: 'approved',
    set: { approvedAt: context.now },
  });
  await enqueueJob(
    tx,
    ADVANCE_PAYOUT_JOB,
    { advanceId: id },
    {
      runAt: new Date(
        context.now.getTime() + payoutJobDelayHours(await advanceSettings(tx, context.today)) * 3_600_000,
      ),
    },
  );
  return updated;
}

/**
 * 4 → 5: the cash is credited (the partner bank lends it; the customer owes it in `customer.advance`)
 * and the schedule is written from the day of payout. Pre-approval, approval and payout each refuse an
 * advance its pledged collateral no longer covers at today's prices.
 */
export async function disburse(tx: Transaction, context: FlowContext, id: number, actor: 'operator' | 'system') {
  const row = await findAdvance(tx, id, { lock: true });
  assertAllowed(row, 'disburse', actor, context.t);
  await assertCollateralCovers(tx, context, row);
  const updated = await transition(tx, context, row, {
    action: 'disburse',
    actor,
    event: 'disbursed',
    eventParams: { amount: row.amount },
    set: { disbursedAt: context.now, outstanding: row.amount },
  });
  const amount = new Decimal(row.amount);
  await postEntry(tx, {
    kind: 'advance.disburse',
    reference: `advances:${id}`,
    userId: row.userId,
    actorId: actor === 'operator' ? context.actor.id : null,
    lines: [
      { account: { kind: 'customer.cash', userId: row.userId }, amount },
      { account: { kind: 'platform.bank' }, amount: amount.neg() },
      { account: { kind: 'customer.advance', userId: row.userId }, amount },
      { account: { kind: 'platform.advances' }, amount: amount.neg() },
    ],
  });
  const schedule = priceAdvance(row.amount, row.instalments, context.today, ownRate(row)).schedule;
  await tx.insert(advanceInstalments).values(
    schedule.map((item) => ({
      advanceId: id,
      number: item.number,
      dueDate: item.dueDate,
      interest: item.interest,
      principal: item.principal,
    })),
  );
  return updated;
}

/** 1, 2 or 3 → 7: refused with the reason the customer reads; the collateral is free again. */
export async function reject(tx: Transaction, context: FlowContext, id: number, reason: string) {
  const row = await findAdvance(tx, id, { lock: true });
  const updated = await transition(tx, context, row, {
    action: 'reject',
    actor: 'operator',
    event: 'rejected',
    eventParams: { reason },
    set: { reason, endedAt: context.now },
  });
  await releaseCollateral(tx, row.userId, id, context.now);
  return updated;
}
