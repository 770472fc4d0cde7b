// Contract of the documents calls: the KYC uploads (their non-file fields and date rules, checked the same
// way by the browser form and the server), the accepted files, and the user's documents list. Messages are
// i18n keys; a message with a limit carries it as `maximum`, which both translators pass as {{max}}.
import dayjs from 'dayjs';
import { z } from 'zod';
import {
  type ACCEPTED_UPLOAD_CONTENT_TYPES,
  type ACCEPTED_UPLOAD_EXTENSIONS,
  ADDRESS_PROOF_MAX_AGE_MONTHS,
  ID_AS_ADDRESS_PROOF_MAX_AGE_MONTHS,
  MAX_UPLOAD_BYTES,
} from '../constants';
import { VALIDATION_MESSAGES as V } from '../errors';
import { text } from './text';

export const DOCUMENT_MESSAGES = {
  date: 'validation:date',
  documentNumber: 'validation:documentNumber',
  documentExpired: 'validation:documentExpired',
  issuedInFuture: 'validation:issuedInFuture',
  expiryBeforeIssue: 'validation:expiryBeforeIssue',
  /** {{max}} = months. */
  addressProofTooOld: 'validation:addressProofTooOld',
  fileRequired: 'validation:fileRequired',
  fileEmpty: 'validation:fileEmpty',
  /** The name's extension or the declared type is not PDF, JPEG or PNG. */
  fileType: 'validation:fileType',
  /** The bytes are not what the name says (e.g. a program renamed .png). */
  fileContentMismatch: 'validation:fileContentMismatch',
  /** {{max}} = megabytes. */
  fileTooLarge: 'validation:fileTooLarge',
} as const;

/** What a document is. Features that issue or collect documents (signed advance contracts, stock-plan
 * proofs, key information documents) add their kind here; the list and the download serve every kind. */
export const DOCUMENT_KINDS = [
  'identity_document',
  'address_proof',
  'stock_plan',
  'advance_contract',
  /** An order signed by code past the MiFID appropriateness warning. */
  'order_form',
  'collateral_swap',
  /** Statements the platform issues (MiFID II, consumer-credit directive): one per order executed, */
  'contract_note',
  /** per quarter (assets), */
  'asset_statement',
  /** per year (costs and charges, ex post), */
  'costs_report',
  /** and per advance, on request or yearly. */
  'advance_statement',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Who produced it: the user uploaded it, or the platform issued it (contracts, statements). */
export const DOCUMENT_ORIGINS = ['uploaded', 'issued'] as const;
export type DocumentOrigin = (typeof DOCUMENT_ORIGINS)[number];

export const IDENTITY_DOCUMENT_TYPES = ['identity_card', 'passport', 'driving_licence'] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];
/** An identity card or a driving licence also proves an address, when recent enough. */
export const ADDRESS_PROOF_TYPES = [
  'utility_bill',
  'bank_statement',
  'residence_certificate',
  'identity_card',
  'driving_licence',
] as const;
export type AddressProofType = (typeof ADDRESS_PROOF_TYPES)[number];

/** Identity documents without a back side to photograph. */
export const SINGLE_SIDED_IDENTITY_DOCUMENTS: readonly IdentityDocumentType[] = ['passport'];

/**
 * `active`: the one in use; `expired`: past its expiry date; `superseded`: replaced by a newer upload;
 * `withdrawn`: a contract the customer withdrew from (its validity ended on that day).
 */
