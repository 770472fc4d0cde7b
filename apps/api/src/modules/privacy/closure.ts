// Closing an account: the customer asks (recorded, with an optional reason); an operator completes it once
// nothing is left in it — no fund units, cash, advance or pending order, checked under a lock on the user
// so that no order or deposit slips in between. Completion erases or anonymises the personal data and keeps
// what the law requires, as listed to the customer (`retainedRecords`), and the account can no longer
// sign in.
import {
  AML_RETENTION_YEARS,
  type BackofficeClosure,
  type Closure,
  RETAINED_RECORDS,
} from '@lombard/shared/schemas/privacy';
import { asc, eq } from 'drizzle-orm';
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
import { pendingOrderCount } from '../transactions/service';
import { purgeDataExports } from './data-export';

type ClosureRow = typeof accountClosures.$inferSelect;

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

/** The closure requests for operators: open ones first, oldest first. */
export async function closureQueue(db: Queryable): Promise<BackofficeClosure[]> {
  const rows = await db.select().from(accountClosures).orderBy(asc(accountClosures.requestedAt));
  const open = [...rows.filter((r) => !r.completedAt), ...rows.filter((r) => r.completedAt)];
  const out: BackofficeClosure[] = [];
  for (const row of open) {
    const account = await getAccount(db, row.userId);
    out.push({
      id: row.id,
      user_id: row.userId,
      email: account?.email ?? '',
      reason: row.reason,
      requested_at: row.requestedAt.toISOString(),
      completed_at: row.completedAt?.toISOString() ?? null,
    });
  }
  return out;
}

/** What still ties the account to the bank, by name; empty when it can be closed. */
async function whatRemains(tx: Transaction, userId: number): Promise<string[]> {
  // Deposits, withdrawals and orders move this cash under the same locks: they wait for the closure.
  const cash = await lockCustomerCash(tx, userId);
  const balances = await customerBalances(tx, userId);
  const remaining: string[] = [];
  if (!cash.available.isZero() || !cash.reserved.isZero()) remaining.push('cash');
  const holds = [...balances.positions.values()].some(
    (p) => !p.units.isZero() || !p.reservedUnits.isZero() || !p.pledgedUnits.isZero(),
  );
  const plans = [...balances.planUnits.values()].some((p) => !p.pledged.isZero());
  if (holds || plans) remaining.push('positions');
  if (!balances.advance.isZero() || (await openAdvanceCount(tx, userId)) > 0) remaining.push('advance');
  if ((await pendingOrderCount(tx, userId)) > 0) remaining.push('orders');
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
    const remaining = await whatRemains(tx, row.userId);
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
    await anonymiseUser(tx, row.userId);
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
  await purgeDataExports(db, input.files, done, new Date(8.64e15));
  const [row] = (await closureQueue(db)).filter((c) => c.id === input.closureId);
  return row!;
}
