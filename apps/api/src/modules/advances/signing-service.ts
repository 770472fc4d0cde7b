// The customer signs the issued contract with a one-time code (or their authenticator app's, bound to the
// contract by its challenge): the code is bound to the advance and the
// contract's SHA-256; the right code moves the advance to 3 and records the hash and the time.
import { ONE_TIME_CODE_VALIDITY_MINUTES } from '@lombard/shared/constants';
import type { AdvanceSignature } from '@lombard/shared/schemas/advances';
import type { ConfirmationProof } from '@lombard/shared/schemas/authenticator';
import { eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { advances } from '../../db/schema/advances';
import { AppError } from '../../lib/errors';
import { findFile } from '../../lib/files/store';
import type { FlowContext } from '../../lib/flow-context';
import { formatMoney } from '../../lib/format';
import { verifiedPhone } from '../profile/service';
import { askedDetail, confirmSignature, consumeSignature, requestSignature } from '../signing/service';
import { readStoredBytes } from './files';
import { assertAllowed, findAdvance, transition } from './records';

export const CONTRACT_SIGNATURE_PURPOSE = 'advance-contract';

/** What the code confirms: this advance, on these terms, as this document says them. */
const contractPayload = (row: { id: number; amount: string; instalments: number }, documentHash: string) => ({
  advance_id: row.id,
  amount: row.amount,
  instalments: row.instalments,
  document_hash: documentHash,
});

/** Sends the code for the issued contract (status 2 only) to the customer's verified phone. */
export async function sendContractCode(
  tx: Transaction,
  context: FlowContext,
  userId: number,
  id: number,
): Promise<AdvanceSignature> {
  const row = await findAdvance(tx, id, { userId, lock: true });
  assertAllowed(row, 'sign', 'customer', context.t);
  const phone = await verifiedPhone(tx, userId);
  if (!phone) throw new AppError('PHONE_NUMBER_MISSING');
  const file = row.contractFileId ? await findFile(tx, row.contractFileId) : null;
  if (!file) throw new AppError('SIGNATURE_FAILED');
  const bytes = await readStoredBytes(context.files, file);
  const signature = await requestSignature(tx, {
    userId,
    purpose: CONTRACT_SIGNATURE_PURPOSE,
    subject: id,
    payload: contractPayload(row, file.sha256),
    document: { bytes, fileName: file.fileName },
    sms: {
      to: phone,
      language: context.language,
      template: CONTRACT_SIGNATURE_PURPOSE,
      text: (code) =>
        context.t('advances:signatureSms', {
          code,
          amount: formatMoney(row.amount, context.language),
          minutes: ONE_TIME_CODE_VALIDITY_MINUTES,
        }),
    },
    files: context.files,
    now: context.now,
  });
  await tx.update(advances).set({ signatureId: signature.id }).where(eq(advances.id, id));
  return {
    document_hash: signature.documentHash,
    detail: askedDetail(
      context.t,
      signature,
      context.t('signing:act.contract', { amount: formatMoney(row.amount, context.language) }),
      context.t('advances:signatureSent', { phone: `•••${phone.slice(-3)}` }),
    ),
    expires_at: signature.expiresAt.toISOString(),
    factor: signature.factor,
    challenge: signature.challenge,
    passkey: signature.passkey,
  };
}

/**
 * Checks the code (a wrong one is counted in its own transaction); a wrong, expired or spent code gets
 * the one-time code's own answer (tries left, or when a new code can be asked for), as every code flow.
 */
export async function checkContractCode(
  db: Database,
  context: FlowContext,
  userId: number,
  id: number,
  proof: ConfirmationProof,
) {
  const row = await findAdvance(db, id, { userId });
  assertAllowed(row, 'sign', 'customer', context.t);
  const file = row.contractFileId ? await findFile(db, row.contractFileId) : null;
  if (!row.signatureId || !file) throw new AppError('SIGNATURE_FAILED');
  await confirmSignature(db, {
    userId,
    id: row.signatureId,
    purpose: CONTRACT_SIGNATURE_PURPOSE,
    subject: id,
    payload: contractPayload(row, file.sha256),
    proof,
    now: context.now,
  });
  return file.sha256;
}

/** 2 → 3, after `checkContractCode`: the signed document's hash and the time are kept on the advance. */
export async function signContract(tx: Transaction, context: FlowContext, userId: number, id: number, hash: string) {
  const row = await findAdvance(tx, id, { userId, lock: true });
  const signed = await transition(tx, context, row, {
    action: 'sign',
    actor: 'customer',
    event: 'signed',
    eventParams: { hash: hash.slice(0, 16) },
    set: { signedAt: context.now, documentHash: hash },
  });
  // The advance's own lock and status already allow one signing; the signature says so too.
  if (!row.signatureId) throw new AppError('SIGNATURE_FAILED');
  await consumeSignature(tx, {
    userId,
    id: row.signatureId,
    purpose: CONTRACT_SIGNATURE_PURPOSE,
    payload: contractPayload(row, hash),
    now: context.now,
  });
  return signed;
}
