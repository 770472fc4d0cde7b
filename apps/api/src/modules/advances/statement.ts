// The statement of one advance (consumer-credit directive): free, on request at any time, and yearly. The
// amortisation table as it stands, each instalment paid, due or still to come, and what the ledger booked
// for this advance: the amount paid out, principal repaid, principal outstanding, interest paid to date.

import type { Language } from '@lombard/shared/locale';
import { calendarDate } from '@lombard/shared/money/business-days';
import Decimal from 'decimal.js';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { advanceInstalments, advanceRepayments, advances } from '../../db/schema/advances';
import type { FileStorage } from '../../lib/files/storage';
import { formatDate, formatMoney, formatPercent } from '../../lib/format';
import { translator } from '../../lib/i18n';
import { createPdfWriter } from '../../lib/pdf/writer';
import { getAccount } from '../account/service';
import { fileStatement, type StatementNoticeSettings, tellStatementIssued } from '../documents/service';
import { linesOfReferences } from '../ledger/service';
import type { AdvanceRow } from './records';

export interface AdvanceStatementFigures {
  asOf: string;
  paidOut: Decimal;
  principalRepaid: Decimal;
  outstanding: Decimal;
  interestPaid: Decimal;
  instalments: Array<{
    number: number;
    dueDate: string;
    interest: string;
    principal: string;
    state: 'paid' | 'due' | 'scheduled';
    paidOn: string | null;
  }>;
}

const PAYBACK_KINDS = new Set(['advance.instalment', 'advance.repayment', 'advance.withdrawal']);

/** The figures of an advance's statement on `asOf`, the euro ones summed from its ledger entries. */
export async function advanceStatementFigures(
  db: Queryable,
  advance: AdvanceRow,
  asOf: string,
): Promise<AdvanceStatementFigures> {
  const [instalments, repayments] = await Promise.all([
    db
      .select()
      .from(advanceInstalments)
      .where(eq(advanceInstalments.advanceId, advance.id))
      .orderBy(asc(advanceInstalments.number)),
    db.select({ id: advanceRepayments.id }).from(advanceRepayments).where(eq(advanceRepayments.advanceId, advance.id)),
  ]);
  // Up to the end of `asOf`: a statement drawn again later (an operator regenerating it) says the same.
  const lines = (
    await linesOfReferences(db, [`advances:${advance.id}`, ...repayments.map((row) => `advance_repayments:${row.id}`)])
  ).filter((line) => calendarDate(line.at) <= asOf);
  const zero = new Decimal(0);
  const sum = (pick: (line: (typeof lines)[number]) => boolean) =>
    lines.filter(pick).reduce((total, line) => total.plus(line.amount), zero);
  const paidOut = sum((l) => l.entryKind === 'advance.disburse' && l.kind === 'customer.advance');
  const principalRepaid = sum((l) => PAYBACK_KINDS.has(l.entryKind) && l.kind === 'customer.advance').neg();
  return {
    asOf,
    paidOut,
    principalRepaid,
    outstanding: paidOut.minus(principalRepaid),
    interestPaid: sum((l) => PAYBACK_KINDS.has(l.entryKind) && l.kind === 'platform.interest'),
    instalments: instalments.map((row) => {
      const paidOn = row.paidAt && calendarDate(row.paidAt) <= asOf ? calendarDate(row.paidAt) : null;
      return {
        number: row.number,
        dueDate: row.dueDate,
        interest: row.interest,
        principal: row.principal,
        state: paidOn ? 'paid' : row.dueDate <= asOf ? 'due' : 'scheduled',
        paidOn,
      };
    }),
  };
}

