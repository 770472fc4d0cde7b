// A change of what protects the customer's money — the IBAN payouts go to, the e-mail and the phone number
// the bank reaches them at — is confirmed with their strongest factor before it is done, bound to the new
// value (docs/decisions/042, 043): the first request answers the confirmation to give (202), the one
// carrying it is done, using the confirmation once, in the transaction that saves the change. The signing
// module asks, checks and uses the confirmations; the app passes it in, because the signing module reaches
// the profile and the account (through the passkeys and the documents), which must not import it back.
import type { ActConfirmation, ConfirmationProof, PendingConfirmation } from '@lombard/shared/schemas/authenticator';
import { hasProof } from '@lombard/shared/schemas/authenticator';
import { type Database, inTransaction, type Transaction } from '../db/client';
import { AppError } from './errors';
import type { FlowContext } from './flow-context';

/** The changes confirmed this way, and their sentences (`signing:act.*`, `signing:actSms.*`, `signing:otherValue.*`). */
const CHANGES = { 'iban-change': 'ibanChange', 'email-change': 'emailChange', 'phone-change': 'phoneChange' } as const;
export type ChangePurpose = keyof typeof CHANGES;

interface Signature {
  userId: number;
  id: number;
  purpose: ChangePurpose;
  payload: unknown;
  /** The refusal of a confirmation of this change made for another value (`CONFIRMATION_MISMATCH`). */
  otherTerms: AppError;
  now: Date;
}

/** What asking for the confirmation of an act (a change, or a withdrawal) takes. */
export interface ActRequest<P extends string> {
  userId: number;
  purpose: P;
  /** The terms: for a withdrawal the amount and the IBAN, for a change the new value. */
  payload: Record<string, string>;
  /** What the confirming screen shows: the amount and the masked IBAN, or the new value. */
  confirming: PendingConfirmation['confirming'];
  /** The act in a sentence (`signing:act.*`), and the SMS text for a customer confirming by SMS. */
  what: string;
  smsText: (code: string) => string;
  language: FlowContext['language'];
  t: FlowContext['t'];
  files: FlowContext['files'];
  now: Date;
}

/** The signing module's confirmation of acts, as the app passes it in. */
export interface ActConfirmations {
  /** Whether the customer has a factor to confirm with: a passkey, the authenticator app or a verified phone. */
  hasFactor(db: Database, userId: number): Promise<boolean>;
  request(db: Database, input: ActRequest<ChangePurpose>): Promise<PendingConfirmation>;
  confirm(db: Database, input: Signature & { proof: ConfirmationProof }): Promise<void>;
  consume(tx: Transaction, input: Signature): Promise<void>;
}

export interface Change {
  userId: number;
  purpose: ChangePurpose;
  /**
   * Whether the change needs a confirmation now: not for a first value, an unchanged one, or a customer
   * without any factor (nor, for a number, one already confirmed and waiting for its own code).
   */
  needed: boolean;
  /** What the confirmation is bound to: the new value (and, for an IBAN, its holder). */
  payload: Record<string, string>;
  /** The new value as the confirming screen shows it. */
  value: string;
  /** The new value in the sentence, when written otherwise (an IBAN grouped by four). */
  shown?: string;
  /** The new value in the SMS text, when it is masked there (an IBAN). */
  smsValue?: string;
}

/**
 * Without `confirmation`: does `save` at once when the change needs none, else asks for it and answers it
 * pending. With one: checks its proof (when it carries one: it may have been confirmed by the confirm
 * call), then uses it and saves in one transaction, each step under the confirmation's row lock, so the
 * same confirmation sent several times at once is used by one request and the others are told it is used
 * (SIGNATURE_USED). It is used even when the change no longer needs one: a request sent again after its
 * change was done (an IBAN now waiting for review, a number waiting for its code) would otherwise be done
 * again as if unconfirmed. A confirmation of another act is refused (SIGNATURE_FAILED); one of this change
 * for another value is named so (CONFIRMATION_MISMATCH, saying which value it was not given for), before
 * its proof is looked at: a right code is not spent on the refused request, nor a wrong one counted, and
 * nothing is changed. `save` is told whether a confirmation was used.
 */
export async function confirmedChange<T>(
  acts: ActConfirmations,
  db: Database,
  context: FlowContext,
  change: Change,
  confirmation: ActConfirmation | undefined,
  save: (tx: Transaction, confirmed: boolean) => Promise<T>,
): Promise<{ pending: PendingConfirmation } | { done: T }> {
  const sentence = CHANGES[change.purpose];
  if (!confirmation && !change.needed) return { done: await inTransaction(db, (tx) => save(tx, false)) };
  if (!confirmation) {
    const pending = await acts.request(db, {
      userId: change.userId,
      purpose: change.purpose,
      payload: change.payload,
      confirming: { amount: null, iban: null, value: change.value },
      what: context.t(`signing:act.${sentence}`, { value: change.shown ?? change.value }),
      smsText: (code) => context.t(`signing:actSms.${sentence}`, { code, value: change.smsValue ?? change.value }),
      language: context.language,
      t: context.t,
      files: context.files,
      now: context.now,
    });
    return { pending };
  }
  const signature = {
    userId: change.userId,
    id: confirmation.signature_id,
    purpose: change.purpose,
    payload: change.payload,
    otherTerms: new AppError('CONFIRMATION_MISMATCH', {
      messageKey: `signing:otherValue.${sentence}`,
      params: { value: change.shown ?? change.value },
    }),
    now: context.now,
  };
  if (hasProof(confirmation)) await acts.confirm(db, { ...signature, proof: confirmation });
  return {
    done: await inTransaction(db, async (tx) => {
      await acts.consume(tx, signature);
      return save(tx, true);
    }),
  };
}
