// Replacing the IBAN withdrawals are paid to is confirmed with the customer's strongest factor, bound to
// the new IBAN (docs/decisions/042): whoever holds a session alone cannot redirect the payouts. The first
// IBAN of the onboarding, before any is approved, is saved as any tab (an operator approves it either way).
import { maskIban } from '@lombard/shared/iban-mask';
import type { ConfirmationProof, PendingConfirmation } from '@lombard/shared/schemas/authenticator';
import { hasProof } from '@lombard/shared/schemas/authenticator';
import type { BankAccountChange } from '@lombard/shared/schemas/profile';
import { type Database, inTransaction, type Transaction } from '../../db/client';
import type { FlowContext } from '../../lib/flow-context';
import { approvedBankAccount, verifiedPhone } from './service';
import { saveBankAccount } from './tabs';

export const IBAN_CHANGE_PURPOSE = 'iban-change';

interface Signature {
  userId: number;
  id: number;
  purpose: typeof IBAN_CHANGE_PURPOSE;
  payload: unknown;
  now: Date;
}

/**
 * The signing module's confirmation of acts, passed in by the app: the signing module reaches the
 * profile (through the passkeys), so the profile must not import it back.
 */
export interface ActConfirmations {
  request(
    db: Database,
    input: {
      userId: number;
      purpose: typeof IBAN_CHANGE_PURPOSE;
      payload: Record<string, string>;
      confirming: PendingConfirmation['confirming'];
      what: string;
      smsText: (code: string) => string;
      phone: string | null;
      language: FlowContext['language'];
      t: FlowContext['t'];
      files: FlowContext['files'];
      now: Date;
    },
  ): Promise<PendingConfirmation>;
  confirm(db: Database, input: Signature & { proof: ConfirmationProof }): Promise<void>;
  consume(tx: Transaction, input: Signature): Promise<void>;
}

/** What the confirmation is bound to: the new IBAN and its holder, as saved. */
const ibanChangePayload = (data: BankAccountChange) => ({ iban: data.iban, holder_name: data.holder_name });

/**
 * Saves the bank-account tab: at once when no IBAN is approved yet or it stays the same; otherwise the
 * first call answers the confirmation to ask for (`pending`), and the one carrying it saves, using the
 * confirmation once and only for this IBAN, in the transaction that saves it.
 */
export async function changeBankAccount(
  acts: ActConfirmations,
  db: Database,
  context: FlowContext,
  userId: number,
  body: BankAccountChange,
): Promise<{ pending: PendingConfirmation } | { saved: true }> {
  const { confirmation, ...data } = body;
  const approved = await approvedBankAccount(db, userId);
  if (!approved || approved.iban === data.iban) {
    await saveBankAccount(db, userId, data, context.now);
    return { saved: true };
  }
  if (!confirmation) {
    const shown = { value: data.iban };
    const pending = await acts.request(db, {
      userId,
      purpose: IBAN_CHANGE_PURPOSE,
      payload: ibanChangePayload(body),
      confirming: { amount: null, iban: null, value: data.iban },
      what: context.t('signing:act.ibanChange', shown),
      smsText: (code) => context.t('signing:actSms.ibanChange', { code, value: maskIban(data.iban) }),
      phone: await verifiedPhone(db, userId),
      language: context.language,
      t: context.t,
      files: context.files,
      now: context.now,
    });
    return { pending };
  }
  const signature = {
    userId,
    id: confirmation.signature_id,
    purpose: IBAN_CHANGE_PURPOSE,
    payload: ibanChangePayload(body),
    now: context.now,
  } as const;
  if (hasProof(confirmation)) {
    await acts.confirm(db, { ...signature, proof: confirmation });
  }
  await inTransaction(db, async (tx) => {
    await acts.consume(tx, signature);
    await saveBankAccount(tx, userId, data, context.now);
  });
  return { saved: true };
}
