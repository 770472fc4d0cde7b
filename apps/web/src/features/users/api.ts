// The back-office users (API under /api/v1/backoffice/users/, lib/backoffice/paths.ts): the row the pages
// read and the profiles an operator may give.
import type { BackofficeUser } from '@lombard/shared/schemas/backoffice';

// The kit's rows are open records; this adds the fields the pages read.
export type UserRow = BackofficeUser & Record<string, unknown>;

export const PROFILE_OPTIONS = ['base', 'lead', 'customer', 'admin'] as const;
