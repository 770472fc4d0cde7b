// The notifications as the back office lists them (API under /api/v1/backoffice/notifications/,
// lib/backoffice/paths.ts): the row the page reads and the kinds its filter offers.
import type { BackofficeNotification } from '@lombard/shared/schemas/notifications';

// The kit's rows are open records; this adds the fields the page reads.
export type NotificationRow = BackofficeNotification & Record<string, unknown>;

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
  'credit_review_decided',
  'authenticator_reset',
] as const;
