import { z } from 'zod';
import { text } from './text';

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  message: z.string(),
  /** An app path (/customer/…) or an API download path (/api/…). */
  link: z.string().nullable(),
  is_read: z.boolean(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const backofficeNotificationSchema = notificationSchema.extend({
  user_id: z.number().int(),
  user_email: z.string().nullable(),
});
export type BackofficeNotification = z.infer<typeof backofficeNotificationSchema>;

export const unreadCountSchema = z.object({ count: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** POST /api/v1/backoffice/notifications/: an operator writes to one user. */
export const notificationMessageSchema = z.object({
  user_id: z.number().int().positive(),
  title: text().trim().min(1).max(120),
  body: text({ multiline: true }).trim().min(1).max(2000),
});
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;
