// The audit trail: who changed what, when, with the object before and after. Written in the same
// transaction as the change, so a rolled-back change leaves no entry and a committed one always has one.
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { auditLog } from '../../db/schema/audit';
import { currentUser } from '../auth-guards';

export interface AuditActor {
  id: number;
  email: string;
}

export interface AuditEntry {
  /** create, update, delete, enable, disable, export, or an action name (unlock, resend_activation…). */
  action: string;
  /** The resource name or domain object, e.g. backoffice.users. */
  objectType: string;
  objectId?: string | number | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | undefined;
  ip?: string | undefined;
}

/** Dates become ISO strings and undefined disappears, as they would in any JSON the operator reads. */
const snapshot = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

export async function recordAudit(db: Queryable, actor: AuditActor | null, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId === undefined || entry.objectId === null ? null : String(entry.objectId),
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    requestId: entry.requestId ?? null,
    ip: entry.ip ?? null,
  });
}

/** Who asked for a change of their own account, and from where (the request's id and address). */
export interface RequestAudit {
  actor: AuditActor;
  requestId?: string;
  ip?: string;
}

/** The signed-in person of a request, with its id and address, for the audit entry of what they change. */
export function requestAudit(request: FastifyRequest): RequestAudit {
  const user = currentUser(request);
  return { actor: { id: user.id, email: user.email }, requestId: request.id, ip: request.ip };
}

/** An entry about a user's own account (a factor enrolled or removed), under the user's id. */
export function recordUserChange(db: Queryable, userId: number, action: string, audit: RequestAudit) {
  return recordAudit(db, audit.actor, {
    action,
    objectType: 'users',
    objectId: userId,
    requestId: audit.requestId,
    ip: audit.ip,
  });
}
