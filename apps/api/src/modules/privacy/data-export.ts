// The copy of a customer's data: asked for from the settings (one a day, one in preparation at a time),
// written as a ZIP by a job, announced by notification and e-mail (with a link to the settings page, never
// to the file), downloaded once before it expires. The bytes go when downloaded, and a periodic sweep
// (purge.ts) takes those of copies that expired unread.
import { DATA_EXPORT_INTERVAL_HOURS, DATA_EXPORT_TTL_DAYS, type DataExport } from '@lombard/shared/schemas/privacy';
import { and, desc, eq, gt, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import JSZip from 'jszip';
import { type Database, inTransaction, type Queryable } from '../../db/client';
import { dataExports } from '../../db/schema/privacy';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/files/storage';
import { deleteStoredFiles, findFile, recordFile, type StoredFile, storeStream } from '../../lib/files/store';
import { translator } from '../../lib/i18n';
import { enqueueJob } from '../../lib/jobs/queue';
import { queueEmail, renderEmail } from '../../lib/outbox';
import { getAccount, lockUser } from '../account/service';
import { notifyUser } from '../notifications/service';
import { collectContents, EXPORT_FILES } from './export-contents';

export const DATA_EXPORT_JOB = 'privacy.data-export';
export const DATA_EXPORT_PAGE = '/customer/setting/';
const HOUR_MS = 3_600_000;

type ExportRow = typeof dataExports.$inferSelect;

export function exportStatus(row: ExportRow | null, now: Date): DataExport {
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  if (!row) return { status: 'none', requested_at: null, ready_at: null, expires_at: null, downloaded_at: null };
  const status =
    row.status !== 'ready'
      ? (row.status as 'pending' | 'failed')
      : row.downloadedAt
        ? 'downloaded'
        : row.expiresAt && row.expiresAt <= now
          ? 'expired'
          : 'ready';
  return {
    status,
    requested_at: iso(row.requestedAt),
    ready_at: iso(row.readyAt),
    expires_at: iso(row.expiresAt),
    downloaded_at: iso(row.downloadedAt),
  };
}

async function latest(db: Queryable, userId: number): Promise<ExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt), desc(dataExports.id))
    .limit(1);
  return row ?? null;
}

export async function dataExportOf(db: Queryable, userId: number, now: Date): Promise<DataExport> {
  return exportStatus(await latest(db, userId), now);
}

/**
 * Asks for a copy. While one is being prepared, the same one is answered; otherwise one a day (a failed
 * preparation does not count), refused with the time to wait.
 */
export async function requestDataExport(db: Database, userId: number, now: Date): Promise<DataExport> {
  return inTransaction(db, async (tx) => {
    // Two requests at once take turns on the user's row rather than both passing the check.
    await lockUser(tx, userId);
    const previous = await latest(tx, userId);
    if (previous?.status === 'pending') return exportStatus(previous, now);
    if (previous && previous.status !== 'failed') {
      const next = previous.requestedAt.getTime() + DATA_EXPORT_INTERVAL_HOURS * HOUR_MS;
      if (next > now.getTime()) {
        const seconds = Math.ceil((next - now.getTime()) / 1000);
        throw new AppError('DATA_EXPORT_TOO_SOON', {
          params: { hours: Math.ceil(seconds / 3600) },
          headers: { 'retry-after': String(seconds) },
        });
      }
    }
    const [row] = await tx.insert(dataExports).values({ userId, requestedAt: now }).returning();
    await enqueueJob(tx, DATA_EXPORT_JOB, { exportId: row!.id });
    return exportStatus(row!, now);
  });
}

export interface DataExportJobDeps {
  db: Database;
  files: FileStorage;
  publicUrl: string;
  supportEmail: string;
  clock: () => Date;
}

