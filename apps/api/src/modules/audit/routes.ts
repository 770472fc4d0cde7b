// The audit log as a read-only back-office resource: who changed what, when, before and after.
// Entries are written by lib/resource (every back-office write) and by operator actions (recordAudit).
import { auditEntryDetailSchema, auditEntrySchema } from '@lombard/shared/schemas/backoffice';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditLog } from '../../db/schema/audit';
import { registerResource } from '../../lib/resource/routes';
import { defineResource } from '../../lib/resource/types';

export const auditLogResource = defineResource({
  name: 'backoffice.audit-log',
  path: '/api/v1/backoffice/audit-log/',
  docs: { tag: 'backoffice', summary: 'Audit log' },
  profiles: ['admin'],
  // Reading the log is not itself a change worth logging.
  audit: false,
  from: auditLog,
  select: {
    id: auditLog.id,
    actorId: auditLog.actorId,
    actorEmail: auditLog.actorEmail,
    action: auditLog.action,
    objectType: auditLog.objectType,
    objectId: auditLog.objectId,
    before: auditLog.before,
    after: auditLog.after,
    requestId: auditLog.requestId,
    ip: auditLog.ip,
    createdAt: auditLog.createdAt,
  },
  id: auditLog.id,
  scope: () => undefined,
  fields: {
    id: { expr: auditLog.id, type: 'id', sortable: true, filterable: true },
    actor_id: { expr: auditLog.actorId, type: 'id', sortable: true, filterable: true },
    actor_email: { expr: auditLog.actorEmail, type: 'text', sortable: true, filterable: true },
    action: { expr: auditLog.action, type: 'text', sortable: true, filterable: true },
    object_type: { expr: auditLog.objectType, type: 'text', sortable: true, filterable: true },
    object_id: { expr: auditLog.objectId, type: 'text', sortable: true, filterable: true },
    created_at: { expr: auditLog.createdAt, type: 'datetime', sortable: true, filterable: true },
  },
  search: [auditLog.actorEmail, auditLog.action, auditLog.objectType, auditLog.objectId],
  defaultOrder: ['-created_at'],
  item: auditEntrySchema,
  detailItem: auditEntryDetailSchema,
  serialize: (row) => ({
    id: row.id,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    action: row.action,
    object_type: row.objectType,
    object_id: row.objectId,
    created_at: row.createdAt.toISOString(),
  }),
  serializeDetail: (row) => ({
    id: row.id,
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    action: row.action,
    object_type: row.objectType,
    object_id: row.objectId,
    before: row.before,
    after: row.after,
    request_id: row.requestId,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
  }),
  export: {
    title: 'audit:export.title',
    columns: [
      { header: 'audit:export.id', type: 'integer', value: 'id' },
      { header: 'audit:export.createdAt', type: 'datetime', value: 'createdAt' },
      { header: 'audit:export.actor', type: 'text', value: 'actorEmail' },
      { header: 'audit:export.action', type: 'text', value: 'action' },
      { header: 'audit:export.objectType', type: 'text', value: 'objectType' },
      { header: 'audit:export.objectId', type: 'text', value: 'objectId' },
      {
        header: 'audit:export.before',
        type: 'text',
        value: (row) => (row.before ? JSON.stringify(row.before) : null),
        width: 60,
      },
      {
        header: 'audit:export.after',
        type: 'text',
        value: (row) => (row.after ? JSON.stringify(row.after) : null),
        width: 60,
      },
    ],
  },
});

export const auditModule = fp(async (app: FastifyInstance) => {
  await registerResource(app, auditLogResource);
});
