import { z } from 'zod';
import { PROFILES } from '../permissions';

/** GET /api/v1/backoffice/users/ item. */
export const backofficeUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  profiles: z.array(z.string()),
  profile: z.string().nullable(),
  language: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  status_name: z.string(),
  is_active: z.boolean(),
  is_locked: z.boolean(),
  failed_login_count: z.number().int(),
  is_superuser: z.boolean(),
  /** An authenticator app enrolled (its reset is offered only then). */
  has_authenticator: z.boolean(),
  referral_code: z.string(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type BackofficeUser = z.infer<typeof backofficeUserSchema>;

/** PATCH /api/v1/backoffice/users/{id}/: the profiles a user holds, the first being the active one. */
export const userProfilesSchema = z.object({
  attributes: z
    .array(z.enum(PROFILES))
    .min(1)
    .max(PROFILES.length)
    .refine((list) => new Set(list).size === list.length, 'validation:invalid'),
});
export type UserProfilesUpdate = z.infer<typeof userProfilesSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditEntryDetailSchema = auditEntrySchema.extend({
  before: z.unknown(),
  after: z.unknown(),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntryDetail = z.infer<typeof auditEntryDetailSchema>;

/** The outbox as operators read it (GET /api/v1/backoffice/outbox/): never a message's body. */
export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export const OUTBOX_STATUSES = ['pending', 'sent', 'delivered', 'failed'] as const;

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  recipient: z.string(),
  template: z.string(),
  language: z.string(),
  /** An e-mail's subject; null for an SMS. */
  subject: z.string().nullable(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  /** Why the last try failed (the server's reply, the SMSC's status, the receipt), or null. */
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  /** The SMSC's message_id or the e-mail's Message-ID. */
  provider_message_id: z.string().nullable(),
  /** The delivery receipt's stat (DELIVRD, UNDELIV, EXPIRED…). */
  receipt_status: z.string().nullable(),
  receipt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** The statements the platform issues, as operators list them to draw one again. */
export const STATEMENT_KINDS = ['contract_note', 'asset_statement', 'costs_report', 'advance_statement'] as const;

export const backofficeStatementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(STATEMENT_KINDS),
  kind_name: z.string(),
  /** What it is of, in words: the order, the quarter, the year, the advance and its date. */
  subject: z.string(),
  issued_on: z.string().nullable(),
  created_at: z.string(),
  user: z.object({ id: z.number().int(), email: z.string().nullable(), full_name: z.string().nullable() }),
});
export type BackofficeStatement = z.infer<typeof backofficeStatementSchema>;