/** Writes the ZIP, stores it, marks the request ready and tells the customer, in one transaction. */
export async function runDataExportJob(deps: DataExportJobDeps, exportId: number, lastAttempt: boolean) {
  const [request] = await deps.db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (request?.status !== 'pending') return;
  const account = await getAccount(deps.db, request.userId);
  // Closed or blocked since the request: nobody may sign in to take the copy, so none is made.
  if (account?.status !== 1) {
    await deps.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, exportId));
    return;
  }
  try {
    const contents = await collectContents(deps.db, account.id, account.language);
    const zip = new JSZip();
    zip.file('README.md', contents.readme);
    for (const name of EXPORT_FILES) zip.file(`${name}.json`, JSON.stringify(contents.json[name], null, 2));
    for (const file of contents.attachments) {
      const body = await deps.files.get(file.storageKey);
      // A file whose bytes are gone is named in the README's place rather than failing the whole copy.
      if (body) zip.file(file.path, body);
    }
    const stream = zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'DEFLATE' });
    const written = await storeStream(deps.files, stream as never, 'application/zip');
    const now = deps.clock();
    try {
      await inTransaction(deps.db, async (tx) => {
        const fileName = `lombard-data-${now.toISOString().slice(0, 10)}.zip`;
        const file = await recordFile(tx, written, { fileName, contentType: 'application/zip', ownerId: account.id });
        const expiresAt = new Date(now.getTime() + DATA_EXPORT_TTL_DAYS * 24 * HOUR_MS);
        await tx
          .update(dataExports)
          .set({ status: 'ready', fileId: file.id, readyAt: now, expiresAt })
          .where(eq(dataExports.id, exportId));
        const t = translator(account.language);
        const params = { days: DATA_EXPORT_TTL_DAYS };
        await notifyUser(tx, { userId: account.id, kind: 'data_export_ready', params, link: DATA_EXPORT_PAGE });
        const url = `${deps.publicUrl}${DATA_EXPORT_PAGE}`;
        await queueEmail(tx, {
          to: account.email,
          template: 'data_export_ready',
          language: account.language,
          subject: t('privacy:email.ready.subject'),
          ...renderEmail({
            greeting: account.firstName
              ? t('emails:greeting', { name: account.firstName })
              : t('emails:greetingAnonymous'),
            paragraphs: [t('privacy:email.ready.intro', params), t('privacy:email.ready.once')],
            action: { label: t('privacy:email.ready.action'), url },
            footer: t('emails:footer', { supportEmail: deps.supportEmail }),
          }),
          meta: { url, exportId },
        });
      });
    } catch (error) {
      await deps.files.delete(written.storageKey).catch(() => {});
      throw error;
    }
  } catch (error) {
    if (lastAttempt) await deps.db.update(dataExports).set({ status: 'failed' }).where(eq(dataExports.id, exportId));
    throw error;
  }
}

/**
 * Takes the ready copy for its one download: marked downloaded in the same statement that finds it, so two
 * downloads at once cannot both have it. Already downloaded, expired or never made: 410.
 */
export async function takeDataExport(db: Database, userId: number, now: Date): Promise<StoredFile> {
  const [taken] = await db
    .update(dataExports)
    .set({ downloadedAt: now })
    .where(
      and(
        eq(dataExports.userId, userId),
        eq(dataExports.status, 'ready'),
        isNull(dataExports.downloadedAt),
        gt(dataExports.expiresAt, now),
      ),
    )
    .returning();
  const file = taken?.fileId ? await findFile(db, taken.fileId) : null;
  // Taken but its bytes' row is gone: answered as gone too, there is nothing to give.
  if (!file) throw new AppError('DATA_EXPORT_GONE');
  return file;
}

/** A download may still be streaming when its copy expires or is marked downloaded: the sweep leaves it this long. */
const SWEEP_GRACE_MS = HOUR_MS;

async function deleteCopies(db: Database, files: FileStorage, where: SQL | undefined): Promise<number> {
  const rows = await db
    .select({ fileId: dataExports.fileId })
    .from(dataExports)
    .where(and(isNotNull(dataExports.fileId), where));
  // The bytes, then the file's row; the request's row stays (its file_id set null by the foreign key).
  return deleteStoredFiles(
    db,
    files,
    rows.map((row) => row.fileId!),
  );
}

/** Removes a user's copies downloaded or expired at `now` (bytes and file); the rows stay as the record. */
export function purgeDataExports(db: Database, files: FileStorage, userId: number, now: Date): Promise<number> {
  return deleteCopies(
    db,
    files,
    and(eq(dataExports.userId, userId), or(isNotNull(dataExports.downloadedAt), lte(dataExports.expiresAt, now))),
  );
}

/** Removes every copy of a closed account, ready or not: nobody can sign in to take it any more. */
export function forgetDataExports(db: Database, files: FileStorage, userId: number): Promise<number> {
  return deleteCopies(db, files, eq(dataExports.userId, userId));
}

/**
 * The periodic sweep: every copy that expired unread, or whose download did not clear it (the process
 * stopped mid-answer), loses its bytes and file; the rows stay as the record of the requests.
 */
export function sweepDataExports(db: Database, files: FileStorage, now: Date): Promise<number> {
  const before = new Date(now.getTime() - SWEEP_GRACE_MS);
  return deleteCopies(db, files, or(lte(dataExports.downloadedAt, before), lte(dataExports.expiresAt, before)));
}
