// The pledge document: a PDF, per language, that explains the pledge securing an advance. Generated
// with pdf-lib from the `pledge` catalogue; figures (minimum, rates, guarantee…) come from the shared
// constants and the calculator's rate table, formatted for the language, so the PDF never disagrees
// with the site. The bytes are the same for every request of a language and are built once.
import {
  ADVANCE_PAYOUT_HOURS,
  DEPOSIT_GUARANTEE_EUR,
  MAX_ADVANCE_MATURITY_YEARS,
  MAX_INSTALMENTS,
  MINIMUM_ADVANCE_AMOUNT,
  SUPPORT_REPLY_HOURS_WEEKDAY,
  SUPPORT_REPLY_HOURS_WEEKEND,
} from '@lombard/shared/constants';
import { type Language, localeOf } from '@lombard/shared/locale';
import { ADVANCE_RATE_BANDS } from '@lombard/shared/money/rate-bands';
import Decimal from 'decimal.js';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { translator } from '../../lib/i18n';
import { A4, PageFlow } from '../../lib/pdf/page-flow';
import { PDF_COLOURS, wrapText } from '../../lib/pdf/text';

/** Bumped when the copy changes; printed on the document and fixes its metadata dates. */
export const PLEDGE_DOCUMENT_VERSION = '2026.1';
const DOCUMENT_DATE = new Date('2026-01-01T00:00:00Z');

const MARGIN = 56;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const { navy: NAVY, ink: INK, muted: MUTED } = PDF_COLOURS;
const RULE = rgb(0.85, 0.87, 0.91);

interface Section {
  heading: string;
  blocks: string[];
}

/** The interpolation values of the copy, formatted for the language. */
function figures(language: Language, supportEmail: string) {
  const locale = localeOf(language);
  const money = (value: Decimal.Value) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'EUR',
      useGrouping: 'always',
      maximumFractionDigits: 0,
    }).format(new Decimal(value).toNumber());
  const percent = (fraction: Decimal.Value, digits = 2) =>
    new Intl.NumberFormat(locale, {
      style: 'percent',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(new Decimal(fraction).toNumber());
  const [small, medium, large] = ADVANCE_RATE_BANDS;
  const exampleValue = new Decimal(100_000);
  const exampleLtv = new Decimal('0.70');
  return {
    minimum: money(MINIMUM_ADVANCE_AMOUNT),
    maxYears: MAX_ADVANCE_MATURITY_YEARS,
    maxInstalments: MAX_INSTALMENTS,
    payoutHours: ADVANCE_PAYOUT_HOURS,
    guarantee: money(DEPOSIT_GUARANTEE_EUR),
    rateSmall: percent(small.annualRate),
    rateMedium: percent(medium.annualRate),
    rateLarge: percent(large.annualRate),
    bandMedium: money(medium.from),
    bandLarge: money(large.from),
    exampleValue: money(exampleValue),
    exampleLtv: percent(exampleLtv, 0),
    exampleMax: money(exampleValue.mul(exampleLtv)),
    weekdayHours: SUPPORT_REPLY_HOURS_WEEKDAY,
    weekendHours: SUPPORT_REPLY_HOURS_WEEKEND,
    supportEmail,
    version: PLEDGE_DOCUMENT_VERSION,
  };
}

class Writer extends PageFlow {
  constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont) {
    super(doc, regular, bold, MARGIN);
  }

  text(
    value: string,
    options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; indent?: number; gap?: number },
  ) {
    const font = options.font ?? this.regular;
    const size = options.size ?? 10.5;
    const indent = options.indent ?? 0;
    const leading = size * 1.45;
    for (const line of wrapText(value, font, size, CONTENT_WIDTH - indent)) {
      this.ensure(leading);
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y, size, font, color: options.color ?? INK });
    }
    this.y -= options.gap ?? 6;
  }

  bullet(value: string) {
    const size = 10.5;
    this.ensure(size * 1.45);
    this.page.drawCircle({ x: MARGIN + 6, y: this.y - size * 1.45 + 3.5, size: 1.8, color: NAVY });
    this.text(value, { indent: 16, gap: 3 });
  }
}

export async function buildPledgeDocument(language: Language, supportEmail: string): Promise<Uint8Array> {
  const t = translator(language);
  const values = figures(language, supportEmail);
  const doc = await PDFDocument.create();
  doc.setTitle(`Lombard — ${t('pledge:fileTitle')}`);
  doc.setAuthor('Lombard S.p.A.');
  doc.setSubject(t('pledge:subtitle', values));
  doc.setLanguage(localeOf(language));
  doc.setCreator('Lombard');
  doc.setProducer('Lombard');
  doc.setCreationDate(DOCUMENT_DATE);
  doc.setModificationDate(DOCUMENT_DATE);

  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(doc, regular, bold);

  // Letterhead.
  w.page.drawRectangle({ x: 0, y: A4.height - 8, width: A4.width, height: 8, color: NAVY });
  w.y -= 10;
  w.page.drawText('Lombard', { x: MARGIN, y: w.y, size: 20, font: bold, color: NAVY });
  w.y -= 28;
  w.text(t('pledge:title'), { font: bold, size: 18, gap: 4 });
  w.text(t('pledge:version', values), { size: 9, color: MUTED, gap: 8 });
  w.text(t('pledge:subtitle', values), { size: 11, color: MUTED, gap: 14 });

  const sections = t('pledge:sections', { ...values, returnObjects: true }) as unknown as Section[];
  for (const section of sections) {
    w.ensure(60);
    w.page.drawLine({
      start: { x: MARGIN, y: w.y },
      end: { x: A4.width - MARGIN, y: w.y },
      thickness: 0.6,
      color: RULE,
    });
    w.y -= 6;
    w.text(section.heading, { font: bold, size: 12.5, color: NAVY, gap: 4 });
    for (const block of section.blocks) {
      if (block.startsWith('• ')) w.bullet(block.slice(2));
      else w.text(block, {});
    }
    w.y -= 8;
  }
  w.ensure(80);
  w.text(t('pledge:contact', values), { font: bold, size: 10.5, gap: 10 });
  w.text(t('pledge:disclaimer', values), { size: 8.5, color: MUTED });

  const total = w.pages.length;
  w.pages.forEach((page, index) => {
    const label = t('pledge:page', { page: index + 1, pages: total });
    page.drawText(`Lombard S.p.A. — ${t('pledge:fileTitle')}`, {
      x: MARGIN,
      y: 32,
      size: 8,
      font: regular,
      color: MUTED,
    });
    page.drawText(label, {
      x: A4.width - MARGIN - regular.widthOfTextAtSize(label, 8),
      y: 32,
      size: 8,
      font: regular,
      color: MUTED,
    });
  });
  return doc.save({ useObjectStreams: true });
}

/** Built once per language and kept: the document depends only on the copy and the constants. */
export function createPledgeDocumentService(supportEmail: string) {
  const cache = new Map<Language, Promise<Uint8Array>>();
  return {
    document(language: Language): Promise<Uint8Array> {
      let pending = cache.get(language);
      if (!pending) {
        pending = buildPledgeDocument(language, supportEmail).catch((error) => {
          cache.delete(language);
          throw error;
        });
        cache.set(language, pending);
      }
      return pending;
    },
    fileName: (language: Language) => `lombard-pledge-${language}.pdf`,
  };
}
