// The text a person reads in a PDF the API drew: each page's content streams decoded, and the strings
// shown by `Tj` taken in drawing order, one per line. pdf-lib writes the standard fonts' text as hex in
// the WinAnsi code page, which is all this reads; a test then looks for the figures as the customer sees
// them (`formatMoney(value, language)`).
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFRef } from 'pdf-lib';

/** WinAnsi bytes 0x80–0x9f that are not Latin-1 (the rest of the code page is). */
const WIN_ANSI: Record<number, string> = {
  128: '€',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  149: '•',
  150: '–',
  151: '—',
  133: '…',
};

function decodeHex(hex: string): string {
  let text = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const byte = Number.parseInt(hex.slice(i, i + 2), 16);
    text += WIN_ANSI[byte] ?? String.fromCharCode(byte);
  }
  return text;
}

/** Every line of text of every page, in the order drawn. */
export async function pdfLines(bytes: Uint8Array | Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    for (const item of refs) {
      const stream = item instanceof PDFRawStream ? item : doc.context.lookup(item as PDFRef);
      if (!(stream instanceof PDFRawStream)) continue;
      const source = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const match of source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(decodeHex(match[1]!));
    }
  }
  return lines;
}

/** The whole text, one drawn string a line. */
export async function pdfText(bytes: Uint8Array | Buffer): Promise<string> {
  return (await pdfLines(bytes)).join('\n');
}

/** A figure as a standard-font PDF prints it: the no-break spaces of some locales become plain ones. */
export const asPrinted = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
