// The audit trail: who changed what, when, with the object before and after. Written in the same
// transaction as the change, so a rolled-back change leaves no entry and a committed one always has one.
import type { Queryable } from '../../db/client';
import { auditLog } from '../../db/schema/audit';

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
