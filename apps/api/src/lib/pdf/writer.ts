// A small flowing writer over pdf-lib for the documents the platform issues (SECCI, contract, statements):
// headings, paragraphs, label/value rows and tables that continue on a new A4 page when the current one is full.
import { type Language, localeOf } from '@lombard/shared/locale';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { A4 } from './page-flow';
import { PDF_COLOURS, wrapText } from './text';

const MARGIN = 50;
const WIDTH = A4.width - 2 * MARGIN;
const { navy: NAVY, ink: INK, muted: MUTED } = PDF_COLOURS;

/** Helvetica speaks WinAnsi: the narrow no-break space some locales use becomes a plain one. */
const printable = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ').replace(/[−–]/g, '-');

export interface PdfWriter {
  heading(text: string): void;
  paragraph(text: string, options?: { muted?: boolean; bold?: boolean }): void;
  row(label: string, value: string): void;
  table(headers: string[], rows: string[][], widths: number[]): void;
  finish(): Promise<Uint8Array>;
}

export async function createPdfWriter(input: { language: Language; title: string; date: string }): Promise<PdfWriter> {
  const doc = await PDFDocument.create();
  const created = new Date(`${input.date}T12:00:00Z`);
  doc.setTitle(`Lombard — ${input.title}`);
  doc.setAuthor('Lombard S.p.A.');
  doc.setLanguage(localeOf(input.language));
  doc.setCreator('Lombard');
  doc.setProducer('Lombard');
  doc.setCreationDate(created);
  doc.setModificationDate(created);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = 0;

  const newPage = (first = false) => {
    if (!first) page = doc.addPage([A4.width, A4.height]);
    page.drawRectangle({ x: 0, y: A4.height - 8, width: A4.width, height: 8, color: NAVY });
    y = A4.height - MARGIN;
    page.drawText('Lombard', { x: MARGIN, y: y - 10, size: first ? 20 : 11, font: bold, color: NAVY });
    y -= first ? 30 : 24;
  };
  const room = (needed: number) => {
    if (y - needed < MARGIN) newPage();
  };
  const lines = (text: string, font: PDFFont, size: number, width: number) =>
    wrapText(printable(text), font, size, width);
  newPage(true);

  const writer: PdfWriter = {
    heading(text) {
      room(40);
      y -= 10;
      for (const line of lines(text, bold, 12.5, WIDTH)) {
        y -= 16;
        page.drawText(line, { x: MARGIN, y, size: 12.5, font: bold, color: NAVY });
      }
      y -= 4;
    },
    paragraph(text, options = {}) {
      const font = options.bold ? bold : regular;
      for (const line of lines(text, font, 10, WIDTH)) {
        room(14);
        y -= 14;
        page.drawText(line, { x: MARGIN, y, size: 10, font, color: options.muted ? MUTED : INK });
      }
      y -= 5;
    },
    row(label, value) {
      const labelLines = lines(label, regular, 10, 190);
      const valueLines = lines(value, bold, 10, WIDTH - 200);
      const height = Math.max(labelLines.length, valueLines.length) * 13 + 3;
      room(height);
      labelLines.forEach((line, i) => {
        page.drawText(line, { x: MARGIN, y: y - 13 * (i + 1), size: 10, font: regular, color: MUTED });
      });
      valueLines.forEach((line, i) => {
        page.drawText(line, { x: MARGIN + 200, y: y - 13 * (i + 1), size: 10, font: bold, color: INK });
      });
      y -= height;
    },
    table(headers, rows, widths) {
      const draw = (cells: string[], font: PDFFont) => {
        room(14);
        y -= 13;
        let x = MARGIN;
        cells.forEach((cell, i) => {
          page.drawText(printable(cell), { x, y, size: 9, font, color: INK });
          x += widths[i] ?? 80;
        });
      };
      draw(headers, bold);
      for (const row of rows) {
        if (y - 13 < MARGIN) {
          newPage();
          draw(headers, bold);
        }
        draw(row, regular);
      }
      y -= 6;
    },
    finish: () => doc.save({ useObjectStreams: false }),
  };
  return writer;
}
