// The Key Information Document of a product, as a PDF in the reader's language: what the product is,
// its risk indicator drawn on the 1–7 scale, performance scenarios from its NAV history, its costs and
// their effect over the recommended holding period, how long to hold it and how to complain. Built on
// demand with pdf-lib and kept per product and language until the product or its NAVs change.
import { FREQUENCY_CODES } from '@lombard/shared/constants';
import { type Language, localeOf } from '@lombard/shared/locale';
import Decimal from 'decimal.js';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { translator } from '../../lib/i18n';
import { A4, PageFlow } from '../../lib/pdf/page-flow';
import { PDF_COLOURS, wrapText } from '../../lib/pdf/text';
import { costsOverTime, KID_EXAMPLE_INVESTMENT, performanceScenarios } from './kid-figures';
import { contentOf, type ProductRow } from './product-view';

const MARGIN = 50;
const WIDTH = A4.width - 2 * MARGIN;
const { navy: NAVY, ink: INK, muted: MUTED } = PDF_COLOURS;
const PALE = rgb(0.93, 0.94, 0.96);
const RULE = rgb(0.85, 0.87, 0.91);

/**
 * The text with every character the standard fonts cannot draw (they know Windows-1252 only) replaced,
 * so an operator's description in another script cannot break the document.
 */
function drawable(font: PDFFont, value: string): string {
  let out = '';
  for (const char of value.normalize('NFC')) {
    try {
      font.encodeText(char);
      out += char;
    } catch {
      out += '?';
    }
  }
  return out;
}

class Writer extends PageFlow {
  constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont) {
    super(doc, regular, bold, MARGIN);
  }
  text(value: string, o: { bold?: boolean; size?: number; color?: ReturnType<typeof rgb>; gap?: number } = {}) {
    const font = o.bold ? this.bold : this.regular;
    const size = o.size ?? 9.5;
    const leading = size * 1.4;
    for (const line of wrapText(drawable(font, value), font, size, WIDTH)) {
      this.ensure(leading);
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color: o.color ?? INK });
    }
    this.y -= o.gap ?? 5;
  }
  heading(value: string) {
    this.ensure(70);
    this.y -= 4;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4.width - MARGIN, y: this.y }, color: RULE });
    this.y -= 4;
    this.text(value, { bold: true, size: 12, color: NAVY, gap: 4 });
  }
  /** A table with a header row; the first column is wider. */
  table(rows: string[][]) {
    const columns = rows[0]!.length;
    const first = WIDTH * (columns > 2 ? 0.4 : 0.6);
    const other = (WIDTH - first) / (columns - 1);
    const size = 9;
    for (const [index, row] of rows.entries()) {
      this.ensure(18);
      if (index === 0) this.page.drawRectangle({ x: MARGIN, y: this.y - 15, width: WIDTH, height: 16, color: PALE });
      this.y -= 12;
      row.forEach((raw, column) => {
        const font = index === 0 || column === 0 ? this.bold : this.regular;
        const cell = drawable(font, raw);
        const x = column === 0 ? MARGIN + 4 : MARGIN + first + other * (column - 1) + 4;
        // A long label shrinks to fit its column rather than run into the next one.
        const room = (column === 0 ? first : other) - 8;
        let fitted = size;
        while (fitted > 6 && font.widthOfTextAtSize(cell, fitted) > room) fitted -= 0.5;
        this.page.drawText(cell, { x, y: this.y, size: fitted, font, color: INK });
      });
      this.y -= 6;
    }
    this.y -= 6;
  }
  /** The summary risk indicator: seven boxes, the product's one filled. */
  riskScale(value: number, lower: string, higher: string) {
    this.ensure(60);
    const box = 34;
    const gap = 6;
    this.y -= box + 4;
    for (let step = 1; step <= 7; step++) {
      const x = MARGIN + (step - 1) * (box + gap);
      const filled = step === value;
      this.page.drawRectangle({
        x,
        y: this.y,
        width: box,
        height: box,
        color: filled ? NAVY : PALE,
        borderColor: RULE,
        borderWidth: 0.8,
      });
      const label = String(step);
      this.page.drawText(label, {
        x: x + (box - this.bold.widthOfTextAtSize(label, 14)) / 2,
        y: this.y + 11,
        size: 14,
        font: this.bold,
        color: filled ? rgb(1, 1, 1) : MUTED,
      });
    }
    this.y -= 14;
    this.page.drawText(lower, { x: MARGIN, y: this.y, size: 8, font: this.regular, color: MUTED });
    const end = MARGIN + 7 * box + 6 * gap;
    this.page.drawText(higher, {
      x: end - this.regular.widthOfTextAtSize(higher, 8),
      y: this.y,
      size: 8,
      font: this.regular,
      color: MUTED,
    });
    this.y -= 10;
  }
}

