// The caller's notifications (GET /api/v1/notifications/ and friends). Every query sits under the
// notifications resource key, so the export flow (lib/resource) refreshes the bell by invalidating it.

import { isDownloadLink, NOTIFICATIONS_PATH } from '@lombard/shared/notification-links';
import { buildListQuery } from '@lombard/shared/query-string';
import type { ListResponse } from '@lombard/shared/schemas/common';
import type { Notification, UnreadCount } from '@lombard/shared/schemas/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/client';
import { downloadFile } from '../../../lib/resource/download';
import { resourceKeys } from '../../../lib/resource/queries';

export type NotificationRow = Notification;

/** The customer area's page of every notification. */
export const NOTIFICATIONS_PAGE = '/customer/notifications/';

const UNREAD_POLL_MS = 30_000;

export const unreadCountQuery = queryOptions({
  queryKey: [...resourceKeys.all(NOTIFICATIONS_PATH), 'unread-count'],
  queryFn: async ({ signal }) =>
    (await http.get<UnreadCount>(`${NOTIFICATIONS_PATH}unread-count/`, { signal, silent: true })).data.count,
  refetchInterval: UNREAD_POLL_MS,
  refetchIntervalInBackground: false,
  staleTime: 10_000,
});

/** The few newest, for the bell's panel. */
export const latestNotificationsQuery = queryOptions({
  queryKey: [...resourceKeys.all(NOTIFICATIONS_PATH), 'latest'],
  queryFn: async ({ signal }) =>
    (await http.get<ListResponse<Notification>>(NOTIFICATIONS_PATH, { params: buildListQuery({ perPage: 5 }), signal }))
      .data,
  staleTime: 10_000,
});

export function useNotificationActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: resourceKeys.all(NOTIFICATIONS_PATH) });
  const markRead = useMutation({
    mutationFn: async ({ id, read }: { id: number; read: boolean }) =>
      (await http.patch<Notification>(`${NOTIFICATIONS_PATH}${id}/${read ? 'read' : 'unread'}/`, {})).data,
    onSuccess: refresh,
  });
  const markAllRead = useMutation({
    mutationFn: async () => (await http.patch<{ updated: number }>(`${NOTIFICATIONS_PATH}read-all/`, {})).data,
    onSuccess: refresh,
  });
  return { markRead, markAllRead };
}

/**
 * Opening a notification marks it read, then downloads its file (export ready) or goes to its page.
 * Returns the app path to navigate to, if any.
 */
export async function openNotification(
  notification: Notification,
  markRead: (id: number) => Promise<unknown>,
): Promise<string | null> {
  if (!notification.is_read) await markRead(notification.id);
  if (isDownloadLink(notification.link)) {
    await downloadFile(notification.link);
    return null;
  }
  return notification.link;
}
