// Notifications: the caller's own (GET /api/v1/notifications/, read/unread, read-all, unread-count) and,
// for operators, everyone's (GET/POST/DELETE /api/v1/backoffice/notifications/) and the outbox of e-mails
// and SMS (GET /api/v1/backoffice/outbox/, outbox-routes.ts).
import {
  backofficeNotificationSchema,
  type NotificationMessage,
  notificationMessageSchema,
  notificationSchema,
} from '@lombard/shared/schemas/notifications';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notifications } from '../../db/schema/notifications';
import { currentUser, requireAuth } from '../../lib/auth-guards';
import { fieldError } from '../../lib/errors';
import { registerResource, resourceContext } from '../../lib/resource/routes';
import { defineResource } from '../../lib/resource/types';
import { getAccount, userEmailOf } from '../account/service';
import { outboxResource } from './outbox-routes';
import { markAllRead, NOTIFICATION_KINDS, notifyUser, renderNotification, setRead, unreadCount } from './service';

const columns = {
  id: notifications.id,
  userId: notifications.userId,
  kind: notifications.kind,
  params: notifications.params,
  link: notifications.link,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

const isRead = sql<boolean>`(${notifications.readAt} is not null)`;

const commonFields = {
  id: { expr: notifications.id, type: 'id', sortable: true, filterable: true },
  kind: { expr: notifications.kind, type: 'enum', values: NOTIFICATION_KINDS, sortable: true, filterable: true },
  is_read: { expr: isRead, type: 'boolean', sortable: true, filterable: true },
  created_at: { expr: notifications.createdAt, type: 'datetime', sortable: true, filterable: true },
  read_at: { expr: notifications.readAt, type: 'datetime', sortable: true, filterable: true },
} as const;

export const myNotifications = defineResource({
  name: 'notifications',
  path: '/api/v1/notifications/',
  docs: { tag: 'notifications', summary: 'My notifications' },
  from: notifications,
  select: columns,
  id: notifications.id,
  scope: (context) => eq(notifications.userId, context.user.id),
  keptPerUser: true,
  fields: commonFields,
  defaultOrder: ['-created_at'],
  item: notificationSchema,
  serialize: (row, context) => ({
    id: row.id,
    kind: row.kind,
    ...renderNotification(row, context.t),
    link: row.link,
    is_read: row.readAt !== null,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }),
  remove: {
    async run(tx, id) {
      await tx.delete(notifications).where(eq(notifications.id, Number(id)));
    },
  },
  actions: [
    {
      name: 'read',
      method: 'PATCH',
      async run(tx, id) {
        await setRead(tx, Number(id), true);
      },
    },
    {
      name: 'unread',
      method: 'PATCH',
      async run(tx, id) {
        await setRead(tx, Number(id), false);
      },
    },
  ],
});

const userEmail = userEmailOf(notifications.userId);

export const allNotifications = defineResource({
  name: 'backoffice.notifications',
  path: '/api/v1/backoffice/notifications/',
  docs: { tag: 'backoffice', summary: 'Notifications of every user' },
  profiles: ['admin'],
  from: notifications,
  select: { ...columns, userEmail },
  id: notifications.id,
  scope: () => undefined,
  fields: {
    ...commonFields,
    user_id: { expr: notifications.userId, type: 'id', sortable: true, filterable: true },
    user_email: { expr: userEmail, type: 'text', sortable: true, filterable: true },
  },
  search: [userEmail, notifications.kind, sql`${notifications.params}::text`],
  defaultOrder: ['-created_at'],
  item: backofficeNotificationSchema,
  serialize: (row, context) => ({
    id: row.id,
    user_id: row.userId,
    user_email: row.userEmail,
    kind: row.kind,
    ...renderNotification(row, context.t),
    link: row.link,
    is_read: row.readAt !== null,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }),
  /** An operator writes to a user: a `message` notification with the operator's own text. */
  create: {
    body: notificationMessageSchema,
    async run(tx, body) {
      const input = body as NotificationMessage;
      if (!(await getAccount(tx, input.user_id))) throw fieldError({ user_id: 'notifications:unknownUser' });
      return notifyUser(tx, {
        userId: input.user_id,
        kind: 'message',
        params: { title: input.title, body: input.body },
      });
    },
  },
  remove: {
    async run(tx, id) {
      await tx.delete(notifications).where(eq(notifications.id, Number(id)));
    },
  },
  export: {
    title: 'notifications:export.title',
    columns: [
      { header: 'notifications:export.id', type: 'integer', value: 'id' },
      { header: 'notifications:export.user', type: 'text', value: 'userEmail' },
      {
        header: 'notifications:export.kind',
        type: 'text',
        value: (row, c) => c.t(`notifications:kindNames.${row.kind}`, { defaultValue: row.kind }),
      },
      { header: 'notifications:export.heading', type: 'text', value: (row, c) => renderNotification(row, c.t).title },
      { header: 'notifications:export.read', type: 'boolean', value: (row) => row.readAt !== null },
      { header: 'notifications:export.createdAt', type: 'datetime', value: 'createdAt' },
    ],
  },
});

export const notificationsModule = fp(async (app: FastifyInstance) => {
  // Static paths first in meaning: find-my-way prefers them over {id}/ either way.
  app.get(
    '/api/v1/notifications/unread-count/',
    { onRequest: requireAuth, schema: { tags: ['notifications'], summary: 'Number of unread notifications' } },
    async (request) => ({ count: await unreadCount(app.database.db, currentUser(request).id) }),
  );
  app.patch(
    '/api/v1/notifications/read-all/',
    { onRequest: requireAuth, schema: { tags: ['notifications'], summary: 'Mark every notification read' } },
    async (request) => {
      const context = resourceContext(request);
      const updated = await markAllRead(app.database.db, context.user.id);
      return { updated, detail: context.t('notifications:allRead') };
    },
  );
  await registerResource(app, myNotifications);
  await registerResource(app, allNotifications);
  await registerResource(app, outboxResource);
});