export interface KidInput {
  product: ProductRow;
  /** NAVs ascending, the scenarios' history. */
  navs: string[];
  supportEmail: string;
  /** The day the document is produced (Rome), printed on it. */
  today: string;
}

export async function buildKid(input: KidInput, language: Language): Promise<Uint8Array> {
  const { product } = input;
  const t = translator(language);
  const locale = localeOf(language);
  const money = (value: Decimal.Value, cents = false) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'EUR',
      useGrouping: 'always',
      minimumFractionDigits: cents ? 2 : 0,
      maximumFractionDigits: cents ? 2 : 0,
    }).format(new Decimal(value).toNumber());
  const percent = (fraction: Decimal.Value) =>
    new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      new Decimal(fraction).toNumber(),
    );
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const text = contentOf(product.translatedContent)[language];
  const years = product.recommendedHoldingYears;
  const values = {
    name: product.name,
    isin: product.isin,
    years,
    count: years,
    example: money(KID_EXAMPLE_INVESTMENT),
    email: input.supportEmail,
    date: date(input.today),
  };

  const doc = await PDFDocument.create();
  doc.setTitle(`${t('products:kid.title')} — ${product.name} (${product.isin})`);
  doc.setAuthor('Lombard S.p.A.');
  doc.setSubject(product.isin);
  doc.setLanguage(locale);
  doc.setCreator('Lombard');
  doc.setProducer('Lombard');
  doc.setCreationDate(new Date(`${input.today}T00:00:00Z`));
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );

  w.page.drawRectangle({ x: 0, y: A4.height - 8, width: A4.width, height: 8, color: NAVY });
  w.text(t('products:kid.title'), { bold: true, size: 18, gap: 2 });
  w.text(t('products:kid.purpose'), { size: 8.5, color: MUTED, gap: 10 });

  w.heading(t('products:kid.product.heading'));
  const frequency =
    product.couponFrequency && (FREQUENCY_CODES as readonly string[]).includes(product.couponFrequency)
      ? t(`products:frequency.${product.couponFrequency}`)
      : t('products:frequency.none');
  w.table([
    [t('products:kid.product.field'), t('products:kid.product.value')],
    [t('products:kid.product.name'), product.name],
    ['ISIN', product.isin],
    [
      t('products:kid.product.category'),
      t(`products:category.${product.category}`, { defaultValue: product.category }),
    ],
    [t('products:kid.product.underlying'), text.underlying],
    [
      t('products:kid.product.coupon'),
      product.couponRate ? `${frequency} — ${percent(product.couponRate)}` : frequency,
    ],
    [
      t('products:kid.product.maturity'),
      product.maturityDate ? date(product.maturityDate) : t('products:kid.openEnded'),
    ],
    [
      t('products:kid.product.protection'),
      product.capitalProtection
        ? t('products:kid.protected', { value: new Decimal(product.capitalProtection).toNumber() })
        : t('products:kid.notProtected'),
    ],
  ]);
  w.text(t('products:kid.product.what', values), {});
  if (text.summary) w.text(text.summary, {});
  if (text.description) w.text(text.description, {});
  w.text(t('products:kid.product.manufacturer', values), { size: 8.5, color: MUTED });

  w.heading(t('products:kid.risk.heading'));
  w.riskScale(product.riskIndicator, t('products:kid.risk.lower'), t('products:kid.risk.higher'));
  w.text(t('products:kid.risk.explained', { ...values, value: product.riskIndicator }), {});
  w.text(t(`products:kid.risk.level.${product.riskIndicator}`), {});
  if (product.capitalProtection)
    w.text(t('products:kid.risk.protection', { value: new Decimal(product.capitalProtection).toNumber() }), {});

  w.heading(t('products:kid.scenarios.heading'));
  w.text(t('products:kid.scenarios.intro', values), {});
  const scenarios = performanceScenarios(input.navs, years, product.entryCost);
  if (scenarios) {
    w.table([
      [
        t('products:kid.scenarios.scenario'),
        t('products:kid.scenarios.oneYear'),
        t('products:kid.scenarios.holding', values),
      ],
      ...scenarios.flatMap((s) => [
        [t(`products:kid.scenarios.${s.key}`), money(s.oneYear.value), money(s.holding.value)],
        [`   ${t('products:kid.scenarios.yearly')}`, percent(s.oneYear.yearly), percent(s.holding.yearly)],
      ]),
    ]);
    w.text(t('products:kid.scenarios.note', values), { size: 8.5, color: MUTED });
  } else {
    w.text(t('products:kid.scenarios.tooShort'), {});
  }

  w.heading(t('products:kid.default.heading'));
  w.text(t('products:kid.default.body'), {});

  w.heading(t('products:kid.costs.heading'));
  const costs = costsOverTime(product.entryCost, product.annualFee, years);
  w.table([
    [t('products:kid.costs.kind'), t('products:kid.costs.rate'), t('products:kid.costs.onExample', values)],
    [t('products:kid.costs.entry'), percent(product.entryCost), money(costs.entry, true)],
    [
      t('products:kid.costs.yearly'),
      percent(product.annualFee),
      money(KID_EXAMPLE_INVESTMENT.minus(costs.entry).mul(product.annualFee), true),
    ],
  ]);
  w.table([
    [
      t('products:kid.costs.overTime'),
      t('products:kid.scenarios.oneYear'),
      t('products:kid.scenarios.holding', values),
    ],
    [t('products:kid.costs.total'), money(costs.oneYear.total, true), money(costs.holding.total, true)],
    [t('products:kid.costs.impact'), percent(costs.oneYear.yearlyImpact), percent(costs.holding.yearlyImpact)],
  ]);
  w.text(t('products:kid.costs.note', values), { size: 8.5, color: MUTED });

  w.heading(t('products:kid.holding.heading'));
  w.text(t('products:kid.holding.body', values), {});
  w.text(
    product.minHoldingDays > 0
      ? t('products:kid.holding.minimum', { count: product.minHoldingDays })
      : t('products:kid.holding.noMinimum'),
    {},
  );

  w.heading(t('products:kid.complaints.heading'));
  w.text(t('products:kid.complaints.body', values), {});

  w.heading(t('products:kid.other.heading'));
  w.text(t('products:kid.other.body', values), {});

  const total = w.pages.length;
  w.pages.forEach((page, index) => {
    const label = t('products:kid.page', { page: index + 1, pages: total });
    const footer = drawable(w.regular, `${product.name} — ISIN ${product.isin} — ${values.date}`);
    page.drawText(footer, { x: MARGIN, y: 30, size: 7.5, font: w.regular, color: MUTED });
    page.drawText(label, {
      x: A4.width - MARGIN - w.regular.widthOfTextAtSize(label, 7.5),
      y: 30,
      size: 7.5,
      font: w.regular,
      color: MUTED,
    });
  });
  return doc.save({ useObjectStreams: true });
}

/**
 * One document per product and language, rebuilt when the product's data or its latest NAV changed
 * (the signature), so the scenarios never lag the history they are drawn from.
 */
export function createKidCache() {
  const cache = new Map<string, { signature: string; bytes: Promise<Uint8Array> }>();
  return {
    get(input: KidInput, language: Language): Promise<Uint8Array> {
      const key = `${input.product.id}:${language}`;
      const signature = JSON.stringify([input.product, input.navs.length, input.navs.at(-1), input.today]);
      const hit = cache.get(key);
      if (hit && hit.signature === signature) return hit.bytes;
      const bytes = buildKid(input, language).catch((error) => {
        cache.delete(key);
        throw error;
      });
      cache.set(key, { signature, bytes });
      return bytes;
    },
    fileName: (isin: string, language: Language) => `KID-${isin}-${language}.pdf`,
  };
}
