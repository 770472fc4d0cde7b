// registerResource(app, declaration): the standard endpoints for one declared resource.
//   GET    {api}/                       list: page, per_page, order_by__, filters
//   GET    {api}/{id}/                  detail
//   POST   {api}/  PUT|PATCH|DELETE {api}/{id}/        when the declaration allows them
//   PATCH  {api}/{id}/enable/ | disable/                → {id, status, status_name}
//   PATCH  {api}/export-xlsx/                           → 202; a job builds the file and notifies
//   GET    {api}/{id}/download_document_file            the row's stored file
// Writes run in one transaction with the audit entry; everything is scoped to the caller.
import { BULK_SELECTION_BODY_LIMIT_BYTES, ITEM_STATUS } from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import { bulkSelectionSchema, type StatusItem } from '@lombard/shared/schemas/common';
import { eq, getTableColumns } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { inTransaction, type Transaction } from '../../db/client';
import { type AuthUser, currentUser, requireAuth, requireProfile } from '../auth-guards';
import { AppError, fieldError } from '../errors';
import { findFile, sendFile } from '../files/store';
import type { Translate } from '../i18n';
import { enqueueJob } from '../jobs/queue';
import { keptJson, sendJson } from '../read-cache';
import { recordAudit } from './audit';
import {
  BUSINESS_TIME_ZONE,
  filterConditions,
  notFoundError,
  orderBy,
  parseId,
  selectionCondition,
  whereOf,
} from './params';
import { countRows, findRow, listPage } from './query';
import { rememberResource } from './registry';
import type { AnyResource, ResourceContext } from './types';

export const EXPORT_XLSX_JOB = 'resource.export-xlsx';

export interface ExportJobPayload {
  resource: string;
  user: AuthUser;
  language: Language;
  filters: Record<string, unknown>;
  selection: { filtered_ids?: Array<string | number>; excluded_ids?: Array<string | number> };
  /** The zone of every time in the file and its name (the reader's; the bank's when not sent). */
  timeZone?: string;
}

type Row = Record<string, unknown>;

export function resourceContext(request: FastifyRequest): ResourceContext {
  return {
    user: currentUser(request),
    language: request.language,
    t: request.t,
    requestId: request.id,
    ip: request.ip,
  };
}

/** The translated name of a 0/1 status, for list items and enable/disable answers. */
export function statusName(labels: { 0: string; 1: string } | undefined, status: number, t: Translate): string {
  const keys = labels ?? { 0: 'resource:status.disabled', 1: 'resource:status.enabled' };
  return t(status === ITEM_STATUS.enabled ? keys[1] : keys[0]);
}

const emptyBody = z.union([
  z.object({ status: z.union([z.literal(0), z.literal(1)]).optional() }),
  z.null(),
  z.undefined(),
]);

