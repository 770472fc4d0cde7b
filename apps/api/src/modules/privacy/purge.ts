// The privacy purge, once a day: copies of data that expired unread lose their bytes, and a closed account
// whose anti-money-laundering retention has ended loses what was kept for it — the identification data set
// apart at closure (`account_closures.retained`) and the KYC uploads with their files. The books (ledger,
// orders, contracts) are not touched here. Each closure is purged in its own transaction, claimed with
// SKIP LOCKED so that two instances running the job at once share the work instead of doing it twice.
import { calendarDate } from '@lombard/shared/money/business-days';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { type Database, inTransaction } from '../../db/client';
import { accountClosures } from '../../db/schema/privacy';
import type { FileStorage } from '../../lib/files/storage';
import { enqueueOnce } from '../../lib/jobs/once';
import type { JobHandler } from '../../lib/jobs/queue';
import { recordAudit } from '../../lib/resource/audit';
import { eraseKycDocuments } from '../documents/service';
import { sweepDataExports } from './data-export';

export const PRIVACY_PURGE_JOB = 'privacy.purge';

export interface PurgePayload {
  date: string;
}

/** Queues the purge of the day of `now` (Rome), once however many instances ask. */
export function schedulePrivacyPurge(db: Database, now: Date): Promise<boolean> {
  return enqueueOnce(db, PRIVACY_PURGE_JOB, { date: calendarDate(now) } satisfies PurgePayload);
}

/**
 * Purges one closure whose retention ended, if no other worker holds it and it is still due: empties the
 * kept identification data, deletes the KYC documents and their bytes, and audits it (what was done and how
 * many files, never the data). False when there was nothing (left) to do.
 */
async function purgeNextClosure(db: Database, files: FileStorage, now: Date): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ id: accountClosures.id, userId: accountClosures.userId, retainUntil: accountClosures.retainUntil })
      .from(accountClosures)
      .where(and(isNull(accountClosures.purgedAt), lte(accountClosures.retainUntil, now)))
      .orderBy(asc(accountClosures.retainUntil), asc(accountClosures.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return false;
    // Bytes go before the commit: should it fail, the next run finds the closure due again and finishes.
    const deletedFiles = await eraseKycDocuments(tx, files, row.userId);
    await tx.update(accountClosures).set({ retained: null, purgedAt: now }).where(eq(accountClosures.id, row.id));
    await recordAudit(tx, null, {
      action: 'purge_retained',
      objectType: 'backoffice.closures',
      objectId: row.id,
      before: { user_id: row.userId, retain_until: row.retainUntil?.toISOString() ?? null },
      after: { user_id: row.userId, purged_at: now.toISOString(), kyc_files_deleted: deletedFiles },
    });
    return true;
  });
}

/** Every closure due, one transaction each; answers how many were purged. */
export async function purgeRetainedData(db: Database, files: FileStorage, now: Date): Promise<number> {
  let purged = 0;
  while (await purgeNextClosure(db, files, now)) purged++;
  return purged;
}

export function purgeJobHandler(files: FileStorage, clock: () => Date): JobHandler<PurgePayload> {
  return async ({ date }, { db, log }) => {
    const now = clock();
    const copies = await sweepDataExports(db, files, now);
    const closures = await purgeRetainedData(db, files, now);
    log.info({ date, copies, closures }, 'privacy purge done');
  };
}
