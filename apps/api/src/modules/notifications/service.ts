// In-app notifications: created by other modules (exports, operators…) through `notifyUser`, read by
// their recipient. Text is rendered when read, in the reader's language, from the kind and its params.
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { outboxMessages } from '../../db/schema/outbox';
import type { Translate } from '../../lib/i18n';

export type NotificationRow = typeof notifications.$inferSelect;

/** Kinds with copy in the `notifications` catalogue (kinds.<kind>.title / .message). */
export const NOTIFICATION_KINDS = [
  'welcome',
  'export_ready',
  'data_export_ready',
  'message',
  'profile_incomplete',
  'document_expiring',
  'order_settled',
  'order_rejected',
  'withdrawal_executed',
  'withdrawal_rejected',
  'deposit_received',
  'advance_status',
  'security',
  'navs_missing',
  'instalment_overdue',
  'margin_call',
  'margin_warning',
  'forbearance_offered',
  'margin_enforced',
  'advance_status_changed',
  'advance_rejected',
  'credit_review_decided',
  'authenticator_reset',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  params?: Record<string, string | number>;
  /** An app path (/customer/…) or an API download path (/api/…). */
  link?: string | null;
}

export async function notifyUser(db: Queryable, input: NewNotification): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({ userId: input.userId, kind: input.kind, params: input.params ?? {}, link: input.link ?? null })
    .returning({ id: notifications.id });
  return row!.id;
}

export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.count ?? 0);
}

/** Marks every unread notification of the user read; returns how many changed. */
export async function markAllRead(db: Queryable, userId: number): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return changed.length;
}

export async function setRead(db: Queryable, id: number, read: boolean): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: read ? sql`coalesce(${notifications.readAt}, now())` : null })
    .where(eq(notifications.id, id));
}

/** Title and message in the reader's language; operator messages carry their own text. */
export function renderNotification(row: Pick<NotificationRow, 'kind' | 'params'>, t: Translate) {
  const params = (row.params ?? {}) as Record<string, string | number>;
  const known = (NOTIFICATION_KINDS as readonly string[]).includes(row.kind);
  const kind = known ? row.kind : 'message';
  return {
    title: t(`notifications:kinds.${kind}.title`, { ...params, defaultValue: String(params.title ?? '') }),
    message: t(`notifications:kinds.${kind}.message`, { ...params, defaultValue: String(params.body ?? '') }),
  };
}

/** Every in-app notification of a user, rendered in `t`'s language, oldest first (the copy of their data). */
export async function notificationRecords(db: Queryable, userId: number, t: Translate) {
  const rows = await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
  return rows.map((row) => ({
    ...renderNotification(row, t),
    kind: row.kind,
    link: row.link,
    readAt: row.readAt,
    createdAt: row.createdAt,
  }));
}

/** Deletes a closed account's notifications: they repeat what the records say, with the customer's name. */
export async function deleteNotificationsOf(tx: Queryable, userId: number): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
}

/**
 * Forgets the e-mails and SMS sent to a closed account's address and phone: the rows stay (how many
 * messages went out, of which template, when) without recipient or content; any still waiting never go.
 */
export async function redactMessagesTo(tx: Queryable, recipients: string[], placeholder: string): Promise<void> {
  if (recipients.length === 0) return;
  await tx
    .update(outboxMessages)
    .set({
      recipient: placeholder,
      subject: null,
      text: '',
      html: null,
      meta: {},
      status: sql`case when ${outboxMessages.status} = 'pending' then 'failed' else ${outboxMessages.status} end`,
      lastError: sql`case when ${outboxMessages.status} = 'pending' then 'account closed' else ${outboxMessages.lastError} end`,
    })
    .where(inArray(outboxMessages.recipient, recipients));
}
