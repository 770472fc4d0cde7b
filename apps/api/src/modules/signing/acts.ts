import type { ConfirmationProof, PendingConfirmation } from '@lombard/shared/schemas/authenticator';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, inTransaction, type Queryable } from '../../db/client';
import { signatures } from '../../db/schema/signatures';
import type { ActRequest } from '../../lib/act-confirmations';
import { AppError } from '../../lib/errors';
import { payloadHash } from '../../lib/one-time-code/codes';
import { hasAuthenticator } from '../authenticator/service';
import { hasPasskey } from '../passkeys/service';
import { verifiedPhone } from '../profile/service';
import { askedDetail, confirmSignature, ownSignature, requestSignature } from './signatures';

/**
 * The acts confirmed before they are done, without a document: what they confirm is on the confirming
 * screen and in the signature's terms (see `actSignatureRequest`).
 */
export const ACT_PURPOSES = ['withdrawal', 'iban-change', 'email-change', 'phone-change'] as const;
export type ActPurpose = (typeof ACT_PURPOSES)[number];

/**
 * The confirm call of an act done by a later request (POST /api/v1/signatures/{id}/confirm/): the proof
 * is checked against the signature's own terms; the act's request then uses it, once, if its terms are
 * those (`consumeSignaturesSql`).
 */
export async function confirmActSignature(
  db: Database,
  input: { userId: number; id: number; proof: ConfirmationProof; now: Date },
): Promise<void> {
  const [row] = await db
    .select({ purpose: signatures.purpose })
    .from(signatures)
    .where(and(eq(signatures.id, input.id), eq(signatures.userId, input.userId)));
  if (!row || !(ACT_PURPOSES as readonly string[]).includes(row.purpose)) throw new AppError('SIGNATURE_FAILED');
  await confirmSignature(db, { ...input, purpose: row.purpose });
}

/**
 * A statement (for a flow to fold into one of its own, as a data-modifying CTE) that uses each of these
 * signed, unused signatures of the user whose terms hash to the given SQL expression (worked out in the
 * database from the rows it reads, so the terms are those at the moment of the act): `returning id`. The
 * update locks each row, so a request racing with another that uses it waits and then finds it used.
 */
export function consumeSignaturesSql(input: {
  userId: number;
  purpose: ActPurpose;
  now: Date;
  uses: Array<{ id: number; payloadHash: SQL }>;
}): SQL {
  const pairs = sql.join(
    input.uses.map((use) => sql`(${use.id}::bigint, ${use.payloadHash})`),
    sql`, `,
  );
  return sql`update ${signatures} set consumed_at = ${input.now.toISOString()}::timestamptz
    where ${signatures.userId} = ${input.userId} and ${signatures.purpose} = ${input.purpose}
    and ${signatures.signedAt} is not null and ${signatures.consumedAt} is null
    and (${signatures.id}, ${signatures.payloadHash}) in (${pairs})
    returning ${signatures.id}`;
}

/** The signatures `ids` selects made unused again: an act refused after `consumeSignaturesSql` in its statement. */
export function releaseSignaturesSql(ids: SQL): SQL {
  return sql`update ${signatures} set consumed_at = null where ${signatures.id} in (${ids})`;
}

/**
 * Why a signature was not used for an act (after `consumeSignaturesSql` left it): used before
 * (SIGNATURE_USED), signed for other terms (CONFIRMATION_MISMATCH: a confirmation of another amount or
 * payee), or not signed or not the user's (SIGNATURE_FAILED).
 */
export async function signatureRefusal(
  db: Queryable,
  input: { userId: number; id: number; purpose: string; payload: unknown },
): Promise<AppError> {
  const row = await ownSignature(db, input.userId, input.id, input.purpose);
  if (!row?.signedAt) return new AppError('SIGNATURE_FAILED');
  if (row.payloadHash !== payloadHash(input.payload)) return new AppError('CONFIRMATION_MISMATCH');
  return new AppError(row.consumedAt ? 'SIGNATURE_USED' : 'SIGNATURE_FAILED');
}

export type ActConfirmationRequest = ActRequest<ActPurpose>;

/** Whether the customer has a factor to confirm an act with: a passkey, the authenticator app or a verified phone. */
export async function hasConfirmationFactor(db: Queryable, userId: number): Promise<boolean> {
  return (
    (await hasPasskey(db, userId)) || (await hasAuthenticator(db, userId)) || (await verifiedPhone(db, userId)) !== null
  );
}

/**
 * Asks for the confirmation of an act with the customer's strongest factor: a passkey's options over the
 * act's challenge, the app's code with the challenge, or an SMS code to the verified phone (the one saved
 * now: for a change of number, the old one) whose text repeats the amount and masked IBAN (or the new
 * value). Nothing is done until the act's request uses it.
 */
export async function requestActConfirmation(
  db: Database,
  input: ActConfirmationRequest,
): Promise<PendingConfirmation> {
  const phone = await verifiedPhone(db, input.userId);
  const asked = await inTransaction(db, async (tx) => {
    const stronger = (await hasPasskey(tx, input.userId)) || (await hasAuthenticator(tx, input.userId));
    if (!stronger && !phone) throw new AppError('PHONE_NUMBER_MISSING');
    return requestSignature(tx, {
      userId: input.userId,
      purpose: input.purpose,
      payload: input.payload,
      files: input.files,
      now: input.now,
      sms: { to: phone ?? '', language: input.language, template: `${input.purpose}-code`, text: input.smsText },
    });
  });
  return {
    signature_id: asked.id,
    confirming: input.confirming,
    detail: askedDetail(
      input.t,
      asked,
      input.what,
      input.t('signing:actCodeSent', { what: input.what, last: (phone ?? '').slice(-3) }),
    ),
    expires_at: asked.expiresAt.toISOString(),
    factor: asked.factor,
    challenge: asked.challenge,
    passkey: asked.passkey,
  };
}
