// The back-office resources (API under /api/v1/backoffice/…) and their paths in the app.
import type { AuditEntry, AuditEntryDetail, BackofficeUser } from '@lombard/shared/schemas/backoffice';
import type { BackofficeNotification } from '@lombard/shared/schemas/notifications';

export const USERS_API = '/api/v1/backoffice/users/';
export const AUDIT_API = '/api/v1/backoffice/audit-log/';
export const NOTIFICATIONS_API = '/api/v1/backoffice/notifications/';

export const BACKOFFICE_PATH = '/customer/backoffice/';
export const USERS_PAGE = `${BACKOFFICE_PATH}users/`;
export const AUDIT_PAGE = `${BACKOFFICE_PATH}audit-log/`;
export const NOTIFICATIONS_PAGE = `${BACKOFFICE_PATH}notifications/`;

// The kit's rows are open records; these add the fields each page reads.
export type UserRow = BackofficeUser & Record<string, unknown>;
export type AuditRow = AuditEntry & Record<string, unknown>;
export type AuditDetailRow = AuditEntryDetail & Record<string, unknown>;
export type NotificationRow = BackofficeNotification & Record<string, unknown>;

export const PROFILE_OPTIONS = ['base', 'lead', 'customer', 'admin'] as const;
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
export const NOTIFICATION_KINDS = [
  'welcome',
  'export_ready',
  'message',
  'profile_incomplete',
  'document_expiring',
  'order_settled',
  'advance_status',
  'security',
  'navs_missing',
  'order_rejected',
  'withdrawal_executed',
  'withdrawal_rejected',
  'deposit_received',
  'instalment_overdue',
  'margin_call',
  'advance_status_changed',
  'advance_rejected',
] as const;
