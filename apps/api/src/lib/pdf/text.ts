// What every document the API draws with pdf-lib shares: the brand's colours and line wrapping.
import { type PDFFont, rgb } from 'pdf-lib';

export const PDF_COLOURS = {
  navy: rgb(11 / 255, 61 / 255, 145 / 255),
  ink: rgb(0.1, 0.11, 0.13),
  muted: rgb(0.38, 0.4, 0.45),
} as const;

/** Splits text into lines no wider than `width` at `size`, at spaces. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}
