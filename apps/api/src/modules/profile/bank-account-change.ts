// Replacing the IBAN withdrawals are paid to is confirmed with the customer's strongest factor, bound to
// the new IBAN (docs/decisions/042): whoever holds a session alone cannot redirect the payouts. The first
// IBAN of the onboarding, before any is approved, is saved as any tab (an operator approves it either way).
import { groupIban, maskIban } from '@lombard/shared/iban-mask';
import type { PendingConfirmation } from '@lombard/shared/schemas/authenticator';
import type { BankAccountChange } from '@lombard/shared/schemas/profile';
import type { Database } from '../../db/client';
import { type ActConfirmations, confirmedChange } from '../../lib/act-confirmations';
import type { FlowContext } from '../../lib/flow-context';
import { approvedBankAccount } from './service';
import { saveBankAccount } from './tabs';

/**
 * Saves the bank-account tab: at once when no IBAN is approved yet or it stays the same; otherwise the
 * first call answers the confirmation to ask for (`pending`), and the one carrying it saves, using the
 * confirmation once and only for this IBAN and holder, in the transaction that saves it.
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
  const change = {
    userId,
    purpose: 'iban-change' as const,
    needed: Boolean(approved && approved.iban !== data.iban),
    payload: { iban: data.iban, holder_name: data.holder_name },
    value: data.iban,
    shown: groupIban(data.iban),
    smsValue: maskIban(data.iban),
  };
  const done = await confirmedChange(acts, db, context, change, confirmation, (tx) =>
    saveBankAccount(tx, userId, data, context.now),
  );
  return 'pending' in done ? done : { saved: true };
}
