// The caller's exports (GET /api/v1/exports/, download_document_file) and the job that builds them.
import { exportItemSchema } from '@lombard/shared/schemas/resource';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { exportsTable } from '../../db/schema/exports';
import { EXPORT_XLSX_JOB, type ExportJobPayload, registerResource } from '../../lib/resource/routes';
import { defineResource } from '../../lib/resource/types';
import { runExportJob } from './service';

export const myExports = defineResource({
  name: 'exports',
  path: '/api/v1/exports/',
  docs: { tag: 'exports', summary: 'My XLSX exports' },
  from: exportsTable,
  select: {
    id: exportsTable.id,
    resource: exportsTable.resource,
    fileId: exportsTable.fileId,
    fileName: exportsTable.fileName,
    rowCount: exportsTable.rowCount,
    createdAt: exportsTable.createdAt,
  },
  id: exportsTable.id,
  scope: (context) => eq(exportsTable.userId, context.user.id),
  fields: {
    id: { expr: exportsTable.id, type: 'id', sortable: true, filterable: true },
    resource: { expr: exportsTable.resource, type: 'text', sortable: true, filterable: true },
    file_name: { expr: exportsTable.fileName, type: 'text', sortable: true, filterable: true },
    created_at: { expr: exportsTable.createdAt, type: 'datetime', sortable: true, filterable: true },
  },
  defaultOrder: ['-created_at'],
  item: exportItemSchema,
  serialize: (row) => ({
    id: row.id,
    resource: row.resource,
    file_name: row.fileName,
    row_count: row.rowCount,
    created_at: row.createdAt.toISOString(),
  }),
  download: { fileId: (row) => row.fileId },
});

export const exportsModule = fp(async (app: FastifyInstance) => {
  const deps = {
    app,
    db: app.database.db,
    files: app.files,
    publicUrl: app.config.publicUrl,
    supportEmail: app.config.supportEmail,
  };
  app.jobs.register<ExportJobPayload>(EXPORT_XLSX_JOB, async (payload) => {
    await runExportJob(deps, payload);
    // The e-mail goes out now rather than at the next outbox poll.
    await app.outbox.flush();
  });
  await registerResource(app, myExports);
});
