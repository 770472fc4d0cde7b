// Documents signed with a one-time code: the PDF is stored with its SHA-256, a code bound to the terms
// (a hash of them) goes to the customer's verified phone by SMS, and the right code records when it was
// signed. Orders placed against the MiFID result, advance contracts and collateral swaps use it, each
// signature once (`consumeSignature`). A customer with an authenticator app confirms with it instead, the
// strongest factor they have: no SMS goes out, and the confirmation is bound to the act by its challenge
// (a fingerprint of the signature and its terms, shown on screen and sent back with the code), so a code
// typed for one act cannot confirm another (dynamic linking, docs/decisions/032). A customer with a passkey
// confirms with it: the WebAuthn challenge is derived from the act, so the device's signature covers that
// act and no other (docs/decisions/039).
import { createHash } from 'node:crypto';
import { CONFIRMATION_VALIDITY_MINUTES } from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import type { ConfirmationFactor, ConfirmationProof } from '@lombard/shared/schemas/authenticator';
import type { DocumentKind } from '@lombard/shared/schemas/documents';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { type Database, inTransaction, type Queryable, type Transaction } from '../../db/client';
import { signatures } from '../../db/schema/signatures';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/files/storage';
import { findFile, type StoredFile, saveFile } from '../../lib/files/store';
import { type Translate, translator } from '../../lib/i18n';
import { assertVerified, issueCode, payloadHash, type VerifyOutcome, verifyCode } from '../../lib/one-time-code/codes';
import { assertFactor, checkFactor, type FactorOutcome, hasAuthenticator } from '../authenticator/service';
import { fileIssuedDocument } from '../documents/service';
import { actOptions, checkActAssertion, existingActOptions, hasPasskey } from '../passkeys/service';
import { buildOrderDocument, type OrderTerms } from './order-document';

export type { OrderTerms } from './order-document';

/** The one-time code purpose of an order's signature (also the signature's own purpose). */
export const ORDER_SIGNATURE_PURPOSE = 'order-signature';

export interface SignatureRequest {
  userId: number;
  purpose: string;
  /** The document signed (an advance, a product's order): the code's limits are counted per subject. */
  subject?: string | number;
  /** The terms the code confirms; the same terms must be presented when the signature is used. */
  payload: unknown;
  /**
   * The document signed (an order form, a contract); none for an act whose terms are all on the confirming
   * screen (a withdrawal, a change of IBAN): its hash is then the terms' own.
   */
  document?: { bytes: Uint8Array; fileName: string };
  sms: { to: string; language: Language; template: string; text: (code: string) => string };
  files: FileStorage;
  now: Date;
}

export interface SignatureRequested {
  id: number;
  documentHash: string;
  expiresAt: Date;
  /** How the customer confirms it: the SMS code just sent, or their authenticator app. */
  factor: ConfirmationFactor;
  /** The fingerprint the confirming screen shows and the confirming request sends back. */
  challenge: string;
  /**
   * With a passkey: the WebAuthn options whose challenge is derived from this act, and the factor the
   * customer may use instead (the authenticator app when enrolled; never the SMS, docs/decisions/039).
   */
  passkey: { options: Record<string, unknown>; fallback: 'authenticator' | null } | null;
}

/**
 * Eight hex digits of a hash of the signature and its terms (what, how much, to whom, the document's hash):
 * two acts never share one, and the same act asked twice gets a new one.
 */
export const challengeOf = (row: { id: number; payloadHash: string }) =>
  createHash('sha256').update(`${row.id}:${row.payloadHash}`).digest('hex').slice(0, 8).toUpperCase();

const confirmationExpiry = (createdAt: Date) =>
  new Date(createdAt.getTime() + CONFIRMATION_VALIDITY_MINUTES * 60 * 1000);

/** The factor the customer's acts are confirmed with: a passkey, else the authenticator app, else an SMS code. */
export async function strongestFactor(db: Queryable, userId: number): Promise<ConfirmationFactor> {
  if (await hasPasskey(db, userId)) return 'passkey';
  return (await hasAuthenticator(db, userId)) ? 'authenticator' : 'sms';
}

/**
 * Stores the document and sends the code, in the caller's transaction. A second request while the code
 * just sent for these terms is live (a double-click) sends nothing and answers with the same signature.
 */
export async function requestSignature(tx: Transaction, input: SignatureRequest): Promise<SignatureRequested> {
  const factor = await strongestFactor(tx, input.userId);
  if (factor !== 'sms') return requestFactorSignature(tx, input, factor);
  const hash = payloadHash(input.payload);
  const asked = (id: number) => ({
    factor: 'sms' as const,
    challenge: challengeOf({ id, payloadHash: hash }),
    passkey: null,
  });
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
    if (earlier) return { id: earlier.id, documentHash: earlier.documentHash, expiresAt, ...asked(earlier.id) };
  }
  const row = await newSignature(tx, input, hash, null);
  return { id: row.id, documentHash: row.documentHash, expiresAt, ...asked(row.id) };
}

