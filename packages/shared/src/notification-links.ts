// Where notifications live and which of them link to a file, apart from their schemas
// (schemas/notifications.ts): the bell and the export flow sit on every signed-in page, which must not
// bring zod with them (docs/decisions/016).

/** The caller's notifications, a generic resource. */
export const NOTIFICATIONS_PATH = '/api/v1/notifications/';

/** Which notifications link to a file download rather than a page. */
export const isDownloadLink = (link: string | null | undefined): link is string =>
  typeof link === 'string' && link.startsWith('/api/');
