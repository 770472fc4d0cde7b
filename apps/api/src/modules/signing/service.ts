// Documents signed with a one-time code: the PDF is stored with its SHA-256, a code bound to the terms
// (a hash of them) goes to the customer's verified phone by SMS, and the right code records when it was
// signed. Orders placed against the MiFID result, advance contracts and collateral swaps use it, each
// signature once (`consumeSignature`).
import { createHash } from 'node:crypto';
import type { Language } from '@lombard/shared/locale';
import type { DocumentKind } from '@lombard/shared/schemas/documents';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { type Database, inTransaction, type Queryable, type Transaction } from '../../db/client';
import { signatures } from '../../db/schema/signatures';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/files/storage';
import { findFile, type StoredFile, saveFile } from '../../lib/files/store';
import { translator } from '../../lib/i18n';
import { assertVerified, issueCode, payloadHash, verifyCode } from '../../lib/one-time-code/codes';
import { fileIssuedDocument } from '../documents/service';
import { buildOrderDocument, type OrderTerms } from './order-document';

export type { OrderTerms } from './order-document';

/** The one-time code purpose of an order's signature (also the signature's own purpose). */
export const ORDER_SIGNATURE_PURPOSE = 'order-signature';

export interface SignatureRequest {
  userId: number;
  purpose: string;
  /** The document signed (an advance, a product's order): the code's limits are counted per subject. */
  subject: string | number;
  /** The terms the code confirms; the same terms must be presented when the signature is used. */
  payload: unknown;
  document: { bytes: Uint8Array; fileName: string };
  sms: { to: string; language: Language; template: string; text: (code: string) => string };
  files: FileStorage;
  now: Date;
}

export interface SignatureRequested {
  id: number;
  documentHash: string;
  expiresAt: Date;
}

/**
 * Stores the document and sends the code, in the caller's transaction. A second request while the code
 * just sent for these terms is live (a double-click) sends nothing and answers with the same signature.
 */
export async function requestSignature(tx: Transaction, input: SignatureRequest): Promise<SignatureRequested> {
  const bytes = Buffer.from(input.document.bytes);
  const documentHash = createHash('sha256').update(bytes).digest('hex');
  const { expiresAt, sent } = await issueCode(tx, {
    userId: input.userId,
    purpose: input.purpose,
    subject: input.subject,
    payload: input.payload,
    now: input.now,
    sms: input.sms,
  });
  if (!sent) {
    const [earlier] = await tx
      .select({ id: signatures.id, documentHash: signatures.documentHash })
      .from(signatures)
      .where(
        and(
          eq(signatures.userId, input.userId),
          eq(signatures.purpose, input.purpose),
          eq(signatures.payloadHash, payloadHash(input.payload)),
          isNull(signatures.signedAt),
        ),
      )
      .orderBy(desc(signatures.id))
      .limit(1);
    if (earlier) return { id: earlier.id, documentHash: earlier.documentHash, expiresAt };
  }
  const file = await saveFile(tx, input.files, bytes, {
    fileName: input.document.fileName,
    contentType: 'application/pdf',
    ownerId: input.userId,
  });
  const [row] = await tx
    .insert(signatures)
    .values({
      userId: input.userId,
      purpose: input.purpose,
      fileId: file.id,
      documentHash,
      payloadHash: payloadHash(input.payload),
      createdAt: input.now,
    })
    .returning({ id: signatures.id });
  return { id: row!.id, documentHash, expiresAt };
}

/** The order form for these terms, signed by SMS code: see `requestSignature`. */
export async function requestOrderSignature(
  tx: Transaction,
  input: Omit<SignatureRequest, 'purpose' | 'document'> & { language: Language; terms: OrderTerms },
): Promise<SignatureRequested> {
  const bytes = await buildOrderDocument(input.language, input.terms);
  return requestSignature(tx, {
    ...input,
    purpose: ORDER_SIGNATURE_PURPOSE,
    document: {
      bytes,
      fileName: translator(input.language)('signing:orderDocument.fileName', { date: input.terms.date }),
    },
  });
}

async function ownSignature(db: Queryable, userId: number, id: number, purpose: string) {
  const [row] = await db
    .select()
    .from(signatures)
    .where(and(eq(signatures.id, id), eq(signatures.userId, userId), eq(signatures.purpose, purpose)));
  return row ?? null;
}