/** A new signature row for these terms, with its document stored; `factor` null for an SMS code. */
async function newSignature(
  tx: Transaction,
  input: SignatureRequest,
  hash: string,
  factor: 'authenticator' | 'passkey' | null,
) {
  const { fileId, documentHash } = await storeDocument(tx, input, hash);
  const [row] = await tx
    .insert(signatures)
    .values({
      userId: input.userId,
      purpose: input.purpose,
      fileId,
      documentHash,
      payloadHash: hash,
      ...(factor ? { factor } : {}),
      createdAt: input.now,
    })
    .returning();
  return row!;
}

/** The act's document stored with its SHA-256; without one, the terms' hash stands for it. */
async function storeDocument(tx: Transaction, input: SignatureRequest, hash: string) {
  if (!input.document) return { fileId: null, documentHash: hash };
  const bytes = Buffer.from(input.document.bytes);
  const file = await saveFile(tx, input.files, bytes, {
    fileName: input.document.fileName,
    contentType: 'application/pdf',
    ownerId: input.userId,
  });
  return { fileId: file.id, documentHash: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * With an authenticator or a passkey nothing is sent: the signature waits for the app's code or the
 * passkey's assertion. A second request for the same terms while one waits (a double-click, two tabs)
 * answers with that one, its challenge and (passkey) the same WebAuthn options.
 */
async function requestFactorSignature(
  tx: Transaction,
  input: SignatureRequest,
  factor: 'authenticator' | 'passkey',
): Promise<SignatureRequested> {
  const hash = payloadHash(input.payload);
  const [earlier] = await tx
    .select()
    .from(signatures)
    .where(
      and(
        eq(signatures.userId, input.userId),
        eq(signatures.purpose, input.purpose),
        eq(signatures.payloadHash, hash),
        eq(signatures.factor, factor),
        isNull(signatures.signedAt),
      ),
    )
    .orderBy(desc(signatures.id))
    .limit(1);
  const fallback = factor === 'passkey' && (await hasAuthenticator(tx, input.userId)) ? 'authenticator' : null;
  const answer = (
    row: { id: number; documentHash: string; createdAt: Date },
    options: Record<string, unknown> | null,
  ): SignatureRequested => ({
    id: row.id,
    documentHash: row.documentHash,
    expiresAt: confirmationExpiry(row.createdAt),
    factor,
    challenge: challengeOf({ id: row.id, payloadHash: hash }),
    passkey: options ? { options, fallback } : null,
  });
  if (earlier && confirmationExpiry(earlier.createdAt).getTime() > input.now.getTime()) {
    const options = factor === 'passkey' ? await existingActOptions(tx, input.userId, earlier.id) : null;
    if (factor === 'authenticator' || options) return answer(earlier, options);
  }
  const row = await newSignature(tx, input, hash, factor);
  const options =
    factor === 'passkey'
      ? await actOptions(tx, {
          userId: input.userId,
          signatureId: row.id,
          payloadHash: hash,
          documentHash: row.documentHash,
          expiresAt: confirmationExpiry(row.createdAt),
        })
      : null;
  return answer(row, options);
}

/**
 * The confirming screen's sentence: the act (its name and amount) and how to confirm it, with the act's
 * fingerprint; `sms` is the flow's own sentence for a code sent by SMS.
 */
export function askedDetail(t: Translate, asked: SignatureRequested, what: string, sms: string): string {
  if (asked.factor === 'sms') return sms;
  const key = asked.factor === 'passkey' ? 'signing:passkeyAsked' : 'signing:authenticatorAsked';
  return t(key, { challenge: asked.challenge, what });
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

export async function ownSignature(db: Queryable, userId: number, id: number, purpose: string) {
  const [row] = await db
    .select()
    .from(signatures)
    .where(and(eq(signatures.id, id), eq(signatures.userId, userId), eq(signatures.purpose, purpose)));
  return row ?? null;
}

/** `ownSignature` read under its row's lock, held to the end of the caller's transaction. */
async function lockedSignature(tx: Transaction, userId: number, id: number, purpose: string) {
  const [row] = await tx
    .select()
    .from(signatures)
    .where(and(eq(signatures.id, id), eq(signatures.userId, userId), eq(signatures.purpose, purpose)))
    .for('update');
  return row ?? null;
}

/**
 * Checks the proof for a signature of these terms and records the signing, under the signature's row lock:
 * the same proof sent several times at once is checked once, and the others find the signature signed. A
 * signature of someone else is SIGNATURE_FAILED; of other terms `otherTerms` (SIGNATURE_FAILED unless
 * given), refused before the proof is looked at, so that a right code is not spent on it nor a wrong one
 * counted. A signature asked for with the authenticator takes only the app's code or a recovery code, and
 * only with its own challenge (CONFIRMATION_MISMATCH otherwise: the code was typed for another act); one
 * asked by SMS takes only its SMS code. A wrong code is counted in its own transaction and then refused. A
 * signature already signed is accepted again with a code (a retried request; its use decides).
 */
export async function confirmSignature(
  db: Database,
  input: {
    userId: number;
    id: number;
    purpose: string;
    subject?: string | number;
    /** The terms being done; omitted by the confirm call of an act done later (its use checks them). */
    payload?: unknown;
    /** The refusal of the user's signature of this purpose made for other terms than `payload`. */
    otherTerms?: AppError;
    proof: ConfirmationProof;
    now: Date;
  },
): Promise<void> {
  const { proof } = input;
  const outcome = await inTransaction(
    db,
    async (tx): Promise<{ sms: VerifyOutcome } | { authenticator: FactorOutcome }> => {
      const row = await lockedSignature(tx, input.userId, input.id, input.purpose);
      if (!row) throw new AppError('SIGNATURE_FAILED');
      if ('payload' in input && row.payloadHash !== payloadHash(input.payload)) {
        throw input.otherTerms ?? new AppError('SIGNATURE_FAILED');
      }
      if (proof.assertion) {
        // A passkey's assertion confirms only a signature asked for with the passkey, over exactly its
        // stored challenge, once: a replay (even of an act already signed) is refused.
        if (row.factor !== 'passkey') throw new AppError('CONFIRMATION_MISMATCH');
        await checkActAssertion(tx, {
          userId: input.userId,
          signatureId: row.id,
          response: proof.assertion,
          now: input.now,
        });
        await tx.update(signatures).set({ signedAt: input.now }).where(eq(signatures.id, row.id));
        return { sms: { status: 'verified' } };
      }
      if (row.signedAt) return { sms: { status: 'verified' } };
      let result: { sms: VerifyOutcome } | { authenticator: FactorOutcome };
      // Asked for with the passkey, the authenticator app may stand in (the customer's next factor), bound
      // to the act by the same challenge as its own signatures.
      const appFallback = row.factor === 'passkey' && (await hasAuthenticator(tx, input.userId));
      if (row.factor === 'authenticator' || appFallback) {
        if (proof.challenge !== challengeOf(row)) throw new AppError('CONFIRMATION_MISMATCH');
        if (confirmationExpiry(row.createdAt).getTime() <= input.now.getTime()) {
          throw new AppError('CONFIRMATION_EXPIRED');
        }
        result = {
          authenticator: await checkFactor(tx, {
            userId: input.userId,
            proof: { code: proof.code, recoveryCode: proof.recovery_code },
            now: input.now,
          }),
        };
      } else if (row.factor === 'passkey') {
        throw new AppError('CONFIRMATION_MISMATCH');
      } else {
        // Asked by SMS before an authenticator was enrolled: the SMS no longer confirms, ask again.
        const stronger = (await hasAuthenticator(tx, input.userId)) || (await hasPasskey(tx, input.userId));
        if (!proof.code || stronger) throw new AppError('CONFIRMATION_MISMATCH');
        result = {
          sms: await verifyCode(tx, {
            userId: input.userId,
            purpose: input.purpose,
            subject: input.subject,
            payloadHash: row.payloadHash,
            code: proof.code,
            now: input.now,
          }),
        };
      }
      const verified = 'sms' in result ? result.sms.status : result.authenticator.status;
      if (verified === 'verified') {
        await tx.update(signatures).set({ signedAt: input.now }).where(eq(signatures.id, row.id));
      }
      return result;
    },
  );
  if ('sms' in outcome) assertVerified(outcome.sms);
  else assertFactor(outcome.authenticator);
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
 * Of other terms: `otherTerms` (SIGNATURE_FAILED unless given); unsigned or of someone else: SIGNATURE_FAILED.
 */
export async function consumeSignature(
  tx: Transaction,
  input: { userId: number; id: number; purpose: string; payload: unknown; otherTerms?: AppError; now: Date },
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
  if (row && row.payloadHash !== payloadHash(input.payload)) throw input.otherTerms ?? new AppError('SIGNATURE_FAILED');
  throw new AppError(row?.signedAt && row.consumedAt ? 'SIGNATURE_USED' : 'SIGNATURE_FAILED');
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
