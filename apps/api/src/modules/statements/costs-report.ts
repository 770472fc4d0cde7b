// The yearly report of costs and charges, ex post (MiFID II art. 50 of the delegated regulation, and the
// interest of the advances): what the customer paid in the year, in euros and as a percentage of what it
// was charged on, every figure summed from the ledger lines of their entries.
import type { Language } from '@lombard/shared/locale';
import { calendarDate } from '@lombard/shared/money/business-days';
import Decimal from 'decimal.js';
import type { Queryable } from '../../db/client';
import type { FileStorage } from '../../lib/files/storage';
import { formatDate, formatMoney, formatPercent } from '../../lib/format';
import { translator } from '../../lib/i18n';
import { createPdfWriter } from '../../lib/pdf/writer';
import { getAccount } from '../account/service';
import { fileStatement, type StatementNoticeSettings, tellStatementIssued } from '../documents/service';
import { customerEntryLines } from '../ledger/service';

export interface CostsReportFigures {
  year: number;
  from: string;
  to: string;
  /** Entry costs of the subscriptions executed in the year, and what they were charged on. */
  entryCosts: Decimal;
  subscribed: Decimal;
  /** Any other fee the platform booked for the customer (none is charged today). */
  otherFees: Decimal;
  /** Interest paid on advances, and the principal outstanding on average over the period. */
  interest: Decimal;
  averagePrincipal: Decimal;
  total: Decimal;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
const PAYBACK_KINDS = new Set(['advance.instalment', 'advance.repayment', 'advance.withdrawal']);

export async function costsReportFigures(
  db: Queryable,
  userId: number,
  year: number,
  asOf: string,
): Promise<CostsReportFigures> {
  const from = `${year}-01-01`;
  const to = asOf < `${year}-12-31` ? asOf : `${year}-12-31`;
  const lines = await customerEntryLines(db, userId, { from, to }, [
    'platform.fees',
    'platform.interest',
    'customer.cash_reserved',
    'customer.advance',
  ]);
  const zero = new Decimal(0);
  const sum = (pick: (line: (typeof lines)[number]) => boolean) =>
    lines.filter((line) => !line.earlier && pick(line)).reduce((total, line) => total.plus(line.amount), zero);
  const entryCosts = sum((l) => l.kind === 'platform.fees' && l.entryKind === 'invest.settle');
  const otherFees = sum((l) => l.kind === 'platform.fees' && l.entryKind !== 'invest.settle');
  const subscribed = sum((l) => l.kind === 'customer.cash_reserved' && l.entryKind === 'invest.settle').neg();
  const interest = sum((l) => l.kind === 'platform.interest' && PAYBACK_KINDS.has(l.entryKind));

  // The principal owed, day by day: each balance weighs the days it lasted within the period.
  let balance = lines
    .filter((l) => l.earlier && l.kind === 'customer.advance')
    .reduce((total, l) => total.plus(l.amount), zero);
  let weighted = zero;
  let since = dayNumber(from);
  for (const line of lines.filter((l) => !l.earlier && l.kind === 'customer.advance')) {
    const day = dayNumber(calendarDate(line.at));
    weighted = weighted.plus(balance.mul(day - since));
    balance = balance.plus(line.amount);
    since = day;
  }
  const end = dayNumber(to) + 1;
  weighted = weighted.plus(balance.mul(end - since));
  const averagePrincipal = weighted.div(end - dayNumber(from)).toDecimalPlaces(2);
  return {
    year,
    from,
    to,
    entryCosts,
    subscribed,
    otherFees,
    interest,
    averagePrincipal,
    total: entryCosts.plus(otherFees).plus(interest),
  };
}

/** A part of a base as a fraction (for formatPercent), or null without a base. */
export const shareOf = (part: Decimal, base: Decimal) => (base.isZero() ? null : part.div(base));

export async function buildCostsReport(
  language: Language,
  customerName: string,
  figures: CostsReportFigures,
  issuedOn: string,
): Promise<Uint8Array> {
  const t = translator(language);
  const k = (key: string, params?: Record<string, unknown>) => t(`statements:costs.${key}`, params);
  const money = (value: Decimal.Value) => formatMoney(value, language);
  const percent = (share: Decimal | null) => (share ? formatPercent(share, language) : '—');
  const title = k('title', { year: figures.year });
  const w = await createPdfWriter({ language, title, date: issuedOn });
  w.heading(title);
  w.paragraph(
    k('subtitle', {
      name: customerName,
      from: formatDate(figures.from, language),
      to: formatDate(figures.to, language),
    }),
    { muted: true },
  );
  w.heading(k('tableHeading'));
  w.table(
    ['item', 'euro', 'percent', 'basis'].map((h) => k(`headers.${h}`)),
    [
      [
        k('entryCosts'),
        money(figures.entryCosts),
        percent(shareOf(figures.entryCosts, figures.subscribed)),
        money(figures.subscribed),
      ],
      [
        k('otherFees'),
        money(figures.otherFees),
        percent(shareOf(figures.otherFees, figures.subscribed)),
        money(figures.subscribed),
      ],
      [
        k('interest'),
        money(figures.interest),
        percent(shareOf(figures.interest, figures.averagePrincipal)),
        money(figures.averagePrincipal),
      ],
      [k('total'), money(figures.total), '', ''],
    ],
    [190, 95, 70, 140],
  );
  w.paragraph(k('entryCostsNote'), { muted: true });
  w.paragraph(k('interestNote'), { muted: true });
  w.paragraph(k('footer'), { muted: true });
  return w.finish();
}

export const costsReportKey = (year: number) => `costs-report:${year}`;

/**
 * Files a customer's costs report for a year in the caller's transaction and e-mails the notice; kept once
 * filed after the year's end (a job run twice files one), replaced when `replace` (operator).
 */
export async function issueCostsReport(
  tx: Queryable,
  storage: FileStorage,
  settings: StatementNoticeSettings,
  input: { userId: number; year: number; today: string; replace?: boolean },
): Promise<number | null> {
  const account = await getAccount(tx, input.userId);
  if (!account) return null;
  const language = account.language;
  const figures = await costsReportFigures(tx, input.userId, input.year, input.today);
  const bytes = await buildCostsReport(
    language,
    `${account.firstName} ${account.lastName}`.trim(),
    figures,
    input.today,
  );
  const documentId = await fileStatement(
    tx,
    storage,
    {
      userId: input.userId,
      kind: 'costs_report',
      key: costsReportKey(input.year),
      issuedOn: input.today,
      fileName: translator(language)('statements:costs.fileName', { year: input.year }),
      bytes,
    },
    (current) => !input.replace && current.issuedOn !== null && current.issuedOn > figures.to,
  );
  if (documentId !== null && !input.replace) {
    await tellStatementIssued(tx, settings, {
      userId: input.userId,
      kind: 'costs_report',
      params: { year: String(input.year) },
    });
  }
  return documentId;
}
