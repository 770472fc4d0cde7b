// A withdrawal is confirmed with the customer's strongest factor before it moves money, bound to its
// amount and to the IBAN it is paid to (docs/decisions/042): asked without a confirmation the request
// answers 202 with what to confirm; the confirmed request uses the signature once, in the statement that
// writes the withdrawal, against the IBAN approved at that moment.
import { maskIban } from '@lombard/shared/iban-mask';
import { money } from '@lombard/shared/money/orders';
import type { PendingConfirmation } from '@lombard/shared/schemas/authenticator';
import type Decimal from 'decimal.js';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { FlowContext } from '../../lib/flow-context';
import { formatMoney } from '../../lib/format';
import { approvedBankAccount, approvedBankAccountOf } from '../profile/service';
import { consumeSignaturesSql, requestActConfirmation } from '../signing/service';

export const WITHDRAWAL_PURPOSE = 'withdrawal';

/** What a withdrawal's confirmation is bound to: the amount to the cent and the payee IBAN. */
export const withdrawalPayload = (amount: Decimal.Value, iban: string) => ({ amount: money(amount), iban });

/**
 * The hash of `withdrawalPayload` worked out by the database, from the amount given and the IBAN approved
 * now, exactly as `payloadHash` does it in JavaScript (sorted keys, JSON strings): a test holds the two
 * together.
 */
export function withdrawalPayloadHashSql(amount: string, userId: number): SQL {
  const iban = sql`(${approvedBankAccountOf(sql`${userId}::int`)}->>'iban')`;
  return sql`encode(sha256(convert_to('{"amount":' || to_json(${amount}::text)::text || ',"iban":'
    || to_json(${iban})::text || '}', 'UTF8')), 'hex')`;
}

/** The statement using the signatures of these withdrawals (one per request), for `writeTransactions`. */
export function consumeWithdrawalSignaturesSql(
  userId: number,
  now: Date,
  uses: Array<{ signatureId: number; amount: Decimal }>,
): SQL {
  return consumeSignaturesSql({
    userId,
    purpose: WITHDRAWAL_PURPOSE,
    now,
    uses: uses.map((use) => ({
      id: use.signatureId,
      payloadHash: withdrawalPayloadHashSql(money(use.amount), userId),
    })),
  });
}

/**
 * The 202 of a withdrawal asked without a confirmation: refused at once without an approved account (there
 * is no payee to bind it to), else the confirmation asked for. The cash is decided by the transaction that
 * moves it, on the locked balance: money may arrive or leave between the confirmation and the withdrawal.
 */
export async function askWithdrawalConfirmation(
  db: Database,
  context: FlowContext,
  userId: number,
  amount: Decimal,
): Promise<PendingConfirmation> {
  const bank = await approvedBankAccount(db, userId);
  if (!bank) throw new AppError('WITHDRAWAL_NO_BANK_ACCOUNT');
  const shown = { amount: formatMoney(amount, context.language), iban: maskIban(bank.iban) };
  return requestActConfirmation(db, {
    userId,
    purpose: WITHDRAWAL_PURPOSE,
    payload: withdrawalPayload(amount, bank.iban),
    confirming: { amount: money(amount), iban: shown.iban, value: null },
    what: context.t('signing:act.withdrawal', shown),
    smsText: (code) => context.t('signing:actSms.withdrawal', { code, ...shown }),
    language: context.language,
    t: context.t,
    files: context.files,
    now: context.now,
  });
}
