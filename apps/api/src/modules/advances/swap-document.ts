// The document a customer signs by code to swap collateral: which lines come back, which are pledged
// instead, and the amount they secure, in the customer's language. Built with pdf-lib.
import type { Language } from '@lombard/shared/locale';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { formatDate, formatMoney } from '../../lib/format';
import { translator } from '../../lib/i18n';
import { PDF_COLOURS, wrapText } from '../../lib/pdf/text';

export interface SwapTerms {
  advanceId: number;
  customer: string;
  date: string;
  amount: string;
  giveBack: string[];
  pledge: string[];
}

const MARGIN = 56;
/** Helvetica speaks WinAnsi: the narrow no-break space some locales use becomes a plain one. */
const printable = (text: string) => text.replace(/\u202f/g, ' ');

export async function buildSwapDocument(language: Language, terms: SwapTerms): Promise<Uint8Array> {
  const t = translator(language);
  const doc = await PDFDocument.create();
  doc.setTitle(t('advance-life:swap.documentTitle'));
  doc.setCreationDate(new Date(`${terms.date}T12:00:00Z`));
  const page = doc.addPage([595.28, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = page.getWidth() - 2 * MARGIN;
  let y = page.getHeight() - MARGIN;
  const write = (text: string, options: { size?: number; strong?: boolean } = {}) => {
    const size = options.size ?? 11;
    const face = options.strong ? bold : font;
    for (const line of wrapText(printable(text), face, size, width)) {
      page.drawText(line, {
        x: MARGIN,
        y,
        size,
        font: face,
        color: options.strong ? PDF_COLOURS.navy : PDF_COLOURS.ink,
      });
      y -= size * 1.5;
    }
  };
  write(t('advance-life:swap.documentTitle'), { size: 18, strong: true });
  write(`${terms.customer} — ${formatDate(terms.date, language)}`);
  y -= 8;
  write(
    t('advance-life:swap.documentIntro', {
      reference: String(terms.advanceId),
      amount: formatMoney(terms.amount, language),
    }),
  );
  y -= 8;
  write(t('advance-life:swap.giveBack'), { strong: true });
  for (const line of terms.giveBack) write(`• ${line}`);
  y -= 8;
  write(t('advance-life:swap.pledge'), { strong: true });
  for (const line of terms.pledge) write(`• ${line}`);
  return doc.save();
}
