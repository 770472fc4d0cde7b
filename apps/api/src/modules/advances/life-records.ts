// What the life of an advance (interest, repayments, withdrawal, margin calls, swap) shares: the locked
// advance, its principal over time, the ledger entry that pays it back, timeline events and the customer's
// notice (in-app notification and e-mail in their language). Collateral moves through collateral.ts,
// timeline events through records.ts.

import type { Language } from '@lombard/shared/locale';
import { calendarDate } from '@lombard/shared/money/business-days';
import Decimal from 'decimal.js';
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../db/client';
import { advanceRepayments, advances } from '../../db/schema/advances';
import { AppError } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { queueEmail, renderEmail } from '../../lib/outbox';
import { getAccount } from '../account/service';
import { type AccountRef, type LedgerLine, postEntry } from '../ledger/service';
import { type NotificationKind, notifyUser } from '../notifications/service';

export type AdvanceRow = typeof advances.$inferSelect;

/** Where links in notices point, and who signs the e-mails: the app's configuration. */
export interface NoticeSettings {
  publicUrl: string;
  supportEmail: string;
}

/** The customer's advance page, where every notice leads. */
export const advancePath = (id: number) => `/customer/loan/${id}/`;

/**
 * The advance, locked until the transaction ends: interest, repayments, withdrawal and swap of one advance
 * run one after the other. With a user, someone else's advance is not found.
 */
export async function lockAdvance(tx: Transaction, id: number, userId?: number): Promise<AdvanceRow> {
  const [row] = await tx
    .select()
    .from(advances)
    .where(userId === undefined ? eq(advances.id, id) : and(eq(advances.id, id), eq(advances.userId, userId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The day the money was paid out: the first quarter starts on it. */
export function payoutDay(advance: AdvanceRow): string | null {
  return advance.disbursedAt ? calendarDate(advance.disbursedAt) : null;
}

/** Early repayments already booked, oldest first, with the day each lowered the principal. */
export async function executedRepayments(db: Queryable, advanceId: number) {
  const rows = await db
    .select({ amount: advanceRepayments.amount, createdAt: advanceRepayments.createdAt })
    .from(advanceRepayments)
    .where(
      and(
        eq(advanceRepayments.advanceId, advanceId),
        eq(advanceRepayments.kind, 'repayment'),
        eq(advanceRepayments.status, 'executed'),
      ),
    )
    .orderBy(asc(advanceRepayments.createdAt), asc(advanceRepayments.id));
  // A repayment lowers the principal from the day it was asked for (its cash was set aside that day).
  return rows.map((row) => ({ date: calendarDate(row.createdAt), amount: new Decimal(row.amount).toFixed(2) }));
}

/** The principal outstanding from each day on: the payout, then after each repayment. */
export function principalChanges(advance: AdvanceRow, repayments: { date: string; amount: string }[]) {
  let principal = new Decimal(advance.amount);
  const changes = [{ date: payoutDay(advance)!, principal: principal.toFixed(2) }];
  for (const repayment of repayments) {
    principal = principal.minus(repayment.amount);
    changes.push({ date: repayment.date, principal: principal.toFixed(2) });
  }
  return changes;
}

/**
 * The entry that pays the bank back from the customer's cash (or cash set aside for it): principal to the
 * bank, which lowers what the customer owes, and interest to the platform's interest income.
 */
export async function postPayback(
  tx: Transaction,
  input: {
    kind: string;
    reference: string;
    userId: number;
    actorId: number | null;
    principal: Decimal.Value;
    interest: Decimal.Value;
    from: 'customer.cash' | 'customer.cash_reserved';
  },
) {
  const principal = new Decimal(input.principal);
  const interest = new Decimal(input.interest);
  const { userId } = input;
  const owed: AccountRef = { kind: 'customer.advance', userId };
  const lines: LedgerLine[] = [
    { account: { kind: input.from, userId }, amount: principal.plus(interest).neg() },
    { account: { kind: 'platform.bank' }, amount: principal },
    { account: { kind: 'platform.interest' }, amount: interest },
    { account: owed, amount: principal.neg() },
    { account: { kind: 'platform.advances' }, amount: principal },
  ];
  await postEntry(tx, {
    kind: input.kind,
    reference: input.reference,
    userId,
    actorId: input.actorId,
    lines,
  });
}

/**
 * Tells the customer in the app and by e-mail, in their language. The texts are `advance-life:<notice>.*`
 * (subject, intro, next, action), with money already formatted by the caller per language.
 */
export async function tellCustomer(
  tx: Queryable,
  settings: NoticeSettings,
  input: {
    userId: number;
    advanceId: number;
    notification: NotificationKind;
    notice: string;
    params: (language: Language) => Record<string, string | number>;
  },
) {
  const account = await getAccount(tx, input.userId);
  if (!account) return;
  const language = account.language;
  const t = translator(language);
  const params = input.params(language);
  await notifyUser(tx, {
    userId: input.userId,
    kind: input.notification,
    params,
    link: advancePath(input.advanceId),
  });
  const content = renderEmail({
    greeting: account.firstName ? t('emails:greeting', { name: account.firstName }) : t('emails:greetingAnonymous'),
    paragraphs: [t(`advance-life:${input.notice}.intro`, params), t(`advance-life:${input.notice}.next`, params)],
    action: {
      label: t(`advance-life:${input.notice}.action`),
      url: `${settings.publicUrl}${advancePath(input.advanceId)}`,
    },
    footer: t('emails:footer', { supportEmail: settings.supportEmail }),
  });
  await queueEmail(tx, {
    to: account.email,
    template: `advance_${input.notice}`,
    language,
    subject: t(`advance-life:${input.notice}.subject`, params),
    ...content,
  });
}
