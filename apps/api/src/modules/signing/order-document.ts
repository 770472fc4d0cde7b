// The order form a customer signs when their MiFID result does not cover a product's risk: what they buy,
// for how much, at what cost, and the appropriateness warning, in their language. Built with pdf-lib.
import type { Language } from '@lombard/shared/locale';
import { localeOf } from '@lombard/shared/locale';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { formatDate, formatDecimal, formatMoney, formatPercent } from '../../lib/format';
import { translator } from '../../lib/i18n';
import { A4 } from '../../lib/pdf/page-flow';
import { PDF_COLOURS, wrapText } from '../../lib/pdf/text';

/** The terms of the order as the customer will sign them. */
export interface OrderTerms {
  customerName: string;
  /** The day of the order (YYYY-MM-DD). */
  date: string;
  product: { name: string; isin: string; riskIndicator: number };
  amount: string;
  paymentMethod: 'cash' | 'bank_transfer';
  entryCostRate: string;
  entryCost: string;
  netAmount: string;
  nav: string;
  navDate: string;
  estimatedUnits: string;
  /** The MiFID score (null: never answered) and the highest risk it covers. */
  score: number | null;
  maxRisk: number;
}

const MARGIN = 56;
const { navy: NAVY, ink: INK, muted: MUTED } = PDF_COLOURS;
const WARN = rgb(0.6, 0.22, 0.05);

/** Helvetica speaks WinAnsi: the narrow no-break space some locales use becomes a plain one. */
const printable = (text: string) => text.replace(/\u202f/g, ' ');

export async function buildOrderDocument(language: Language, terms: OrderTerms): Promise<Uint8Array> {
  const t = translator(language);
  const doc = await PDFDocument.create();
  const created = new Date(`${terms.date}T12:00:00Z`);
  doc.setTitle(`Lombard — ${t('signing:orderDocument.title')}`);
  doc.setAuthor('Lombard S.p.A.');
  doc.setLanguage(localeOf(language));
  doc.setCreator('Lombard');
  doc.setProducer('Lombard');
  doc.setCreationDate(created);
  doc.setModificationDate(created);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const width = A4.width - 2 * MARGIN;

  const text = (value: string, options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb> } = {}) => {
    const size = options.size ?? 10.5;
    const font = options.font ?? regular;
    for (const line of wrapText(printable(value), font, size, width)) {
      y -= size * 1.45;
      page.drawText(line, { x: MARGIN, y, size, font, color: options.color ?? INK });
    }
    y -= 6;
  };
  const row = (label: string, value: string) => {
    y -= 16;
    page.drawText(printable(label), { x: MARGIN, y, size: 10.5, font: regular, color: MUTED });
    page.drawText(printable(value), { x: MARGIN + 200, y, size: 10.5, font: bold, color: INK });
  };

  page.drawRectangle({ x: 0, y: A4.height - 8, width: A4.width, height: 8, color: NAVY });
  y -= 10;
  page.drawText('Lombard', { x: MARGIN, y, size: 20, font: bold, color: NAVY });
  y -= 18;
  text(t('signing:orderDocument.title'), { font: bold, size: 16 });
  text(t('signing:orderDocument.subtitle'), { size: 10, color: MUTED });

  const money = (value: string) => formatMoney(value, language);
  row(t('signing:orderDocument.customer'), terms.customerName);
  row(t('signing:orderDocument.date'), formatDate(terms.date, language));
  row(t('signing:orderDocument.product'), terms.product.name);
  row(t('signing:orderDocument.isin'), terms.product.isin);
  row(t('signing:orderDocument.risk'), t('signing:orderDocument.riskValue', { risk: terms.product.riskIndicator }));
  row(t('signing:orderDocument.amount'), money(terms.amount));
  row(t('signing:orderDocument.paymentMethod'), t(`signing:paymentMethods.${terms.paymentMethod}`));
  row(
    t('signing:orderDocument.entryCost', { rate: formatPercent(terms.entryCostRate, language) }),
    money(terms.entryCost),
  );
  row(t('signing:orderDocument.netAmount'), money(terms.netAmount));
  row(
    t('signing:orderDocument.nav', { date: formatDate(terms.navDate, language) }),
    formatDecimal(terms.nav, language, 6),
  );
  row(t('signing:orderDocument.estimatedUnits'), formatDecimal(terms.estimatedUnits, language, 6));
  y -= 10;
  text(t('signing:orderDocument.estimateNote'), { size: 9, color: MUTED });
  y -= 8;
  text(t('signing:orderDocument.warningTitle'), { font: bold, size: 12.5, color: WARN });
  const warning =
    terms.score === null || terms.maxRisk === 0
      ? t('signing:orderDocument.warningNoScore', { risk: terms.product.riskIndicator })
      : t('signing:orderDocument.warning', { risk: terms.product.riskIndicator, maxRisk: terms.maxRisk });
  text(warning);
  y -= 8;
  text(t('signing:orderDocument.signature'), { size: 9, color: MUTED });

  const footer = `${t('signing:orderDocument.footer')} — ${t('signing:orderDocument.page', { page: 1, pages: 1 })}`;
  page.drawText(printable(footer), { x: MARGIN, y: 32, size: 8, font: regular, color: MUTED });
  return doc.save({ useObjectStreams: true });
}
