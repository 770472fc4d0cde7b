// The page handling every flowing pdf-lib document shares: A4 pages, a margin, and a new page when the
// next block would run into the footer. Each document keeps its own text styles on top of it.
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

/** An A4 page in PDF points. */
export const A4 = { width: 595.28, height: 841.89 } as const;
/** Room kept above the bottom margin for a page footer. */
const FOOTER_ROOM = 24;

export class PageFlow {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  constructor(
    protected readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    protected readonly margin: number,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.pages.push(this.page);
    this.y = A4.height - this.margin;
  }

  /** Starts a new page when fewer than `height` points are left above the footer. */
  ensure(height: number) {
    if (this.y - height < this.margin + FOOTER_ROOM) this.newPage();
  }
}
