// Replacing the IBAN withdrawals are paid to is confirmed with the customer's strongest factor, bound to
// the new IBAN (docs/decisions/042, 045): whoever holds a session alone cannot redirect the payouts. Only the
// first IBAN ever saved goes without (an operator approves it either way); replacing a saved one needs the
// confirmation whether or not it was approved yet — the one a customer confirmed and an operator has still
// to review included, or the session alone could swap it before the review.
import { groupIban, maskIban } from '@lombard/shared/iban-mask';
import type { PendingConfirmation } from '@lombard/shared/schemas/authenticator';
import type { BankAccountChange } from '@lombard/shared/schemas/profile';
import type { Database } from '../../db/client';
import { type ActConfirmations, confirmedChange } from '../../lib/act-confirmations';
import type { FlowContext } from '../../lib/flow-context';
import { type BankAccountData, readTabs } from './steps';
import { saveBankAccount } from './tabs';

/**
 * Saves the bank-account tab: at once when no IBAN is saved yet, it stays the same, or the customer has no
 * factor to confirm with (none before the phone step); otherwise the
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
  const saved = (await readTabs(db, userId, ['bank-account']))['bank-account'] as BankAccountData | undefined;
  const change = {
    userId,
    purpose: 'iban-change' as const,
    needed: Boolean(saved && saved.iban !== data.iban) && (await acts.hasFactor(db, userId)),
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