export async function buildAdvanceStatement(
  language: Language,
  customerName: string,
  advance: AdvanceRow,
  figures: AdvanceStatementFigures,
): Promise<Uint8Array> {
  const t = translator(language);
  const k = (key: string, params?: Record<string, unknown>) => t(`advances:statement.${key}`, params);
  const money = (value: Decimal.Value) => formatMoney(value, language);
  const title = k('title', { id: advance.id });
  const w = await createPdfWriter({ language, title, date: figures.asOf });
  w.heading(title);
  w.paragraph(k('subtitle', { name: customerName, date: formatDate(figures.asOf, language) }), { muted: true });
  w.heading(k('summaryHeading'));
  w.row(k('paidOut'), money(figures.paidOut));
  w.row(k('payoutDate'), advance.disbursedAt ? formatDate(calendarDate(advance.disbursedAt), language) : '—');
  w.row(k('rate'), formatPercent(advance.annualRate, language));
  w.row(k('apr'), formatPercent(advance.apr, language));
  w.row(k('principalRepaid'), money(figures.principalRepaid));
  w.row(k('outstanding'), money(figures.outstanding));
  w.row(k('interestPaid'), money(figures.interestPaid));
  w.heading(k('scheduleHeading'));
  w.table(
    ['number', 'dueDate', 'interest', 'principal', 'total', 'state'].map((h) => k(`headers.${h}`)),
    figures.instalments.map((item) => [
      String(item.number),
      formatDate(item.dueDate, language),
      money(item.interest),
      money(item.principal),
      money(new Decimal(item.interest).plus(item.principal)),
      item.paidOn ? k('states.paidOn', { date: formatDate(item.paidOn, language) }) : k(`states.${item.state}`),
    ]),
    [35, 80, 85, 85, 85, 125],
  );
  w.paragraph(k('footer'), { muted: true });
  return w.finish();
}

/** The key of the statement of an advance on request (one a day) or of a year (`2026`). */
export const advanceStatementKey = (advanceId: number, period: string) => `advance-statement:${advanceId}:${period}`;

/**
 * Files the statement of an advance as it stands on `asOf`, in the caller's transaction. On request it
 * replaces that day's earlier one (figures may have moved) and sends no e-mail: the customer is there. The
 * yearly one is filed once and announced; `replace` draws it again (operator) without a second e-mail.
 */
export async function issueAdvanceStatement(
  tx: Queryable,
  storage: FileStorage,
  settings: StatementNoticeSettings,
  advance: AdvanceRow,
  input: { asOf: string; period: 'request' | { year: number; replace?: boolean } },
): Promise<number | null> {
  const account = await getAccount(tx, advance.userId);
  if (!account) return null;
  const language = account.language;
  const figures = await advanceStatementFigures(tx, advance, input.asOf);
  const bytes = await buildAdvanceStatement(
    language,
    `${account.firstName} ${account.lastName}`.trim(),
    advance,
    figures,
  );
  const onRequest = input.period === 'request';
  const replace = onRequest || (input.period !== 'request' && input.period.replace === true);
  const period = input.period === 'request' ? input.asOf : String(input.period.year);
  const documentId = await fileStatement(
    tx,
    storage,
    {
      userId: advance.userId,
      kind: 'advance_statement',
      key: advanceStatementKey(advance.id, period),
      issuedOn: input.asOf,
      fileName: translator(language)('advances:statement.fileName', { id: advance.id, date: input.asOf }),
      bytes,
    },
    () => !replace,
  );
  if (documentId !== null && !replace) {
    await tellStatementIssued(tx, settings, {
      userId: advance.userId,
      kind: 'advance_statement',
      params: { advance: String(advance.id) },
    });
  }
  return documentId;
}

/** A customer's advances that were paid out and not yet over at some point of `year`: a yearly statement each. */
export async function advancesOpenIn(db: Queryable, userId: number, year: number): Promise<AdvanceRow[]> {
  const rows = await db
    .select()
    .from(advances)
    .where(and(eq(advances.userId, userId), isNotNull(advances.disbursedAt)))
    .orderBy(asc(advances.id));
  return rows.filter(
    (row) =>
      calendarDate(row.disbursedAt!) <= `${year}-12-31` &&
      (!row.endedAt || calendarDate(row.endedAt) >= `${year}-01-01`),
  );
}
