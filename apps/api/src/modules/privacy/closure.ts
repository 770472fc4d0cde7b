// Closing an account: the customer asks (recorded, with an optional reason); an operator completes it once
// nothing is left in it — no fund or stock-plan units (free or pledged), cash, advance or pending order,
// checked under a lock on the user so that no order or deposit slips in between. Completion erases or anonymises the personal data and keeps
// what the law requires, as listed to the customer (`retainedRecords`), and the account can no longer
// sign in.
import {
  AML_RETENTION_YEARS,
  type BackofficeClosure,
  type Closure,
  type ClosureBlocker,
  RETAINED_RECORDS,
} from '@lombard/shared/schemas/privacy';
import { asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { type Database, inTransaction, type Queryable, type Transaction } from '../../db/client';
import { accountClosures } from '../../db/schema/privacy';
import { AppError, notFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/files/storage';
import type { Translate } from '../../lib/i18n';
import { type AuditActor, recordAudit } from '../../lib/resource/audit';
import { anonymiseUser, getAccount, lockUser } from '../account/service';
import { openAdvanceCount } from '../advances/service';
import { customerBalances, lockCustomerCash } from '../ledger/service';
import { forgetSubscriber } from '../newsletter/service';
import { deleteNotificationsOf, redactMessagesTo } from '../notifications/service';
import { eraseProfile, verifiedPhone } from '../profile/service';
import { holdsPlanUnits } from '../stock-plans/service';
import { pendingOrderCount } from '../transactions/service';
import { forgetDataExports } from './data-export';

type ClosureRow = typeof accountClosures.$inferSelect;

/** Completed closures the queue shows below the open ones: the recent past, not the whole archive. */
const COMPLETED_SHOWN = 50;

function retentionEnd(from: Date): Date {
  const until = new Date(from);
  until.setUTCFullYear(until.getUTCFullYear() + AML_RETENTION_YEARS);
  return until;
}

/** What is kept after closure, why, and until when, in the reader's language. */
export function retainedRecords(t: Translate, completedAt: Date | null) {
  const until = completedAt
    ? retentionEnd(completedAt).toISOString().slice(0, 10)
    : t('privacy:kept.untilAfterClosure', { years: AML_RETENTION_YEARS });
  return RETAINED_RECORDS.map((record) => ({
    record,
    what: t(`privacy:kept.${record}.what`),
    why: t(`privacy:kept.${record}.why`),
    until,
  }));
}

function toClosure(row: ClosureRow | null, t: Translate): Closure {
  return {
    status: !row ? 'none' : row.completedAt ? 'completed' : 'requested',
    requested_at: row?.requestedAt.toISOString() ?? null,
    completed_at: row?.completedAt?.toISOString() ?? null,
    kept: retainedRecords(t, row?.completedAt ?? null),
  };
}

async function closureOfUser(db: Queryable, userId: number) {
  const [row] = await db.select().from(accountClosures).where(eq(accountClosures.userId, userId));
  return row ?? null;
}

export async function closureOf(db: Queryable, userId: number, t: Translate): Promise<Closure> {
  return toClosure(await closureOfUser(db, userId), t);
}

/** Records the request; asking again answers the request already recorded. */
export async function requestClosure(
  db: Database,
  userId: number,
  reason: string | undefined,
  now: Date,
  t: Translate,
): Promise<Closure> {
  await db
    .insert(accountClosures)
    .values({ userId, reason: reason?.trim() || null, requestedAt: now })
    .onConflictDoNothing({ target: accountClosures.userId });
  return closureOf(db, userId, t);
}

function toBackoffice(
  row: ClosureRow,
  account: { firstName: string; lastName: string; email: string } | null,
  blocking: ClosureBlocker[],
): BackofficeClosure {
  return {
    id: row.id,
    user_id: row.userId,
    name: account ? `${account.firstName} ${account.lastName}`.trim() : '',
    email: account?.email ?? '',
    reason: row.reason,
    requested_at: row.requestedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    blocking,
    retain_until: row.retainUntil?.toISOString() ?? null,
    purged_at: row.purgedAt?.toISOString() ?? null,
  };
}

/**
 * The closure requests for operators: open ones first (oldest first, each with what stands in its way as
 * read now, without locks: completion checks again under them), then the completed ones, newest first.
 */
export async function closureQueue(db: Queryable): Promise<BackofficeClosure[]> {
  const open = await db
    .select()
    .from(accountClosures)
    .where(isNull(accountClosures.completedAt))
    .orderBy(asc(accountClosures.requestedAt), asc(accountClosures.id));
  const done = await db
    .select()
    .from(accountClosures)
    .where(isNotNull(accountClosures.completedAt))
    .orderBy(desc(accountClosures.completedAt), desc(accountClosures.id))
    .limit(COMPLETED_SHOWN);
  const out: BackofficeClosure[] = [];
  for (const row of [...open, ...done]) {
    const account = await getAccount(db, row.userId);
    out.push(toBackoffice(row, account, row.completedAt ? [] : await whatRemains(db, row.userId)));
  }
  return out;
}

/** One request as the queue shows it. */
async function queued(db: Queryable, id: number): Promise<BackofficeClosure> {
  const [row] = await db.select().from(accountClosures).where(eq(accountClosures.id, id));
  if (!row) throw notFound();
  const account = await getAccount(db, row.userId);
  return toBackoffice(row, account, row.completedAt ? [] : await whatRemains(db, row.userId));
}

/**
 * What still ties the account to the bank, by name; empty when it can be closed. Given the transaction
 * that completes the closure, the cash is read under the lock deposits, withdrawals and orders take, so
 * they wait for the closure (or the closure for them).
 */
async function whatRemains(db: Queryable, userId: number, tx?: Transaction): Promise<ClosureBlocker[]> {
  const cash = tx ? await lockCustomerCash(tx, userId) : null;
  const balances = await customerBalances(tx ?? db, userId);
  const { available, reserved } = cash ?? balances.cash;
  const remaining: ClosureBlocker[] = [];
  if (!available.isZero() || !reserved.isZero()) remaining.push('cash');
  const holds = [...balances.positions.values()].some(
    (p) => !p.units.isZero() || !p.reservedUnits.isZero() || !p.pledgedUnits.isZero(),
  );
  const reader = tx ?? db;
  // Free units count as much as pledged ones: they are still the customer's.
  if (holds || (await holdsPlanUnits(reader, userId, balances.planUnits))) remaining.push('positions');
  if (!balances.advance.isZero() || (await openAdvanceCount(reader, userId)) > 0) remaining.push('advance');
  if ((await pendingOrderCount(reader, userId)) > 0) remaining.push('orders');
  return remaining;
}

export interface CompleteClosure {
  closureId: number;
  actor: AuditActor;
  now: Date;
  files: FileStorage;
  t: Translate;
  requestId?: string;
  ip?: string;
}

export async function completeClosure(db: Database, input: CompleteClosure): Promise<BackofficeClosure> {
  const done = await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(accountClosures).where(eq(accountClosures.id, input.closureId));
    if (!row) throw notFound();
    // Orders, deposits and advances of this customer lock the same row: none lands between check and erasure.
    await lockUser(tx, row.userId);
    const [locked] = await tx.select().from(accountClosures).where(eq(accountClosures.id, row.id)).for('update');
    if (locked?.completedAt) throw new AppError('ACCOUNT_CLOSURE_DONE');
    const remaining = await whatRemains(tx, row.userId, tx);
    if (remaining.length > 0) {
      throw new AppError('ACCOUNT_CLOSURE_BLOCKED', {
        params: { what: remaining.map((r) => input.t(`privacy:remaining.${r}`)).join(', ') },
      });
    }
    const account = await getAccount(tx, row.userId);
    if (!account) throw notFound();
    const phone = await verifiedPhone(tx, row.userId);
    const identification = await eraseProfile(tx, row.userId);
    const retained = {
      first_name: account.firstName,
      last_name: account.lastName,
      email: account.email,
      ...identification,
    };
    await deleteNotificationsOf(tx, row.userId);
    await redactMessagesTo(tx, [account.email, ...(phone ? [phone] : [])], `closed-${row.userId}`);
    await forgetSubscriber(tx, account.email);
    await anonymiseUser(tx, row.userId, input.now);
    await tx
      .update(accountClosures)
      .set({
        completedAt: input.now,
        completedBy: input.actor.id,
        retained,
        retainUntil: retentionEnd(input.now),
        reason: null,
      })
      .where(eq(accountClosures.id, row.id));
    // The audit names what was done, never the data erased.
    await recordAudit(tx, input.actor, {
      action: 'complete_closure',
      objectType: 'backoffice.closures',
      objectId: row.id,
      before: { user_id: row.userId, status: 'requested' },
      after: { user_id: row.userId, status: 'completed', retain_until: retentionEnd(input.now).toISOString() },
      requestId: input.requestId,
      ip: input.ip,
    });
    return row.userId;
  });
  // Copies of the data waiting for download go with the account: nobody can sign in to take them.
  await forgetDataExports(db, input.files, done);
  return queued(db, input.closureId);
}