/**
 * Checks the code for a signature of these terms and records the signing. A signature of other terms (or
 * of someone else) is SIGNATURE_FAILED; a wrong code is counted in its own transaction and then refused
 * with the one-time-code error. A signature already signed is accepted again (a retried request).
 */
export async function confirmSignature(
  db: Database,
  input: {
    userId: number;
    id: number;
    purpose: string;
    subject: string | number;
    payload: unknown;
    code: string;
    now: Date;
  },
): Promise<void> {
  const outcome = await inTransaction(db, async (tx) => {
    const row = await ownSignature(tx, input.userId, input.id, input.purpose);
    if (!row || row.payloadHash !== payloadHash(input.payload)) throw new AppError('SIGNATURE_FAILED');
    if (row.signedAt) return { status: 'verified' } as const;
    const result = await verifyCode(tx, {
      userId: input.userId,
      purpose: input.purpose,
      subject: input.subject,
      payload: input.payload,
      code: input.code,
      now: input.now,
    });
    if (result.status === 'verified') {
      await tx.update(signatures).set({ signedAt: input.now }).where(eq(signatures.id, row.id));
    }
    return result;
  });
  assertVerified(outcome);
}

/**
 * The user's latest signature of these terms, or null: a document signed by code alone (a collateral
 * swap), where the request that confirms the code carries the terms rather than the signature's id.
 */
export async function latestSignatureOf(
  db: Queryable,
  input: { userId: number; purpose: string; payload: unknown },
): Promise<number | null> {
  const [row] = await db
    .select({ id: signatures.id })
    .from(signatures)
    .where(
      and(
        eq(signatures.userId, input.userId),
        eq(signatures.purpose, input.purpose),
        eq(signatures.payloadHash, payloadHash(input.payload)),
      ),
    )
    .orderBy(desc(signatures.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Files a signed document with the user's documents (the order form signed past the MiFID warning, the
 * collateral swap), in the transaction that uses the signature.
 */
export async function fileSignedDocument(
  tx: Queryable,
  input: { userId: number; signatureId: number; kind: DocumentKind; issuedOn: string },
): Promise<void> {
  const [row] = await tx
    .select({ fileId: signatures.fileId })
    .from(signatures)
    .where(and(eq(signatures.id, input.signatureId), eq(signatures.userId, input.userId)));
  if (!row?.fileId) return;
  await fileIssuedDocument(tx, { ...input, type: input.kind, fileId: row.fileId });
}

/**
 * Uses a signed signature of these terms for the order, contract or swap being made in `tx`: once. The
 * conditional update takes the row's lock, so a request racing with another that uses it waits for that
 * one's transaction and then finds it used (SIGNATURE_USED, 409); a rolled-back use leaves it free.
 * Unsigned, of other terms or of someone else: SIGNATURE_FAILED.
 */
export async function consumeSignature(
  tx: Transaction,
  input: { userId: number; id: number; purpose: string; payload: unknown; now: Date },
): Promise<void> {
  const [used] = await tx
    .update(signatures)
    .set({ consumedAt: input.now })
    .where(
      and(
        eq(signatures.id, input.id),
        eq(signatures.userId, input.userId),
        eq(signatures.purpose, input.purpose),
        eq(signatures.payloadHash, payloadHash(input.payload)),
        isNotNull(signatures.signedAt),
        isNull(signatures.consumedAt),
      ),
    )
    .returning({ id: signatures.id });
  if (used) return;
  const row = await ownSignature(tx, input.userId, input.id, input.purpose);
  const signed = row?.signedAt && row.payloadHash === payloadHash(input.payload);
  throw new AppError(signed && row.consumedAt ? 'SIGNATURE_USED' : 'SIGNATURE_FAILED');
}

/** The stored document of one of the user's signatures, or null (also for someone else's). */
export async function signatureDocument(db: Queryable, userId: number, id: number): Promise<StoredFile | null> {
  const [row] = await db
    .select({ fileId: signatures.fileId })
    .from(signatures)
    .where(and(eq(signatures.id, id), eq(signatures.userId, userId)));
  return row?.fileId ? findFile(db, row.fileId) : null;
}

/** Every signature of a user: what was signed (purpose, hashes), when, and the signed PDF's file. */
export async function signatureRecords(db: Queryable, userId: number) {
  return db.select().from(signatures).where(eq(signatures.userId, userId)).orderBy(signatures.id);
}
