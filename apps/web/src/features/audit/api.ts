// The audit log (API under /api/v1/backoffice/audit-log/): its rows and the values its filters offer.
import type { AuditEntry, AuditEntryDetail } from '@lombard/shared/schemas/backoffice';

export const AUDIT_API = '/api/v1/backoffice/audit-log/';

// The kit's rows are open records; these add the fields each page reads.
export type AuditRow = AuditEntry & Record<string, unknown>;
export type AuditDetailRow = AuditEntryDetail & Record<string, unknown>;

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'enable',
  'disable',
  'export',
  'unlock',
  'resend-activation',
] as const;
export const AUDIT_OBJECTS = ['backoffice.users', 'backoffice.notifications'] as const;
