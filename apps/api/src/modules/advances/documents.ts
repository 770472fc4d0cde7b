// The advance's documents, in the reader's language: the SECCI (the directive's standard pre-contract
// information, from the same shared quote the screen shows) and the contract the customer signs, which
// carries the SECCI as its annex. Built with pdf-lib; the same terms always give the same bytes.
import { MARGIN_CALL_GRACE_BUSINESS_DAYS } from '@lombard/shared/constants';
import type { Language } from '@lombard/shared/locale';
import type { AdvanceQuote as SharedQuote } from '@lombard/shared/money/advance-calculator';
import type { CollateralLine } from '@lombard/shared/schemas/advances';
import { formatDate, formatDecimal, formatMoney, formatPercent } from '../../lib/format';
import { translator } from '../../lib/i18n';
import { createPdfWriter, type PdfWriter } from '../../lib/pdf/writer';

export interface AdvanceTerms {
  customerName: string;
  /** The day the document is issued (YYYY-MM-DD). */
  date: string;
  quote: SharedQuote;
  /** The pledged lines; empty before the customer picked them (the calculator's SECCI). */
  collateral: CollateralLine[];
  supportEmail: string;
  /** Hours from the signed contract to the payout, as the operator settings promise them. */
  payoutHours: number;
}

function figures(language: Language, terms: AdvanceTerms) {
  const money = (value: string) => formatMoney(value, language);
  const q = terms.quote;
  return {
    amount: money(q.amount),
    interest: money(q.quarterlyInterest),
    totalInterest: money(q.totalInterest),
    total: money(q.totalRepayable),
    rate: formatPercent(q.annualRate, language),
    apr: formatPercent(q.apr, language),
    start: formatDate(q.startDate, language),
    maturity: formatDate(q.maturityDate, language),
    date: formatDate(terms.date, language),
    count: q.instalments,
    hours: terms.payoutHours,
    money,
  };
}

function writeSecci(w: PdfWriter, language: Language, terms: AdvanceTerms) {
  const t = translator(language);
  const k = (key: string, params?: Record<string, unknown>) => t(`advances:secci.${key}`, params);
  const f = figures(language, terms);
  const q = terms.quote;

  w.heading(k('creditorHeading'));
  w.row(k('creditor'), k('creditorValue'));
  w.row(k('address'), k('addressValue'));
  w.row(k('contact'), terms.supportEmail);

  w.heading(k('featuresHeading'));
  w.row(k('type'), k('typeValue'));
  w.row(k('total'), f.amount);
  w.row(k('drawdown'), k('drawdownValue', { hours: f.hours }));
  w.row(k('duration'), k('durationValue', { count: f.count, maturity: f.maturity }));
  w.row(
    k('instalments'),
    k('instalmentsValue', { count: f.count, interest: f.interest, amount: f.amount, maturity: f.maturity }),
  );
  w.row(k('totalPayable'), k('totalPayableValue', { total: f.total, amount: f.amount, interest: f.totalInterest }));
  w.paragraph(k('schedule'), { bold: true });
  w.table(
    ['number', 'dueDate', 'interest', 'principal', 'total'].map((h) => k(`scheduleHeaders.${h}`)),
    q.schedule.map((item) => [
      String(item.number),
      formatDate(item.dueDate, language),
      f.money(item.interest),
      f.money(item.principal),
      f.money(item.total),
    ]),
    [40, 110, 110, 110, 110],
  );

  w.heading(k('costsHeading'));
  w.row(k('rate'), k('rateValue', { rate: f.rate }));
  w.row(k('apr'), f.apr);
  w.paragraph(
    k('aprAssumptions', {
      start: f.start,
      amount: f.amount,
      count: f.count,
      interest: f.totalInterest,
      total: f.total,
      apr: f.apr,
    }),
    { muted: true },
  );
  w.row(k('otherCosts'), k('otherCostsValue'));
  w.row(k('latePayment'), k('latePaymentValue'));

  w.heading(k('collateralHeading'));
  if (terms.collateral.length === 0) {
    w.paragraph(k('collateralNone'));
  } else {
    w.paragraph(k('collateralIntro'));
    w.table(
      ['line', 'units', 'value', 'ltv', 'contribution'].map((h) => k(`collateralHeaders.${h}`)),
      terms.collateral.map((line) => [
        line.label.length > 42 ? `${line.label.slice(0, 41)}…` : line.label,
        formatDecimal(line.units, language, 3),
        f.money(line.value),
        formatPercent(line.loan_to_value, language, 0),
        f.money(line.contribution),
      ]),
      [220, 70, 85, 45, 85],
    );
  }
  w.paragraph(k('marginCall'));

  w.heading(k('legalHeading'));
  w.row(k('withdrawal'), k('withdrawalValue'));
  w.row(k('earlyRepayment'), k('earlyRepaymentValue'));
  w.row(k('database'), k('databaseValue'));
  w.row(k('draft'), k('draftValue'));
  w.row(k('validity'), k('validityValue', { date: f.date }));

  w.heading(k('complaintsHeading'));
  w.paragraph(k('complaints', { email: terms.supportEmail }));
}

/** The SECCI of a quote (before the request, or of a request's terms). */
export async function buildSecci(language: Language, terms: AdvanceTerms): Promise<Uint8Array> {
  const t = translator(language);
  const w = await createPdfWriter({ language, title: t('advances:secci.title'), date: terms.date });
  w.heading(t('advances:secci.title'));
  w.paragraph(t('advances:secci.subtitle', { name: terms.customerName, date: formatDate(terms.date, language) }), {
    muted: true,
  });
  writeSecci(w, language, terms);
  return w.finish();
}

/** The contract of an advance: parties, terms, collateral and signature, with the SECCI as annex. */
export async function buildContract(language: Language, id: number, terms: AdvanceTerms): Promise<Uint8Array> {
  const t = translator(language);
  const title = t('advances:contract.title', { id });
  const f = figures(language, terms);
  const w = await createPdfWriter({ language, title, date: terms.date });
  w.heading(title);
  w.paragraph(t('advances:contract.parties', { name: terms.customerName, date: f.date }));
  w.heading(t('advances:contract.clausesHeading'));
  const clauses = t('advances:contract.clauses', {
    returnObjects: true,
    amount: f.amount,
    hours: f.hours,
    rate: f.rate,
    apr: f.apr,
    maturity: f.maturity,
    graceDays: MARGIN_CALL_GRACE_BUSINESS_DAYS,
  }) as unknown as string[];
  for (const clause of clauses) w.paragraph(clause);
  w.paragraph(t('advances:contract.annex'), { muted: true });
  w.heading(t('advances:secci.title'));
  writeSecci(w, language, terms);
  return w.finish();
}

export const secciFileName = (language: Language, terms: AdvanceTerms) =>
  translator(language)('advances:secci.fileName', { amount: terms.quote.amount, date: terms.date });
export const contractFileName = (language: Language, id: number) =>
  translator(language)('advances:contract.fileName', { id });