export async function registerResource(app: FastifyInstance, resource: AnyResource) {
  if (!resource.path.endsWith('/')) throw new Error(`resource path must end with '/': ${resource.path}`);
  rememberResource(app, resource);
  const db = app.database.db;
  const base = resource.path;
  // The guard runs as the request arrives: 401/403 before the body is read or validated.
  const onRequest = resource.profiles ? requireProfile(...resource.profiles) : requireAuth;
  const audited = resource.audit ?? resource.profiles?.includes('admin') ?? false;
  const tags = resource.docs ? [resource.docs.tag] : undefined;
  const doc = (summary: string) => ({ tags, summary: `${resource.docs?.summary ?? resource.name}: ${summary}` });
  const detail = (row: Row, context: ResourceContext) => (resource.serializeDetail ?? resource.serialize)(row, context);

  const idOf = (request: FastifyRequest) => {
    const id = parseId(resource.idType, (request.params as { id?: string }).id);
    if (id === null) throw notFoundError();
    return id;
  };

  /** One write: lock the row the caller may see, change it, read it back, audit, in one transaction. */
  async function writeRow<T>(
    request: FastifyRequest,
    action: string,
    change: (tx: Transaction, id: string | number, context: ResourceContext, before: Row) => Promise<T>,
  ): Promise<{ result: T; after: Row | null; id: string | number; context: ResourceContext }> {
    const context = resourceContext(request);
    const id = idOf(request);
    return inTransaction(db, async (tx) => {
      const before = await findRow(tx, resource, context, id, { lock: true });
      if (!before) throw notFoundError();
      const result = await change(tx, id, context, before);
      const after = action === 'delete' ? null : await findRow(tx, resource, context, id);
      if (audited) {
        await recordAudit(tx, context.user, {
          action,
          objectType: resource.name,
          objectId: id,
          before,
          after,
          requestId: context.requestId,
          ip: context.ip,
        });
      }
      return { result, after, id, context };
    });
  }

  const list = (context: ResourceContext, query: unknown) =>
    listPage(db, resource, context, query as Record<string, unknown>);
  app.get(base, { onRequest, schema: doc('list') }, async (request, reply) => {
    const context = resourceContext(request);
    if (!resource.keptPerUser) return list(context, request.query);
    // The query string as sent, and the language the items are written in.
    const search = request.url.indexOf('?');
    const key = `${resource.name}:${context.language}:${search < 0 ? '' : request.url.slice(search + 1)}`;
    return sendJson(
      request,
      reply,
      await keptJson(app.readCache, context.user.id, key, null, () => list(context, request.query)),
    );
  });

  if (!resource.ownDetailRoute) {
    app.get(`${base}:id/`, { onRequest, schema: doc('detail') }, async (request) => {
      const context = resourceContext(request);
      const row = await findRow(db, resource, context, idOf(request));
      if (!row) throw notFoundError();
      return detail(row, context);
    });
  }

  if (resource.create) {
    const create = resource.create;
    app.post(base, { onRequest, schema: { ...doc('create'), body: create.body } }, async (request, reply) => {
      const context = resourceContext(request);
      const after = await inTransaction(db, async (tx) => {
        const id = await create.run(tx, request.body, context);
        const row = await findRow(tx, resource, context, id);
        if (!row) throw new Error(`${resource.name}: created row ${id} is outside the caller's scope`);
        if (audited) {
          await recordAudit(tx, context.user, {
            action: 'create',
            objectType: resource.name,
            objectId: id,
            after: row,
            requestId: context.requestId,
            ip: context.ip,
          });
        }
        return row;
      });
      return reply.status(201).send(detail(after, context));
    });
  }

  if (resource.update) {
    const update = resource.update;
    const put = async (request: FastifyRequest) => {
      const { after, context } = await writeRow(request, 'update', (tx, id, ctx, before) =>
        update.run(tx, id, request.body, ctx, before),
      );
      return detail(after!, context);
    };
    app.put(`${base}:id/`, { onRequest, schema: { ...doc('replace'), body: update.body } }, put);
    app.patch(
      `${base}:id/`,
      { onRequest, schema: { ...doc('update'), body: update.partialBody ?? update.body.partial() } },
      put,
    );
  }

  if (resource.remove) {
    const remove = resource.remove;
    app.delete(`${base}:id/`, { onRequest, schema: doc('delete') }, async (request, reply) => {
      await writeRow(request, 'delete', (tx, id, ctx, before) => remove.run(tx, id, ctx, before));
      return reply.status(204).send();
    });
  }

  if (resource.status) {
    const spec = resource.status;
    const statusKey = Object.entries(getTableColumns(resource.from)).find(([, column]) => column === spec.column)?.[0];
    for (const [action, status] of [
      ['enable', ITEM_STATUS.enabled],
      ['disable', ITEM_STATUS.disabled],
    ] as const) {
      app.patch(
        `${base}:id/${action}/`,
        { onRequest, schema: { ...doc(action), body: emptyBody } },
        async (request) => {
          const requested = (request.body as { status?: number } | null | undefined)?.status;
          if (requested !== undefined && requested !== status) throw fieldError({ status: 'validation:invalid' });
          const { after, id, context } = await writeRow(request, action, async (tx, rowId, ctx) => {
            if (spec.run) return spec.run(tx, rowId, status, ctx);
            if (!statusKey) throw new Error(`${resource.name}: status needs run or a column of its table`);
            await tx
              .update(resource.from)
              .set({ [statusKey]: status })
              .where(eq(resource.id, rowId));
          });
          const value = Number(after?.[spec.field] ?? status);
          const answer: StatusItem = {
            id,
            status: value === 1 ? 1 : 0,
            status_name: statusName(spec.labels, value, context.t),
          };
          return answer;
        },
      );
    }
  }

  for (const action of resource.actions ?? []) {
    const route = action.method === 'POST' ? app.post.bind(app) : app.patch.bind(app);
    route(
      `${base}:id/${action.name}/`,
      { onRequest, schema: { ...doc(action.name), body: action.body ?? emptyBody } },
      async (request) => {
        const { result, after, context } = await writeRow(request, action.name, (tx, id, ctx, before) =>
          action.run(tx, id, request.body, ctx, before),
        );
        return result ?? detail(after!, context);
      },
    );
  }

  if (resource.download) {
    const download = resource.download;
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const context = resourceContext(request);
      const row = await findRow(db, resource, context, idOf(request));
      const fileId = row ? download.fileId(row) : null;
      const file = fileId ? await findFile(db, fileId) : null;
      if (!file) throw notFoundError();
      return sendFile(reply, app.files, file);
    };
    app.get(`${base}:id/download_document_file`, { onRequest, schema: doc('download') }, handler);
    app.get(`${base}:id/download_document_file/`, { onRequest, schema: { ...doc('download'), hide: true } }, handler);
  }

  if (resource.export) {
    app.patch(
      `${base}export-xlsx/`,
      {
        onRequest,
        bodyLimit: BULK_SELECTION_BODY_LIMIT_BYTES,
        schema: { ...doc('export XLSX'), body: bulkSelectionSchema },
      },
      async (request, reply) => {
        const context = resourceContext(request);
        const body = request.body as z.infer<typeof bulkSelectionSchema>;
        const filters = { ...(request.query as Record<string, unknown>), ...(body.filters ?? {}) };
        delete filters.page;
        delete filters.per_page;
        // Validate now so that a bad filter is a 400 to the user, not a failed job later.
        orderBy(resource, filters.order_by__);
        const where = whereOf(resource, context, [
          ...filterConditions(resource, filters),
          selectionCondition(resource, body),
        ]);
        if ((await countRows(db, resource, where)) === 0)
          throw new AppError('BAD_REQUEST', { messageKey: 'resource:nothingToExport' });
        const payload: ExportJobPayload = {
          resource: resource.name,
          user: context.user,
          language: context.language,
          filters,
          selection: {
            filtered_ids: body.filtered_ids,
            excluded_ids: body.excluded_ids,
          } as ExportJobPayload['selection'],
          timeZone: body.time_zone ?? BUSINESS_TIME_ZONE,
        };
        await inTransaction(db, async (tx) => {
          await enqueueJob(tx, EXPORT_XLSX_JOB, payload);
          if (audited) {
            await recordAudit(tx, context.user, {
              action: 'export',
              objectType: resource.name,
              after: { filters, selection: payload.selection },
              requestId: context.requestId,
              ip: context.ip,
            });
          }
        });
        app.jobs.poke();
        return reply.status(202).send({ detail: context.t('resource:exportQueued') });
      },
    );
  }
}
