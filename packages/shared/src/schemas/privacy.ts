// The customer's own data: a copy of everything held about them (a ZIP prepared by a job, downloaded
// once) and the closure of the account (asked by the customer, completed by an operator).
import { z } from 'zod';
import { text } from './text';

/** How long a prepared copy can be downloaded, in days. */
export const DATA_EXPORT_TTL_DAYS = 7;
/** One copy a day: preparing one reads every table the customer appears in. */
export const DATA_EXPORT_INTERVAL_HOURS = 24;
/** Anti-money-laundering records are kept ten years after the relationship ends (Italy, D.Lgs. 231/2007). */
export const AML_RETENTION_YEARS = 10;

export const DATA_EXPORT_STATUSES = ['none', 'pending', 'ready', 'downloaded', 'expired', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const dataExportSchema = z.object({
  status: z.enum(DATA_EXPORT_STATUSES),
  requested_at: z.string().nullable(),
  ready_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  downloaded_at: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** What is kept after closure, and why: the same list the customer reads before asking. */
export const RETAINED_RECORDS = ['ledger', 'orders', 'contracts', 'identification', 'suitability'] as const;
export type RetainedRecord = (typeof RETAINED_RECORDS)[number];

export const closureRequestSchema = z.object({ reason: text({ multiline: true }).trim().max(500).optional() });
export type ClosureRequest = z.infer<typeof closureRequestSchema>;

export const CLOSURE_STATUSES = ['none', 'requested', 'completed'] as const;

export const closureSchema = z.object({
  status: z.enum(CLOSURE_STATUSES),
  requested_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  kept: z.array(z.object({ record: z.enum(RETAINED_RECORDS), what: z.string(), why: z.string(), until: z.string() })),
});
export type Closure = z.infer<typeof closureSchema>;

/** What keeps an account open: cash (free or set aside), fund or plan units, an advance, a pending order. */
export const CLOSURE_BLOCKERS = ['cash', 'positions', 'advance', 'orders'] as const;
export type ClosureBlocker = (typeof CLOSURE_BLOCKERS)[number];

export const backofficeClosureSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  /** The customer's name and address while the request is open; the anonymised address once completed. */
  name: z.string(),
  email: z.string(),
  reason: z.string().nullable(),
  requested_at: z.string(),
  completed_at: z.string().nullable(),
  /** What stands in the way of completing it now (empty: it can be completed); empty once completed. */
  blocking: z.array(z.enum(CLOSURE_BLOCKERS)),
  /** Until when the identification data is kept, and when it was purged. */
  retain_until: z.string().nullable(),
  purged_at: z.string().nullable(),
});
export type BackofficeClosure = z.infer<typeof backofficeClosureSchema>;
