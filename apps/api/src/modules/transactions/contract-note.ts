// The contract note of an executed order (MiFID II): product, ISIN, units, NAV, amount, costs and
// settlement date, in the customer's language. Its figures are read from the order's ledger entry, not
// from the order row, so the note says what the books say. Settlement only queues a job in its own
// savepoint: settling stays one small insert per order, a note that fails to draw is retried by the queue,
// and the money never waits for a PDF nor rolls back with one.

import type { Language } from '@lombard/shared/locale';
import { calendarDate } from '@lombard/shared/money/business-days';
import Decimal from 'decimal.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type Database, inTransaction, type Queryable } from '../../db/client';
import { transactions } from '../../db/schema/transactions';
import type { FileStorage } from '../../lib/files/storage';
import { formatDate, formatDecimal, formatMoney } from '../../lib/format';
import { translator } from '../../lib/i18n';
import { type JobHandler, takePendingJobs } from '../../lib/jobs/queue';
import { createPdfWriter } from '../../lib/pdf/writer';
import { getAccount } from '../account/service';
import { fileStatement, type StatementNoticeSettings, tellStatementIssued } from '../documents/service';
import { type EntryLine, entryOf } from '../ledger/service';
import { findTransaction, type TransactionRow } from './records';

export const CONTRACT_NOTE_JOB = 'transactions.contract-note';

export interface ContractNotePayload {
  transactionId: number;
}

/** What a contract note states, every euro and unit figure from the ledger entry. */
export interface ContractNoteFigures {
  side: 'subscription' | 'redemption';
  reference: string;
  product: string;
  isin: string;
  units: Decimal;
  nav: string;
  navDate: string;
  /** Subscription: paid from cash; redemption: the gross value of the units sold. */
  amount: Decimal;
  costs: Decimal;
  /** Subscription: invested after costs; redemption: credited to cash. */
  net: Decimal;
  settlementDate: string;
}

const sumOf = (lines: EntryLine[], kind: string) =>
  lines.filter((line) => line.kind === kind).reduce((sum, line) => sum.plus(line.amount), new Decimal(0));

export const contractNoteKey = (transactionId: number) => `contract-note:transactions:${transactionId}`;

/** The note's figures for an executed order, or null when the order has no execution entry. */
export async function contractNoteFigures(db: Queryable, row: TransactionRow): Promise<ContractNoteFigures | null> {
  const subscription = row.type === 'invest';
  const entry = await entryOf(db, `transactions:${row.id}`, subscription ? 'invest.settle' : 'disinvest.execute');
  if (!entry || !row.nav || !row.navDate) return null;
  const common = {
    reference: row.referenceCode,
    product: row.productName ?? '',
    isin: row.productIsin ?? '',
    nav: row.nav,
    navDate: row.navDate,
    // The day the order was executed (the same transaction posted the entry; the demo seed dates it back).
    settlementDate: calendarDate(row.executedAt ?? entry.at),
  };
  if (subscription) {
    const amount = sumOf(entry.lines, 'customer.cash_reserved').neg();
    const costs = sumOf(entry.lines, 'platform.fees');
    return {
      ...common,
      side: 'subscription',
      units: sumOf(entry.lines, 'customer.units'),
      amount,
      costs,
      net: amount.minus(costs),
    };
  }
  const proceeds = sumOf(entry.lines, 'customer.cash');
  return {
    ...common,
    side: 'redemption',
    units: sumOf(entry.lines, 'customer.units_reserved').neg(),
    amount: proceeds,
    costs: new Decimal(0),
    net: proceeds,
  };
}

export async function buildContractNote(
  language: Language,
  customerName: string,
  note: ContractNoteFigures,
): Promise<Uint8Array> {
  const t = translator(language);
  const k = (key: string, params?: Record<string, unknown>) => t(`transactions:contractNote.${key}`, params);
  const money = (value: Decimal) => formatMoney(value, language);
  const title = k(`title.${note.side}`);
  const w = await createPdfWriter({ language, title, date: note.settlementDate });
  w.heading(title);
  w.paragraph(k('subtitle', { name: customerName, reference: note.reference }), { muted: true });
  w.heading(k('orderHeading'));
  w.row(k('product'), note.product);
  w.row(k('isin'), note.isin);
  w.row(k('side'), k(`sides.${note.side}`));
  w.row(k('units'), formatDecimal(note.units, language, 6));
  w.row(k('nav'), formatDecimal(note.nav, language, 6));
  w.row(k('navDate'), formatDate(note.navDate, language));
  w.heading(k('amountsHeading'));
  w.row(k(`amount.${note.side}`), money(note.amount));
  w.row(k('costs'), money(note.costs));
  w.row(k(`net.${note.side}`), money(note.net));
  w.row(k('settlementDate'), formatDate(note.settlementDate, language));
  w.paragraph(k('footer'), { muted: true });
  return w.finish();
}

/**
 * Files the contract note of an executed order in the caller's transaction and e-mails the notice; does
 * nothing for an order that is not executed or already has its note. `replace` draws it again (operator).
 */
export async function issueContractNote(
  tx: Queryable,
  storage: FileStorage,
  settings: StatementNoticeSettings,
  transactionId: number,
  options: { replace?: boolean } = {},
): Promise<number | null> {
  const row = await findTransaction(tx, transactionId);
  const isOrder = row?.type === 'invest' || row?.type === 'disinvest';
  if (!row || !isOrder || row.status !== 'executed') return null;
  const figures = await contractNoteFigures(tx, row);
  const account = await getAccount(tx, row.userId);
  if (!figures || !account) return null;
  const language = account.language;
  const bytes = await buildContractNote(language, `${account.firstName} ${account.lastName}`.trim(), figures);
  const t = translator(language);
  const documentId = await fileStatement(
    tx,
    storage,
    {
      userId: row.userId,
      kind: 'contract_note',
      key: contractNoteKey(row.id),
      issuedOn: figures.settlementDate,
      fileName: t('transactions:contractNote.fileName', { reference: figures.reference }),
      bytes,
    },
    () => !options.replace,
  );
  if (documentId !== null && !options.replace) {
    await tellStatementIssued(tx, settings, {
      userId: row.userId,
      kind: 'contract_note',
      params: { product: figures.product, reference: figures.reference },
    });
  }
  return documentId;
}

export function contractNoteHandler(
  db: Database,
  storage: FileStorage,
  settings: StatementNoticeSettings,
): JobHandler<ContractNotePayload> {
  return async (payload) => {
    await inTransaction(db, (tx) => issueContractNote(tx, storage, settings, payload.transactionId));
  };
}

/**
 * Issues, in the caller's transaction, the notes whose jobs are waiting, and takes those jobs, then those
 * still missing for `userId`'s executed orders (a data set seeded before notes existed): for the demo
 * seed, which settles orders without a worker to run them. Answers how many notes it filed.
 */
export async function issueQueuedContractNotes(
  tx: Queryable,
  storage: FileStorage,
  settings: StatementNoticeSettings,
  userId: number,
): Promise<number> {
  const queued = ((await takePendingJobs(tx, CONTRACT_NOTE_JOB)) as ContractNotePayload[]).map((p) => p.transactionId);
  const executed = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.status, 'executed'),
        inArray(transactions.type, ['invest', 'disinvest']),
      ),
    )
    .orderBy(asc(transactions.id));
  let filed = 0;
  for (const id of new Set([...queued, ...executed.map((row) => row.id)])) {
    if ((await issueContractNote(tx, storage, settings, id)) !== null) filed += 1;
  }
  return filed;
}
