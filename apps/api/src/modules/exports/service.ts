// The XLSX export job (the export-xlsx call): runs the resource's query for the requester's selection
// and filters, writes the workbook, stores it, then tells the requester — an in-app notification with
// the download link and an e-mail through the outbox — in one transaction.
import { PassThrough } from 'node:stream';
import type { Language } from '@lombard/shared/locale';
import type { FastifyInstance } from 'fastify';
import { type Database, inTransaction } from '../../db/client';
import { exportsTable } from '../../db/schema/exports';
import type { FileStorage } from '../../lib/files/storage';
import { recordFile, storeStream } from '../../lib/files/store';
import { translator } from '../../lib/i18n';
import { queueEmail, renderEmail } from '../../lib/outbox';
import { BUSINESS_TIME_ZONE, filterConditions, orderBy, selectionCondition, whereOf } from '../../lib/resource/params';
import { iterateRows } from '../../lib/resource/query';
import { resourceNamed } from '../../lib/resource/registry';
import type { ExportJobPayload } from '../../lib/resource/routes';
import type { ResourceContext } from '../../lib/resource/types';
import { wallClock, writeXlsx } from '../../lib/resource/xlsx';
import { getAccount } from '../account/service';
import { notifyUser } from '../notifications/service';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const exportDownloadPath = (exportId: number) => `/api/v1/exports/${exportId}/download_document_file`;

/**
 * "Utenti" + now, read in Rome → "utenti-2026-03-01-103015-Europe-Rome.xlsx": readable, sortable, no
 * characters a disk refuses. One zone for the whole file — the reader's, as the app shows times — named in
 * the file name and in the header of every column with a time.
 */
export function exportFileName(title: string, at: Date, timeZone: string): string {
  const t = wallClock(at, timeZone);
  const zone = timeZone.replace(/[^A-Za-z0-9]+/g, '-');
  const stamp = `${t.year}-${t.month}-${t.day}-${t.hour}${t.minute}${t.second}-${zone}`;
  const base =
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'export';
  return `${base}-${stamp}.xlsx`;
}

export interface ExportJobDeps {
  app: FastifyInstance;
  db: Database;
  files: FileStorage;
  publicUrl: string;
  supportEmail: string;
}

export async function runExportJob(deps: ExportJobDeps, payload: ExportJobPayload): Promise<void> {
  const resource = resourceNamed(deps.app, payload.resource);
  if (!resource?.export) throw new Error(`no exportable resource named '${payload.resource}'`);
  // Profiles may have changed since the request: export with what the user holds now.
  const account = await getAccount(deps.db, payload.user.id);
  if (account?.status !== 1) throw new Error(`user ${payload.user.id} can no longer export`);
  const language: Language = payload.language;
  const t = translator(language);
  const context: ResourceContext = {
    user: { ...payload.user, attributes: account.attributes, isSuperuser: account.isSuperuser, email: account.email },
    language,
    t,
  };
  if (
    resource.profiles &&
    !context.user.isSuperuser &&
    !resource.profiles.some((p) => context.user.attributes.includes(p))
  ) {
    throw new Error(`user ${payload.user.id} no longer holds a profile of ${resource.name}`);
  }
  const where = whereOf(resource, context, [
    ...filterConditions(resource, payload.filters),
    selectionCondition(resource, payload.selection),
  ]);
  const order = orderBy(resource, payload.filters.order_by__);
  const title = t(resource.export.title);
  const timeZone = payload.timeZone ?? BUSINESS_TIME_ZONE;
  const fileName = exportFileName(title, new Date(), timeZone);
  // The workbook streams into the file store as it is written: no temporary copy, on disk or in memory.
  const body = new PassThrough();
  const writing = writeXlsx(body, {
    title,
    columns: resource.export.columns as never,
    batches: iterateRows(deps.db, resource, where, order),
    context,
    timeZone,
  });
  // A writer that fails (a query) ends the upload with its error; one the store stopped is answered below.
  writing.catch((error: Error) => body.destroy(error));
  const written = await storeStream(deps.files, body, XLSX_CONTENT_TYPE);
  try {
    const { rowCount } = await writing;
    await inTransaction(deps.db, async (tx) => {
      const file = await recordFile(tx, written, {
        fileName,
        contentType: XLSX_CONTENT_TYPE,
        ownerId: account.id,
      });
      const [created] = await tx
        .insert(exportsTable)
        .values({ userId: account.id, resource: resource.name, fileId: file.id, fileName, rowCount })
        .returning({ id: exportsTable.id });
      const params = { file_name: fileName, count: rowCount };
      await notifyUser(tx, { userId: account.id, kind: 'export_ready', params, link: exportDownloadPath(created!.id) });
      const url = `${deps.publicUrl}/customer/notifications/`;
      await queueEmail(tx, {
        to: account.email,
        template: 'export_ready',
        language,
        subject: t('notifications:email.exportReady.subject'),
        ...renderEmail({
          greeting: account.firstName
            ? t('emails:greeting', { name: account.firstName })
            : t('emails:greetingAnonymous'),
          paragraphs: [t('notifications:email.exportReady.intro', params), t('notifications:email.exportReady.where')],
          action: { label: t('notifications:email.exportReady.action'), url },
          footer: t('emails:footer', { supportEmail: deps.supportEmail }),
        }),
        meta: { url, exportId: created!.id, rowCount },
      });
    });
  } catch (error) {
    await deps.files.delete(written.storageKey).catch(() => {});
    throw error;
  }
}