export const DOCUMENT_STATUSES = ['active', 'expired', 'superseded', 'withdrawn'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Which part of a document a file shows; null for a single file (a bill, a statement, a contract). */
export const DOCUMENT_FILE_SIDES = ['front', 'back'] as const;
export type DocumentFileSide = (typeof DOCUMENT_FILE_SIDES)[number];

export const DOCUMENT_NUMBER_MIN_LENGTH = 5;
export const DOCUMENT_NUMBER_MAX_LENGTH = 20;

/** Today as `YYYY-MM-DD` in the local calendar (the date a person reads on the document). */
export const todayIso = () => dayjs().format('YYYY-MM-DD');

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date `YYYY-MM-DD` that exists (no 31 February). */
export const isoDateSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .refine((value) => ISO_DATE.test(value) && dayjs(value).format('YYYY-MM-DD') === value, {
    error: DOCUMENT_MESSAGES.date,
  });

/** Letters and digits (spaces and dashes as typed are dropped), stored upper-case; one message at most. */
export const documentNumberSchema = text({ error: V.required })
  .overwrite((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .superRefine((value, ctx) => {
    const issue = (message: string, limit?: { minimum?: number; maximum?: number }) =>
      ctx.addIssue({ code: 'custom', message, ...limit });
    if (value.length === 0) issue(V.required);
    else if (!/^[A-Z0-9]+$/.test(value)) issue(DOCUMENT_MESSAGES.documentNumber);
    else if (value.length < DOCUMENT_NUMBER_MIN_LENGTH) issue(V.minLength, { minimum: DOCUMENT_NUMBER_MIN_LENGTH });
    else if (value.length > DOCUMENT_NUMBER_MAX_LENGTH) issue(V.maxLength, { maximum: DOCUMENT_NUMBER_MAX_LENGTH });
  });

/** Earliest issue date an address proof of this type may have, given today. */
export function addressProofMaxAgeMonths(type: AddressProofType): number {
  return type === 'identity_card' || type === 'driving_licence'
    ? ID_AS_ADDRESS_PROOF_MAX_AGE_MONTHS
    : ADDRESS_PROOF_MAX_AGE_MONTHS;
}
export function oldestAcceptedIssueDate(type: AddressProofType, today = todayIso()): string {
  return dayjs(today).subtract(addressProofMaxAgeMonths(type), 'month').format('YYYY-MM-DD');
}

/** Runs the date rules even when another field is invalid, so the form shows every message at once. */
const whenObject = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

const dateIsValid = (value: unknown): value is string =>
  typeof value === 'string' && isoDateSchema.safeParse(value).success;

/**
 * Identity document fields (the files `front` and `back` travel beside them; `back` is required except
 * for a passport). Not expired today, issued no later than today, expiring after the issue date.
 */
export const identityDocumentFieldsSchema = z
  .object({
    type: z.enum(IDENTITY_DOCUMENT_TYPES, { error: V.required }),
    number: documentNumberSchema,
    issued_on: isoDateSchema,
    expires_on: isoDateSchema,
  })
  .superRefine((value, ctx) => {
    const today = todayIso();
    const issued = dateIsValid(value.issued_on) ? value.issued_on : null;
    const expires = dateIsValid(value.expires_on) ? value.expires_on : null;
    if (issued && issued > today)
      ctx.addIssue({ code: 'custom', path: ['issued_on'], message: DOCUMENT_MESSAGES.issuedInFuture });
    if (expires && expires < today)
      ctx.addIssue({ code: 'custom', path: ['expires_on'], message: DOCUMENT_MESSAGES.documentExpired });
    else if (issued && expires && expires <= issued)
      ctx.addIssue({ code: 'custom', path: ['expires_on'], message: DOCUMENT_MESSAGES.expiryBeforeIssue });
  }, whenObject);
export type IdentityDocumentFields = z.infer<typeof identityDocumentFieldsSchema>;

/** Address proof fields (the one file `file` travels beside them): recent enough for its type. */
export const addressProofFieldsSchema = z
  .object({
    type: z.enum(ADDRESS_PROOF_TYPES, { error: V.required }),
    issued_on: isoDateSchema,
  })
  .superRefine((value, ctx) => {
    if (!dateIsValid(value.issued_on)) return;
    const today = todayIso();
    if (value.issued_on > today) {
      ctx.addIssue({ code: 'custom', path: ['issued_on'], message: DOCUMENT_MESSAGES.issuedInFuture });
      return;
    }
    if (!(ADDRESS_PROOF_TYPES as readonly string[]).includes(value.type)) return;
    if (value.issued_on < oldestAcceptedIssueDate(value.type, today))
      ctx.addIssue({
        code: 'custom',
        path: ['issued_on'],
        message: DOCUMENT_MESSAGES.addressProofTooOld,
        // Read as {{max}} by the API's and the web's translators.
        maximum: addressProofMaxAgeMonths(value.type),
      });
  }, whenObject);
export type AddressProofFields = z.infer<typeof addressProofFieldsSchema>;

/** The multipart field names of the files. */
export const IDENTITY_DOCUMENT_FILE_FIELDS = ['front', 'back'] as const;
export const ADDRESS_PROOF_FILE_FIELD = 'file';

export type UploadContentType = (typeof ACCEPTED_UPLOAD_CONTENT_TYPES)[number];
const CONTENT_TYPE_BY_EXTENSION: Record<(typeof ACCEPTED_UPLOAD_EXTENSIONS)[number], UploadContentType> = {
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
};

/** The content type a file name promises, or null when its extension is not accepted. */
export function contentTypeForFileName(name: string): UploadContentType | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const extension = name.slice(dot).toLowerCase() as keyof typeof CONTENT_TYPE_BY_EXTENSION;
  return CONTENT_TYPE_BY_EXTENSION[extension] ?? null;
}

export const MAX_UPLOAD_MEGABYTES = MAX_UPLOAD_BYTES / (1024 * 1024);

/**
 * The checks a browser can make before sending (name, declared type, size), as a message key with its
 * limit, or null when the file may be sent. The server repeats them and also reads the content.
 */
export function uploadProblem(file: {
  name: string;
  size: number;
  type?: string;
}): { key: string; max?: number } | null {
  const expected = contentTypeForFileName(file.name);
  if (!expected) return { key: DOCUMENT_MESSAGES.fileType };
  // Browsers leave the type empty for names they do not know and may say image/jpg or image/pjpeg.
  const declared = (file.type ?? '')
    .toLowerCase()
    .replace('image/jpg', 'image/jpeg')
    .replace('image/pjpeg', 'image/jpeg');
  if (declared && declared !== 'application/octet-stream' && declared !== expected)
    return { key: DOCUMENT_MESSAGES.fileType };
  if (file.size === 0) return { key: DOCUMENT_MESSAGES.fileEmpty };
  if (file.size > MAX_UPLOAD_BYTES) return { key: DOCUMENT_MESSAGES.fileTooLarge, max: MAX_UPLOAD_MEGABYTES };
  return null;
}

export const documentFileSchema = z.object({
  id: z.number().int(),
  side: z.enum(DOCUMENT_FILE_SIDES).nullable(),
  name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
});
export type DocumentFile = z.infer<typeof documentFileSchema>;

/** One document of the user's list (and the 201 answer of an upload). */
export const documentItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KINDS),
  origin: z.enum(DOCUMENT_ORIGINS),
  type: z.string(),
  /** Masked except the last four characters (`•••••1234`); null when the document has no number. */
  number: z.string().nullable(),
  issued_on: z.string().nullable(),
  expires_on: z.string().nullable(),
  status: z.enum(DOCUMENT_STATUSES),
  created_at: z.string(),
  files: z.array(documentFileSchema),
});
export type DocumentItem = z.infer<typeof documentItemSchema>;
